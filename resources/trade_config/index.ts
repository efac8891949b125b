import EditIcon from '@mui/icons-material/Edit';
import type { RaRecord } from 'ra-core';
import {
  TRADE_LIMITS,
  globalConfig,
  globalConfigProblems,
  tradeProduct,
  tradeProductProblems,
  type GlobalConfigRow,
  type TradeProductBody,
  type TradeProductRow,
} from '../../domain/trade-config';
import { defineResource } from '../engine/define';
import { enumOptions, fieldsFromEntity } from '../engine/entityFields';
import { entityResource } from '../engine/entityResource';
import type { ActionInput, FormValues, ResourceConfig } from '../engine/types';
import type { OptionSet } from '../labels';

/** A global config as answered (domain/trade-config.ts). */
export type GlobalConfigRecord = GlobalConfigRow & RaRecord;
/** A product's trade settings as answered; the id is the product code. */
export type TradeProductRecord = TradeProductRow & RaRecord;

const keyOf = (code: string) => (code === 'required' ? 'ra.validation.required' : `errors.field.${code}`);

/** The product rules of the API (tradeProductProblems), one input's problem as an i18n key. */
const productRule =
  (field: keyof TradeProductBody) =>
  (_value: unknown, values: FormValues): string | undefined => {
    const problem = tradeProductProblems(values)[field];
    return problem ? keyOf(problem.code) : undefined;
  };

const openOptions: OptionSet = [
  { id: true, name: 'resources.trade_config.enabled_values.true', tone: 'success' },
  { id: false, name: 'resources.trade_config.enabled_values.false', tone: 'error' },
];
/** Product names: `resources.trade_config.id_values.<product>` (the page's one message namespace). */
const productOptions = enumOptions({ name: globalConfig.name }, tradeProduct.fields[0]);

const productInputs: ActionInput[] = [
  { source: 'enabled', type: 'boolean' },
  {
    source: 'sessions',
    type: 'text',
    required: true,
    maxLength: TRADE_LIMITS.sessionsText,
    validate: productRule('sessions'),
    helperText: 'resources.trade_config.hints.sessions',
  },
  {
    source: 'buy_fee',
    type: 'text',
    required: true,
    validate: productRule('buy_fee'),
    helperText: 'resources.trade_config.hints.fee',
  },
  { source: 'sell_fee', type: 'text', required: true, validate: productRule('sell_fee') },
  { source: 'min_amount', type: 'text', required: true, validate: productRule('min_amount') },
  { source: 'max_amount', type: 'text', required: true, validate: productRule('max_amount') },
  { source: 'leverage', type: 'number', integer: true, required: true, validate: productRule('leverage') },
  // trade results' sanity bounds (docs/trading.md "Trade results")
  {
    source: 'price_band',
    type: 'text',
    required: true,
    validate: productRule('price_band'),
    helperText: 'resources.trade_config.hints.price_band',
  },
  {
    source: 'profit_rate_min',
    type: 'text',
    required: true,
    validate: productRule('profit_rate_min'),
    helperText: 'resources.trade_config.hints.profit_rate',
  },
  { source: 'profit_rate_max', type: 'text', required: true, validate: productRule('profit_rate_max') },
];

/**
 * The products' settings (not a menu entry of its own: the trade configuration page shows them above the global
 * configs, TradeConfigPage): the columns of tradeProduct and an edit dialog that starts from the row and applies the
 * API's rules before sending.
 */
export const productConfig: ResourceConfig<TradeProductRecord> = {
  // the page's resource: its texts are `resources.trade_config.*` (the product column is `fields.product`)
  name: globalConfig.name,
  resource: tradeProduct.resource,
  endpoints: { list: tradeProduct.paths.list, export: false },
  fields: fieldsFromEntity(tradeProduct, {
    id: { label: 'resources.trade_config.fields.product', options: productOptions },
    enabled: { type: 'option', options: openOptions },
    min_amount: { type: 'money' },
    max_amount: { type: 'money' },
  }),
  rowActions: [
    {
      name: 'editProduct',
      icon: EditIcon,
      permission: { action: 'update' },
      inputs: productInputs,
      prefill: (r) => ({
        enabled: r.enabled,
        sessions: r.sessions,
        buy_fee: r.buy_fee,
        sell_fee: r.sell_fee,
        min_amount: r.min_amount,
        max_amount: r.max_amount,
        leverage: r.leverage,
        price_band: r.price_band,
        profit_rate_min: r.profit_rate_min,
        profit_rate_max: r.profit_rate_max,
      }),
      run: {
        method: 'PUT',
        path: tradeProduct.paths.update,
        body: (_r, v) => ({
          enabled: !!v.enabled,
          sessions: String(v.sessions ?? '').trim(),
          buy_fee: String(v.buy_fee ?? '').trim(),
          sell_fee: String(v.sell_fee ?? '').trim(),
          min_amount: String(v.min_amount ?? '').trim(),
          max_amount: String(v.max_amount ?? '').trim(),
          leverage: Number(v.leverage),
          price_band: String(v.price_band ?? '').trim(),
          profit_rate_min: String(v.profit_rate_min ?? '').trim(),
          profit_rate_max: String(v.profit_rate_max ?? '').trim(),
        }),
      },
    },
  ],
};

/** The global-config rules of the API, as the form's problems (i18n keys): an edit reads the row's key and type. */
function configProblems(values: FormValues): Record<string, string> | undefined {
  const problems = globalConfigProblems(values, true);
  const out = Object.fromEntries(Object.entries(problems).map(([f, code]) => [f, keyOf(code!)]));
  return Object.keys(out).length ? out : undefined;
}

/**
 * Trade configuration (spec section 2 "trade_config", config group; administrators only): the products' settings
 * (TradeConfigPage) above the global configs, this resource's list: key, type, value, description, with the create
 * form, edit dialog (value, description) and delete from the definition, the value validated for its type as the
 * API does.
 */
export const tradeConfigConfig = entityResource<GlobalConfigRecord>(globalConfig, {
  fields: {
    id: { hidden: true },
    key: { helperText: 'resources.trade_config.hints.key' },
    type: { filter: true },
    value: {
      helperText: 'resources.trade_config.hints.value',
      // a yes/no setting reads 是 / 否, not true / false
      value: (r, translate) =>
        r.type === 'boolean' ? translate(r.value === 'true' ? 'ra.boolean.true' : 'ra.boolean.false') : r.value,
    },
    updated_by_name: { hidden: true },
  },
  validate: configProblems,
  sort: { field: 'key', order: 'ASC' },
  rowClick: false,
  views: { list: () => import('./TradeConfigPage') },
});

export default defineResource<GlobalConfigRecord>(tradeConfigConfig);
