import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import type { RaRecord } from 'ra-core';
import {
  approval,
  APPROVAL_KINDS,
  APPROVAL_VIEWS,
  hasAmount,
  isControlKind,
  type ApprovalRow,
} from '../../domain/approval';
import { defineResource } from '../engine/define';
import { fieldsFromEntity } from '../engine/entityFields';
import type { ActionSpec } from '../engine/types';
import { describeChange } from './describeChange';

/** An approval as the queue answers it (domain/approval.ts). */
export type ApprovalRecord = ApprovalRow & RaRecord;

const pending = (r: ApprovalRecord) => r.status === 'pending';

/** What an approval is about, each with its own confirmation: a client's money, an emergency plan, a control change. */
type Subject = 'money' | 'plan' | 'change';
const subjectOf = (kind: string): Subject => (isControlKind(kind) ? 'change' : hasAmount(kind) ? 'money' : 'plan');

/**
 * Approve or reject with an optional remark (a rejection asks for one): PUT decide, with an Idempotency-Key. Each
 * subject has its own confirmation: an amount for a client's money; the plan for an emergency plan (no amount: it
 * moves no money); what changes for a change of the controls.
 */
function decide(decision: 'approved' | 'rejected', subject: Subject = 'money'): ActionSpec<ApprovalRecord> {
  const name = decision === 'approved' ? 'approve' : 'reject';
  return {
    name: subject === 'money' ? name : `${name}_${subject}`,
    icon: decision === 'approved' ? CheckIcon : CloseIcon,
    permission: { action: 'approve' },
    when: (r) => pending(r) && subjectOf(r.kind) === subject,
    idempotent: true,
    inputs: [{ source: 'remark', type: 'text', maxLength: 500, required: decision === 'rejected' }],
    run: {
      method: 'PUT',
      path: approval.paths.decide,
      body: (_r, v) => ({
        decision,
        ...(typeof v.remark === 'string' && v.remark.trim() ? { remark: v.remark.trim() } : {}),
      }),
    },
  };
}

/**
 * The approvals queue (maker-checker, domain/approval.ts): what waits for the signed-in staff member (kinds he may
 * check, in his scope, not made by him, not yet decided by him), with the views "made by me" and "all"; a row opens
 * its detail (maker, checkers needed and so far, times, result, and each checker's decision); approve or reject with
 * a remark. The menu shows the count (ApprovalBadge).
 */
export default defineResource<ApprovalRecord>({
  name: approval.name,
  resource: approval.resource,
  endpoints: { list: approval.paths.list, one: approval.paths.one, export: approval.paths.export },
  fields: fieldsFromEntity(approval, {
    target_type: false,
    // a control change's target id is its own id: nothing to show
    target_id: { value: (r) => (isControlKind(String(r.kind)) ? null : r.target_id) },
    // a rollback's record kind, labelled like the kinds
    target_kind: {
      list: false,
      type: 'option',
      options: APPROVAL_KINDS.map((k) => ({ id: k, name: `resources.approval.kind_values.${k}` })),
    },
    maker_id: false,
    client_id: false,
    username: { type: 'reference', idSource: 'client_id' },
    currency: { list: false, show: false, filter: true },
    // a change of the controls or an emergency plan has no amount (what a change changes instead)
    amount: { currencySource: 'currency', value: (r) => (hasAmount(String(r.kind)) ? r.amount : null) },
    change: { value: (r, translate) => describeChange(r, translate) },
    // a trade result: the action and product in the list, what was asked in the column chooser and the detail
    asked_price: { type: 'number', hidden: true },
    asked_profit: { currencySource: 'currency', signed: true, hidden: true },
    balance_effect: { currencySource: 'currency', signed: true },
    remark: { hidden: true },
    resolved_at: { hidden: true },
  }),
  filters: [
    {
      type: 'option',
      source: 'view',
      alwaysOn: true,
      // empty: the API's default view, what waits for me
      emptyLabel: 'resources.approval.view_values.queue',
      options: APPROVAL_VIEWS.filter((v) => v !== 'queue').map((v) => ({
        id: v,
        name: `resources.approval.view_values.${v}`,
      })),
    },
  ],
  sort: { field: 'id', order: 'DESC' },
  rowClick: 'show',
  drawer: 'show',
  rowActions: (['money', 'plan', 'change'] as const).flatMap((s) => [decide('approved', s), decide('rejected', s)]),
  related: [
    {
      name: 'decisions',
      path: approval.paths.decisions,
      fields: [
        { source: 'checker_name' },
        {
          source: 'decision',
          type: 'option',
          options: [
            { id: 'approved', name: 'resources.approval.decision_values.approved', tone: 'success' },
            { id: 'rejected', name: 'resources.approval.decision_values.rejected', tone: 'error' },
          ],
        },
        { source: 'remark' },
        { source: 'at', type: 'datetime' },
      ],
    },
  ],
});
