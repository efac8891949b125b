import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import EditIcon from '@mui/icons-material/Edit';
import type { RaRecord } from 'ra-core';
import {
  EXCHANGE_MAX,
  currencyRateEntity,
  currencyRateProblems,
  marketExchange,
  marketExchangeProblems,
  type CurrencyRateRow,
  type MarketExchangeRow,
} from '../../domain/exchange-config';
import { defineResource } from '../engine/define';
import { enumOptions, fieldsFromEntity } from '../engine/entityFields';
import { entityResource } from '../engine/entityResource';
import { sourceText } from './source';
import type { ActionInput, ActionSpec, FormValues, ResourceConfig } from '../engine/types';

/** An exchange as answered (domain/exchange-config.ts). */
export type MarketExchangeRecord = MarketExchangeRow & RaRecord;
/** A rate (current or a history row) as answered. */
export type CurrencyRateRecord = CurrencyRateRow & RaRecord;

const t = (key: string) => `resources.exchange_config.${key}`;
const keyOf = (code: string) => (code === 'required' ? 'ra.validation.required' : `errors.field.${code}`);
const asKeys = (problems: Record<string, string | undefined>) => {
  const out = Object.fromEntries(Object.entries(problems).map(([f, code]) => [f, keyOf(code!)]));
  return Object.keys(out).length ? out : undefined;
};

/** The API's exchange rules as the form's problems (i18n keys). */
const exchangeProblems = (values: FormValues) => asKeys(marketExchangeProblems(values));
/** The API's rate rules, one input's problem. */
const rateRule =
  (field: string) =>
  (_v: unknown, values: FormValues): string | undefined =>
    asKeys(currencyRateProblems(values))?.[field];

// the page's one message namespace: resources.exchange_config.*
const currencyOptions = enumOptions({ name: marketExchange.name }, currencyRateEntity.fields[1]);

const rateInputs: ActionInput[] = [
  { source: 'rate', type: 'text', required: true, validate: rateRule('rate'), helperText: t('hints.rate') },
  // the reverse direction is saved with the rate: entered (checked: rate × reverse <= 1) or, empty, 1 ÷ rate
  { source: 'reverse_rate', type: 'text', validate: rateRule('reverse_rate'), helperText: t('hints.reverse_rate') },
  { source: 'source', type: 'text', required: true, maxLength: EXCHANGE_MAX.source, validate: rateRule('source') },
];
const rateBody = (primary: unknown, secondary: unknown, v: FormValues) => ({
  primary,
  secondary,
  rate: String(v.rate ?? '').trim(),
  reverse_rate: String(v.reverse_rate ?? '').trim() || null,
  source: String(v.source ?? '').trim(),
});

/** Changes a current rate: a new row of its pair's history, valid at once. */
const changeRate: ActionSpec<CurrencyRateRecord> = {
  name: 'changeRate',
  icon: EditIcon,
  permission: { action: 'update' },
  inputs: rateInputs,
  prefill: (r) => ({ primary: r.primary, secondary: r.secondary, rate: r.rate, source: r.source }),
  run: {
    method: 'POST',
    path: currencyRateEntity.paths.create,
    body: (r, v) => rateBody(r.primary, r.secondary, v),
  },
};

/** The first rate of a pair (or a rate for a pair direction not listed). */
export const newRate: ActionSpec<CurrencyRateRecord> = {
  name: 'newRate',
  icon: CurrencyExchangeIcon,
  permission: { action: 'update' },
  inputs: [
    { source: 'primary', type: 'option', options: currencyOptions, required: true, validate: rateRule('primary') },
    {
      source: 'secondary',
      type: 'option',
      options: currencyOptions,
      required: true,
      validate: rateRule('secondary'),
    },
    ...rateInputs,
  ],
  run: {
    method: 'POST',
    path: currencyRateEntity.paths.create,
    body: (_r, v) => rateBody(v.primary, v.secondary, v),
  },
};

const rateFields = (extra: Parameters<typeof fieldsFromEntity>[1] = {}) =>
  fieldsFromEntity(currencyRateEntity, {
    id: { hidden: true },
    primary: { options: currencyOptions },
    secondary: { options: currencyOptions },
    // the rates there before their history (migration, seed) carry the source `initial`
    source: { value: (r, translate) => sourceText(String(r.source ?? ''), translate) },
    ...extra,
  });

/** The current rates (ExchangeConfigPage's first table): each with its change action. */
export const currentRatesConfig: ResourceConfig<CurrencyRateRecord> = {
  name: marketExchange.name,
  resource: marketExchange.resource,
  endpoints: { list: currencyRateEntity.paths.current, export: false },
  fields: rateFields({ created_by_name: { hidden: true }, created_at: { hidden: true } }),
  rowActions: [changeRate],
};

/** The rates' history (ExchangeConfigPage's second table, newest first). */
export const rateHistoryConfig: ResourceConfig<CurrencyRateRecord> = {
  name: marketExchange.name,
  resource: marketExchange.resource,
  endpoints: { list: currencyRateEntity.paths.list, export: false },
  fields: rateFields(),
};

/**
 * Exchanges and rates (spec section 2 "exchange_config", config group; administrators only): the current rates with
 * their change action and the history of changes (ExchangeConfigPage), then the exchanges, this resource's list:
 * code, name, time zone, sessions, holidays, with the create form, edit dialog and delete action from the definition,
 * checked with the API's rules.
 */
export const exchangeConfigConfig = entityResource<MarketExchangeRecord>(marketExchange, {
  fields: {
    id: { hidden: true },
    time_zone: { helperText: t('hints.time_zone') },
    sessions: { helperText: t('hints.sessions') },
    holidays: { input: 'textarea', helperText: t('hints.holidays') },
    updated_by_name: { hidden: true },
  },
  validate: exchangeProblems,
  sort: { field: 'code', order: 'ASC' },
  rowClick: false,
  views: { list: () => import('./ExchangeConfigPage') },
});

export default defineResource<MarketExchangeRecord>(exchangeConfigConfig);
