import type { RaRecord } from 'ra-core';
import { currencyPair, currencyPairProblems, type CurrencyPairRow } from '../../domain/currency-pair';
import { defineResource } from '../engine/define';
import { entityResource } from '../engine/entityResource';
import type { FormValues } from '../engine/types';
import type { OptionSet } from '../labels';

/** A pair as the API answers it (domain/currency-pair.ts). */
export type CurrencyPairRecord = CurrencyPairRow & RaRecord;

const t = (key: string) => `resources.currency_pair.${key}`;

const enabledOptions: OptionSet = [
  { id: true, name: t('enabled_values.true'), tone: 'success' },
  { id: false, name: t('enabled_values.false'), tone: 'default' },
];

/** The pair's own rules (distinct currencies, a spread within 0..0.1) as i18n keys per field. */
function problems(values: FormValues): Record<string, string> | undefined {
  const out = Object.entries(currencyPairProblems(values)).map(([f, code]) => [f, `errors.field.${code}`]);
  return out.length ? Object.fromEntries(out) : undefined;
}

/**
 * Currency pairs (spec section 2, config group; administrators only): the list, create form, edit dialog and delete
 * from the definition. The client drawer's exchange dialog offers only the enabled pairs (GET .../enabled).
 */
export const currencyPairConfig = entityResource<CurrencyPairRecord>(currencyPair, {
  fields: {
    id: { hidden: true },
    decimals: { helperText: t('hints.decimals') },
    enabled: { type: 'option', options: enabledOptions, filter: true, input: 'boolean' },
    spread: { helperText: t('hints.spread') },
    updated_by_name: { hidden: true },
  },
  validate: problems,
  sort: { field: 'id', order: 'ASC' },
  rowClick: false,
});

export default defineResource<CurrencyPairRecord>(currencyPairConfig);
