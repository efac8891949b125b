import DeleteIcon from '@mui/icons-material/Delete';
import EditNoteIcon from '@mui/icons-material/EditNote';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import type { RaRecord } from 'ra-core';
import {
  CRYPTO_ADDRESS_MAX,
  cryptoAddress,
  cryptoAddressProblems,
  type CryptoAddressRow,
} from '../../domain/crypto-address';
import { defineResource } from '../engine/define';
import { fieldsFromEntity } from '../engine/entityFields';
import type { FormValues, ResourceConfig } from '../engine/types';
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
 * actions edit label, activate/deactivate, delete (only while no deposit names it: the API answers address_in_use).
 */
export const cryptoAddressConfig: ResourceConfig<CryptoAddressRecord> = {
  name: cryptoAddress.name,
  resource: cryptoAddress.resource,
  endpoints: {
    list: cryptoAddress.paths.list,
    export: cryptoAddress.paths.export,
    one: cryptoAddress.paths.one,
    create: cryptoAddress.paths.create,
  },
  fields: fieldsFromEntity(cryptoAddress, {
    id: { hidden: true },
    chain: { create: true, required: true },
    address: {
      type: 'identifier',
      create: true,
      required: true,
      input: 'text',
      maxLength: CRYPTO_ADDRESS_MAX.address,
      helperText: t('hints.address'),
    },
    label: { create: true, maxLength: CRYPTO_ADDRESS_MAX.label },
    active: { type: 'option', options: activeOptions, filter: true },
    deposit_count: { type: 'number' },
    created_by_name: { hidden: true },
    updated_at: { list: false },
  }),
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
  rowActions: [
    {
      name: 'label',
      icon: EditNoteIcon,
      permission: { action: 'update' },
      inputs: [{ source: 'label', type: 'text', maxLength: CRYPTO_ADDRESS_MAX.label }],
      prefill: (r) => ({ label: r.label ?? '' }),
      run: {
        method: 'PUT',
        path: cryptoAddress.paths.update,
        body: (_r, v) => ({ label: typeof v.label === 'string' && v.label.trim() ? v.label.trim() : null }),
      },
    },
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
    {
      name: 'delete',
      icon: DeleteIcon,
      permission: { action: 'delete' },
      when: (r) => r.deposit_count === 0,
      run: { method: 'DELETE', path: cryptoAddress.paths.delete },
    },
  ],
};

export default defineResource<CryptoAddressRecord>(cryptoAddressConfig);
