import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import EditNoteIcon from '@mui/icons-material/EditNote';
import type { RaRecord } from 'ra-core';
import { pathOf } from '../../domain/entity';
import { ID_TYPES, KYC_IDENTITY_FIELDS, KYC_MAX, decidable, fillable, kyc, type KycRow } from '../../domain/kyc';
import { defineResource } from '../engine/define';
import { enumOptions, fieldsFromEntity } from '../engine/entityFields';
import type { ActionInput, ActionSpec } from '../engine/types';
import type { OptionTone } from '../labels';
import { agentFilterChoices, STAFF_LIST } from '../staffChoices';

/** A KYC record as the list and the detail answer it (domain/kyc.ts); the id is the client's. */
export type KycRecord = KycRow & RaRecord;

const TONES: Record<string, OptionTone> = { approved: 'success', pending: 'warning', rejected: 'error' };
const field = (name: string) => kyc.fields.find((f) => f.name === name)!;
/** Status chips coloured like the client pages' KYC status. */
const statusOptions = enumOptions(kyc, field('status')).map((o) => ({ ...o, tone: TONES[String(o.id)] }));
const idTypeOptions = enumOptions(kyc, { name: 'id_type', values: ID_TYPES });

const notBlank = (v: unknown) => (typeof v === 'string' && v.trim() ? undefined : 'ra.validation.required');

/** The identity inputs of the fill dialog (documents uploaded through the presign call). */
const fillInputs: ActionInput[] = [
  { source: 'real_name', type: 'text', required: true, maxLength: KYC_MAX.real_name, validate: notBlank },
  { source: 'id_type', type: 'option', required: true, options: idTypeOptions },
  { source: 'id_number', type: 'text', required: true, maxLength: KYC_MAX.id_number, validate: notBlank },
  { source: 'nationality', type: 'text', maxLength: KYC_MAX.nationality },
  { source: 'dob', type: 'date' },
  { source: 'address', type: 'textarea', maxLength: KYC_MAX.address },
  { source: 'front_image', type: 'image', purpose: 'kyc' },
  { source: 'back_image', type: 'image', purpose: 'kyc' },
  { source: 'selfie_image', type: 'image', purpose: 'kyc' },
];

/** The identity fields of a form's values, blanks left out (the API keeps them empty). */
function identityBody(values: Record<string, unknown>) {
  return Object.fromEntries(
    KYC_IDENTITY_FIELDS.flatMap((name) => {
      const v = values[name];
      return v === undefined || v === null || (typeof v === 'string' && !v.trim()) ? [] : [[name, v]];
    }),
  );
}

const actions: ActionSpec<KycRecord>[] = [
  {
    name: 'approve',
    icon: CheckIcon,
    permission: { action: 'approve' },
    when: (r) => decidable(r.status),
    run: { method: 'POST', path: kyc.paths.audit, body: () => ({ status: 'approved' }) },
  },
  {
    name: 'reject',
    icon: CloseIcon,
    permission: { action: 'approve' },
    when: (r) => decidable(r.status),
    inputs: [
      {
        source: 'remark',
        type: 'textarea',
        required: true,
        maxLength: KYC_MAX.remark,
        validate: notBlank,
        helperText: 'resources.kyc.hints.remark',
      },
    ],
    run: {
      method: 'POST',
      path: kyc.paths.audit,
      body: (_r, v) => ({ status: 'rejected', remark: String(v.remark ?? '').trim() }),
    },
  },
  {
    name: 'fill',
    icon: EditNoteIcon,
    permission: { action: 'update' },
    when: (r) => fillable(r.status),
    inputs: fillInputs,
    run: async ({ record, values, http }) =>
      http(pathOf(kyc.paths.fill, record!.id), { method: 'POST', body: identityBody(values) }),
  },
];

/**
 * Real-name verification (spec section 2 "kyc"): every client in scope with its KYC status; filters status, username,
 * agent and submitted days; a row opens the record (client, identity, the documents at a readable size with zoom,
 * review). Pending records are approved or rejected (a reason required) from the row or the record; staff fill in
 * the identity of an unverified or rejected client (it becomes pending) and correct submitted fields (edit).
 */
export default defineResource<KycRecord>({
  name: 'kyc',
  endpoints: {
    list: kyc.paths.list,
    export: kyc.paths.export,
    one: kyc.paths.one,
    update: { path: kyc.paths.update, method: 'PUT' },
  },
  fields: fieldsFromEntity(kyc, {
    id: { type: 'number' },
    username: { filter: true },
    full_name: { hidden: true },
    agent_id: false,
    status: { options: statusOptions },
    real_name: { edit: true, required: true, validate: notBlank },
    id_type: { options: idTypeOptions, edit: true, required: true },
    id_number: { edit: true, required: true, validate: notBlank },
    nationality: { edit: true },
    dob: { edit: true },
    address: { edit: true },
    // The stored references are what forms send (their previews load the record's signed `<name>_url`); the show
    // view shows the signed URLs.
    front_image: { list: false, show: false, edit: true, purpose: 'kyc' },
    back_image: { list: false, show: false, edit: true, purpose: 'kyc' },
    selfie_image: { list: false, show: false, edit: true, purpose: 'kyc' },
    reviewed_by: false,
    reviewed_at: { hidden: true },
    remark: { hidden: true },
  }),
  filters: [{ type: 'remoteOption', source: 'agent_id', load: agentFilterChoices, permission: STAFF_LIST }],
  sort: { field: 'submitted_at', order: 'DESC' },
  rowClick: 'show',
  sections: [
    { name: 'client', fields: ['id', 'username', 'full_name', 'agent_name', 'status'] },
    { name: 'identity', fields: ['real_name', 'id_type', 'id_number', 'nationality', 'dob', 'address'] },
    {
      name: 'documents',
      fields: ['front_image_url', 'back_image_url', 'selfie_image_url', 'front_image', 'back_image', 'selfie_image'],
    },
    { name: 'review', fields: ['submitted_at', 'reviewed_at', 'reviewer_name', 'remark'] },
  ],
  rowActions: actions,
});
