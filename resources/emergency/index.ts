import AddAlertIcon from '@mui/icons-material/AddAlert';
import EditNoteIcon from '@mui/icons-material/EditNote';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import type { RaRecord } from 'ra-core';
import { EMERGENCY_MAX, emergencyPlan, emergencyProblems, type EmergencyPlanRow } from '../../domain/emergency';
import { ORDER_MODIFY, scaled } from '../../domain/trading';
import { defineResource } from '../engine/define';
import { enumOptions, fieldsFromEntity } from '../engine/entityFields';
import type { ActionInput, ActionSpec, FormValues, ResourceConfig } from '../engine/types';
import type { OptionSet, OptionTone } from '../labels';

/** A plan as the list answers it (domain/emergency.ts). */
export type EmergencyRecord = EmergencyPlanRow & RaRecord;

const field = (name: string) => emergencyPlan.fields.find((f) => f.name === name)!;
const toned = (name: string, tones: Record<string, OptionTone>): OptionSet =>
  enumOptions(emergencyPlan, field(name)).map((o) => ({ ...o, tone: tones[String(o.id)] }));

export const kindOptions = toned('kind', { halt_trading: 'warning', freeze_withdrawals: 'error', banner: 'info' });
export const statusOptions = toned('status', {
  pending_activation: 'warning',
  active: 'error',
  pending_lift: 'warning',
  lifted: 'success',
});
export const productOptions = enumOptions(emergencyPlan, field('product'));

/** The API's rule (emergencyProblems) on one field, as that input's problem. */
const rule = (name: string) => (_value: unknown, values: FormValues) =>
  emergencyProblems(values).some((p) => p.field === name) ? 'ra.validation.required' : undefined;

const trimmed = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

/** Order modification's price: empty (unchanged) or > 0 with at most 4 decimals (the API's rule). */
const priceRule = (v: unknown) => {
  if (!text(v)) return undefined;
  const p = scaled(text(v), 4);
  return p === null
    ? 'resources.trades.problems.decimals4'
    : p <= 0n
      ? 'resources.trades.problems.positive'
      : undefined;
};
/** Order modification's quantity: empty (unchanged) or a whole number of shares. */
const quantityRule = (v: unknown) =>
  !text(v) || /^[1-9]\d{0,14}$/.test(text(v)) ? undefined : 'resources.trades.problems.whole';

/**
 * Order modification (spec section 2 "emergency, order modification"; docs/trading.md): by order number, the
 * corrected price and/or quantity (an empty one keeps its value) and a reason. The same call as the orders tab's row
 * action 改单, which shows the order's booking first.
 */
const modifyOrderAction: ActionSpec<EmergencyRecord> = {
  name: 'modify_order',
  icon: EditNoteIcon,
  permission: { action: 'update' },
  inputs: [
    { source: 'order_id', type: 'number', integer: true, required: true, validate: quantityRule },
    { source: 'price', type: 'text', validate: priceRule, helperText: 'resources.emergency.hints.unchanged' },
    {
      source: 'quantity',
      type: 'number',
      integer: true,
      validate: quantityRule,
      helperText: 'resources.emergency.hints.unchanged',
    },
    {
      source: 'reason',
      type: 'textarea',
      maxLength: ORDER_MODIFY.reasonMax,
      required: true,
      validate: (v: unknown) => (text(v) ? undefined : 'ra.validation.required'),
    },
  ],
  idempotent: true,
  refresh: false,
  run: ({ values, http, idempotencyKey }) =>
    http(ORDER_MODIFY.path.replace('{id}', String(Number(values.order_id))), {
      method: 'PUT',
      body: {
        ...(text(values.price) ? { price: text(values.price) } : {}),
        ...(text(values.quantity) ? { quantity: Number(values.quantity) } : {}),
        reason: text(values.reason),
      },
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  success: 'resources.emergency.done.modify_order',
};

const requestInputs: ActionInput[] = [
  { source: 'kind', type: 'option', options: kindOptions, required: true },
  {
    source: 'product',
    type: 'option',
    options: productOptions,
    showIf: (v) => v.kind === 'halt_trading',
    required: true,
  },
  {
    source: 'message_zh',
    type: 'textarea',
    maxLength: EMERGENCY_MAX.message,
    showIf: (v) => v.kind === 'banner',
    required: true,
    validate: rule('message_zh'),
  },
  {
    source: 'message_en',
    type: 'textarea',
    maxLength: EMERGENCY_MAX.message,
    showIf: (v) => v.kind === 'banner',
    required: true,
    validate: rule('message_en'),
  },
  {
    source: 'reason',
    type: 'textarea',
    maxLength: EMERGENCY_MAX.reason,
    required: true,
    validate: rule('reason'),
    helperText: 'resources.emergency.hints.checker',
  },
];

/**
 * Emergency plans (spec section 2 "emergency"; administrators): the plans with their status; request a plan (halt
 * trading of a product, freeze withdrawals, force every client offline, a banner) with a reason, and the lift of an
 * active one. Each request waits for another administrator's approval in the approvals queue before it takes effect
 * (maker-checker); the banner of an active plan shows at the top of the console (src/layout/EmergencyBanner).
 */
export const emergencyConfig: ResourceConfig<EmergencyRecord> = {
  name: emergencyPlan.name,
  resource: emergencyPlan.resource,
  endpoints: { list: emergencyPlan.paths.list, one: emergencyPlan.paths.one, export: emergencyPlan.paths.export },
  fields: fieldsFromEntity(emergencyPlan, {
    id: { type: 'number' },
    kind: { options: kindOptions, filter: true },
    status: { options: statusOptions, filter: true },
    approval_id: false,
  }),
  sort: { field: 'id', order: 'DESC' },
  rowClick: 'show',
  drawer: 'show',
  listActions: [
    {
      name: 'request',
      icon: AddAlertIcon,
      permission: { action: 'create' },
      confirm: false,
      inputs: requestInputs,
      run: {
        method: 'POST',
        path: emergencyPlan.paths.create,
        body: (_r, v) => ({
          kind: v.kind,
          ...(v.kind === 'halt_trading' ? { product: v.product } : {}),
          ...(v.kind === 'banner' ? { message_zh: trimmed(v.message_zh), message_en: trimmed(v.message_en) } : {}),
          reason: trimmed(v.reason) ?? '',
        }),
      },
      success: 'resources.emergency.done.request',
    },
    modifyOrderAction,
  ],
  rowActions: [
    {
      name: 'lift',
      icon: LockOpenIcon,
      permission: { action: 'update' },
      when: (r) => r.status === 'active',
      inputs: [
        {
          source: 'reason',
          type: 'textarea',
          maxLength: EMERGENCY_MAX.reason,
          required: true,
          validate: rule('reason'),
          helperText: 'resources.emergency.hints.checker',
        },
      ],
      run: {
        method: 'PUT',
        path: emergencyPlan.paths.lift,
        body: (_r, v) => ({ reason: trimmed(v.reason) ?? '' }),
      },
      success: 'resources.emergency.done.lift',
    },
  ],
};

export default defineResource<EmergencyRecord>(emergencyConfig);
