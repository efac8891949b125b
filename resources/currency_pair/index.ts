import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { RaRecord } from 'ra-core';
import { currencyPair, currencyPairProblems, type CurrencyPairRow } from '../../domain/currency-pair';
import { defineResource } from '../engine/define';
import { fieldsFromEntity } from '../engine/entityFields';
import type { ActionInput, FormValues, ResourceConfig } from '../engine/types';
import type { OptionSet } from '../labels';

/** A pair as the API answers it (domain/currency-pair.ts). */
export type CurrencyPairRecord = CurrencyPairRow & RaRecord;

const t = (key: string) => `resources.currency_pair.${key}`;
const keyOf = (code: string) => (code === 'required' ? 'ra.validation.required' : `errors.field.${code}`);

const enabledOptions: OptionSet = [
  { id: true, name: t('enabled_values.true'), tone: 'success' },
  { id: false, name: t('enabled_values.false'), tone: 'default' },
];

/** The API's rules (currencyPairProblems) as i18n keys per field. */
function problems(values: FormValues, creating: boolean): Record<string, string> | undefined {
  const out = Object.fromEntries(
    Object.entries(currencyPairProblems(values, creating)).map(([f, code]) => [f, keyOf(code!)]),
  );
  return Object.keys(out).length ? out : undefined;
}
const rule =
  (field: 'decimals' | 'spread') =>
  (_v: unknown, values: FormValues): string | undefined =>
    problems(values, false)?.[field];

const editInputs: ActionInput[] = [
  { source: 'decimals', type: 'number', integer: true, required: true, validate: rule('decimals') },
  { source: 'enabled', type: 'boolean' },
  { source: 'spread', type: 'text', required: true, validate: rule('spread'), helperText: t('hints.spread') },
];

const body = (v: FormValues) => ({
  decimals: Number(v.decimals),
  enabled: !!v.enabled,
  spread: String(v.spread ?? '').trim(),
});

/**
 * Currency pairs (spec section 2, config group; administrators only): base, quote, decimals, enabled, spread; a
 * create form checked with the API's rules; edit and delete row actions. The client drawer's exchange dialog offers
 * only the enabled pairs (GET /currency_pair/admin/v1/enabled).
 */
export const currencyPairConfig: ResourceConfig<CurrencyPairRecord> = {
  name: currencyPair.name,
  resource: currencyPair.resource,
  endpoints: {
    list: currencyPair.paths.list,
    export: currencyPair.paths.export,
    create: currencyPair.paths.create,
  },
  fields: fieldsFromEntity(currencyPair, {
    id: { hidden: true },
    base: { create: true, required: true },
    quote: { create: true, required: true },
    decimals: { create: true, required: true, integer: true, helperText: t('hints.decimals') },
    enabled: { type: 'option', options: enabledOptions, filter: true },
    spread: { create: true, required: true, helperText: t('hints.spread') },
    updated_by_name: { hidden: true },
  }),
  validate: (values) => problems(values, true),
  sort: { field: 'id', order: 'ASC' },
  rowClick: false,
  rowActions: [
    {
      name: 'edit',
      icon: EditIcon,
      permission: { action: 'update' },
      inputs: editInputs,
      prefill: (r) => ({ decimals: r.decimals, enabled: r.enabled, spread: r.spread }),
      run: { method: 'PUT', path: currencyPair.paths.update, body: (_r, v) => body(v) },
    },
    {
      name: 'delete',
      icon: DeleteIcon,
      permission: { action: 'delete' },
      run: { method: 'DELETE', path: currencyPair.paths.delete },
    },
  ],
};

export default defineResource<CurrencyPairRecord>(currencyPairConfig);
