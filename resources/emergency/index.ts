import AddAlertIcon from '@mui/icons-material/AddAlert';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import type { RaRecord } from 'ra-core';
import { EMERGENCY_MAX, emergencyPlan, emergencyProblems, type EmergencyPlanRow } from '../../domain/emergency';
import { defineResource } from '../engine/define';
import { enumOptions, fieldsFromEntity } from '../engine/entityFields';
import type { ActionInput, FormValues, ResourceConfig } from '../engine/types';
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
