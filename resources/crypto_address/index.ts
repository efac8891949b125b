import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import type { RaRecord } from 'ra-core';
import { cryptoAddress, cryptoAddressProblems, type CryptoAddressRow } from '../../domain/crypto-address';
import { defineResource } from '../engine/define';
import { entityResource } from '../engine/entityResource';
import type { FormValues } from '../engine/types';
import type { OptionSet } from '../labels';
import { recordStatuses } from '../labels';

/** A receiving address as the API answers it (domain/crypto-address.ts). */
export type CryptoAddressRecord = CryptoAddressRow & RaRecord;

const t = (key: string) => `resources.crypto_address.${key}`;

/** Active / inactive chips. */
export const activeOptions: OptionSet = [
  { id: true, name: t('active_values.true'), tone: 'success' },
  { id: false, name: t('active_values.false'), tone: 'default' },
];

/** The API's rules on a new address (domain/crypto-address.ts): each field's problem as an i18n key. */
export function addressFormProblems(values: FormValues): Record<string, string> | undefined {
  const problems = cryptoAddressProblems(values);
  const out = Object.fromEntries(
    Object.entries(problems).map(([field, code]) => [
      field,
      code === 'required' ? 'ra.validation.required' : `errors.field.${code}`,
    ]),
  );
  return Object.keys(out).length ? out : undefined;
}

/**
 * The platform's crypto receiving addresses (spec section 2 "crypto_address"; administrators and supervisors): list
 * with chain, address, label, status, how many deposits name it; filters chain, address, status; a create form
 * validated per chain as the API validates it; a row opens the address with the deposits received on it; row
 * actions edit (the label), delete (only while no deposit names it: the API answers address_in_use), activate and
 * deactivate.
 */
export const cryptoAddressConfig = entityResource<CryptoAddressRecord>(cryptoAddress, {
  endpoints: { one: cryptoAddress.paths.one },
  fields: {
    id: { hidden: true },
    address: { type: 'identifier', input: 'text', helperText: t('hints.address') },
    active: { type: 'option', options: activeOptions, filter: true, input: 'boolean' },
    deposit_count: { type: 'number' },
    created_by_name: { hidden: true },
    updated_at: { list: false },
  },
  validate: addressFormProblems,
  sort: { field: 'id', order: 'DESC' },
  rowClick: 'show',
  related: [
    {
      name: 'deposits',
      path: cryptoAddress.paths.deposits,
      fields: [
        { source: 'id', type: 'number' },
        { source: 'username' },
        { source: 'amount', type: 'money', currencySource: 'currency' },
        { source: 'status', type: 'option', options: recordStatuses },
        { source: 'tx_hash', type: 'identifier' },
        { source: 'created_at', type: 'datetime' },
      ],
    },
  ],
  edit: { label: t('actions.label'), confirm: t('confirm.label') },
  delete: { when: (r) => r.deposit_count === 0, label: t('actions.delete'), confirm: t('confirm.delete') },
  rowActions: [
    {
      name: 'deactivate',
      icon: ToggleOffIcon,
      permission: { action: 'update' },
      when: (r) => r.active,
      run: { method: 'PUT', path: cryptoAddress.paths.status, body: () => ({ active: false }) },
    },
    {
      name: 'activate',
      icon: ToggleOnIcon,
      permission: { action: 'update' },
      when: (r) => !r.active,
      run: { method: 'PUT', path: cryptoAddress.paths.status, body: () => ({ active: true }) },
    },
  ],
});

export default defineResource<CryptoAddressRecord>(cryptoAddressConfig);
