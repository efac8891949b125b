import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import type { RaRecord } from 'ra-core';
import { approval, MONEY_KINDS, type ApprovalPolicyRow } from '../../domain/approval';
import { defineResource } from '../engine/define';
import type { ActionInput, ActionSpec, FormValues } from '../engine/types';

/** One tier of the tenant's maker-checker policy (GET /approval/admin/v1/policy). */
export type PolicyRecord = ApprovalPolicyRow & RaRecord;

const kindOptions = MONEY_KINDS.map((k) => ({ id: k, name: `resources.approval.kind_values.${k}` }));

const amount = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');

/** The tier inputs (both actions); two_checkers_from empty: never two. */
const tierInputs: ActionInput[] = [
  { source: 'enabled', type: 'boolean' },
  { source: 'one_checker_from', type: 'money', required: true },
  { source: 'two_checkers_from', type: 'money', helperText: 'resources.approval_policy.hints.two' },
  { source: 'maker_daily_limit', type: 'money', helperText: 'resources.approval_policy.hints.limit' },
  { source: 'client_daily_limit', type: 'money', helperText: 'resources.approval_policy.hints.limit' },
];

const tierBody = (v: FormValues) => ({
  enabled: v.enabled === true,
  one_checker_from: amount(v.one_checker_from) || '0',
  two_checkers_from: amount(v.two_checkers_from) || null,
  maker_daily_limit: amount(v.maker_daily_limit) || null,
  client_daily_limit: amount(v.client_daily_limit) || null,
});

const edit: ActionSpec<PolicyRecord> = {
  name: 'edit',
  icon: EditIcon,
  permission: { action: 'update' },
  confirm: 'resources.approval_policy.confirm.edit',
  inputs: tierInputs,
  prefill: (r) => ({
    enabled: r.enabled,
    one_checker_from: r.one_checker_from,
    two_checkers_from: r.two_checkers_from ?? '',
    maker_daily_limit: r.maker_daily_limit ?? '',
    client_daily_limit: r.client_daily_limit ?? '',
  }),
  run: {
    method: 'PUT',
    path: approval.paths.policy,
    body: (r, v) => ({ kind: r.kind, currency: r.currency, ...tierBody(v) }),
  },
};

const add: ActionSpec<PolicyRecord> = {
  name: 'add',
  icon: AddIcon,
  permission: { action: 'update' },
  confirm: 'resources.approval_policy.confirm.add',
  inputs: [
    { source: 'kind', type: 'option', options: kindOptions, required: true },
    {
      source: 'currency',
      type: 'text',
      required: true,
      maxLength: 10,
      helperText: 'resources.approval_policy.hints.currency',
      validate: (v) => (/^(\*|[A-Za-z]{3,10})$/.test(String(v ?? '').trim()) ? undefined : 'errors.field.invalid'),
    },
    ...tierInputs,
  ],
  prefill: () => ({ enabled: true, currency: '', one_checker_from: '0' }),
  run: {
    method: 'PUT',
    path: approval.paths.policy,
    body: (_r, v) => ({ kind: v.kind, currency: String(v.currency).trim().toUpperCase(), ...tierBody(v) }),
  },
};

/**
 * The tenant's maker-checker policy (administrators: approval_policy under config): per kind and currency (`*`: every
 * other currency) from which amount one checker, and from which two, must approve, and the cumulative limits per maker
 * and per client and day; rows not set are the built-in defaults. Edit a tier, or add one for a currency: the change
 * waits for another administrator in the approvals queue (the row shows it meanwhile; nothing changes before).
 */
export default defineResource<PolicyRecord>({
  name: 'approval_policy',
  endpoints: { list: approval.paths.policy, export: false },
  fields: [
    { source: 'kind', type: 'option', options: kindOptions },
    // `*`: every currency without a row of its own
    {
      source: 'currency',
      value: (r, translate) => (r.currency === '*' ? translate('resources.approval.change.any_currency') : r.currency),
    },
    { source: 'enabled', type: 'boolean' },
    { source: 'one_checker_from', type: 'money' },
    { source: 'two_checkers_from', type: 'money' },
    { source: 'maker_daily_limit', type: 'money' },
    { source: 'client_daily_limit', type: 'money' },
    {
      source: 'source',
      type: 'option',
      options: [
        { id: 'tenant', name: 'resources.approval_policy.source_values.tenant', tone: 'info' },
        { id: 'default', name: 'resources.approval_policy.source_values.default' },
      ],
    },
    // a change of this row awaiting a second administrator (nothing changed yet)
    {
      source: 'pending_approval_id',
      type: 'option',
      value: (r) => (r.pending_approval_id ? 'pending' : null),
      options: [{ id: 'pending', name: 'resources.approval_policy.pending', tone: 'warning' }],
    },
  ],
  perPage: 100,
  rowClick: false,
  rowActions: [edit],
  listActions: [add],
});
