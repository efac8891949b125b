import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { RaRecord } from 'ra-core';
import {
  PERMISSION_MAX,
  tradingPermission,
  tradingPermissionProblems,
  type TradingPermissionRow,
} from '../../domain/trading-permission';
import { defineResource } from '../engine/define';
import { enumOptions, fieldsFromEntity } from '../engine/entityFields';
import type { ActionInput, FormValues, ResourceConfig } from '../engine/types';
import type { OptionSet } from '../labels';
import { leaderFilterChoices } from '../staffChoices';

/** A rule as answered (domain/trading-permission.ts). */
export type TradingPermissionRecord = TradingPermissionRow & RaRecord;

const field = (name: string) => tradingPermission.fields.find((f) => f.name === name)!;
export const scopeOptions = enumOptions(tradingPermission, field('scope'));
export const productOptions = enumOptions(tradingPermission, field('product'));
export const allowedOptions: OptionSet = [
  { id: true, name: 'resources.trading_permission.allowed_values.true', tone: 'success' },
  { id: false, name: 'resources.trading_permission.allowed_values.false', tone: 'error' },
];

const keyOf = (code: string) => (code === 'required' ? 'ra.validation.required' : `errors.field.${code}`);

/** The subject a new rule names, from the input its level shows. */
const subjectOf = (v: FormValues): unknown =>
  v.scope === 'client' ? v.client_id : v.scope === 'team' ? v.team_id : v.scope === 'vip' ? v.vip : null;

/** The API's rule on the subject (tradingPermissionProblems), as the shown subject input's problem. */
const subjectRule = (_value: unknown, values: FormValues) => {
  const code = tradingPermissionProblems({ ...values, subject_id: subjectOf(values) }).subject_id;
  return code ? keyOf(code) : undefined;
};

const createInputs: ActionInput[] = [
  {
    source: 'scope',
    type: 'option',
    options: scopeOptions,
    required: true,
    helperText: 'resources.trading_permission.hints.scope',
  },
  {
    source: 'client_id',
    type: 'number',
    integer: true,
    showIf: (v) => v.scope === 'client',
    required: true,
    validate: subjectRule,
  },
  {
    source: 'team_id',
    type: 'remoteOption',
    load: leaderFilterChoices,
    showIf: (v) => v.scope === 'team',
    required: true,
  },
  {
    source: 'vip',
    type: 'number',
    integer: true,
    showIf: (v) => v.scope === 'vip',
    required: true,
    validate: subjectRule,
    helperText: 'resources.trading_permission.hints.vip',
  },
  { source: 'product', type: 'option', options: productOptions, required: true },
  { source: 'allowed', type: 'option', options: allowedOptions, required: true },
  { source: 'note', type: 'text', maxLength: PERMISSION_MAX.note },
];

const note = (v: FormValues) => (typeof v.note === 'string' && v.note.trim() ? v.note.trim() : null);
const bool = (v: unknown) => v === true || v === 'true';

/**
 * Trading permissions (spec section 2, config group; administrators only): the rules by client, team, VIP level and
 * default with filters level, product, allowed; add (the subject input follows the level: a client id, a team leader
 * picked from the list, a VIP level), change allowed/note, delete. Above the list, a client's effective answer
 * (TradingPermissionPage). Precedence: domain/trading-permission.ts.
 */
export const tradingPermissionConfig: ResourceConfig<TradingPermissionRecord> = {
  name: tradingPermission.name,
  resource: tradingPermission.resource,
  endpoints: { list: tradingPermission.paths.list, export: tradingPermission.paths.export },
  fields: fieldsFromEntity(tradingPermission, {
    id: { hidden: true },
    scope: { filter: true },
    subject_id: false,
    product: { filter: true },
    allowed: { type: 'option', options: allowedOptions, filter: true },
    updated_by_name: { hidden: true },
  }),
  sort: { field: 'id', order: 'DESC' },
  rowClick: false,
  views: { list: () => import('./TradingPermissionPage') },
  listActions: [
    {
      name: 'create',
      icon: AddIcon,
      permission: { action: 'create' },
      confirm: false,
      inputs: createInputs,
      run: {
        method: 'POST',
        path: tradingPermission.paths.create,
        body: (_r, v) => ({
          scope: v.scope,
          ...(v.scope === 'default' ? {} : { subject_id: Number(subjectOf(v)) }),
          product: v.product,
          allowed: bool(v.allowed),
          note: note(v),
        }),
      },
    },
  ],
  rowActions: [
    {
      name: 'edit',
      icon: EditIcon,
      permission: { action: 'update' },
      inputs: [
        { source: 'allowed', type: 'option', options: allowedOptions, required: true },
        { source: 'note', type: 'text', maxLength: PERMISSION_MAX.note },
      ],
      prefill: (r) => ({ allowed: r.allowed, note: r.note ?? '' }),
      run: {
        method: 'PUT',
        path: tradingPermission.paths.update,
        body: (_r, v) => ({ allowed: bool(v.allowed), note: note(v) }),
      },
    },
    {
      name: 'delete',
      icon: DeleteIcon,
      permission: { action: 'delete' },
      run: { method: 'DELETE', path: tradingPermission.paths.delete },
    },
  ],
};

export default defineResource<TradingPermissionRecord>(tradingPermissionConfig);
