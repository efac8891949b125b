/**
 * What the funds records (deposit, withdrawal, loan, compensation, crypto deposit) share: the record fields,
 * the filters, and the audit and rollback actions over their exact paths (spec section 7). Declarations only.
 */
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import UndoIcon from '@mui/icons-material/Undo';
import type { RaRecord } from 'ra-core';
import { clientTypes, recordStatuses } from './labels';
import type { ActionSpec, FieldSpec, FilterSpec } from './engine/types';
import { agentFilterChoices, STAFF_LIST } from './staffChoices';

/** A deposit, withdrawal or overdrawn record as the list answers it; amounts are decimal strings. */
export interface FundsRecord extends RaRecord {
  client_id: number | string;
  username: string;
  fake: boolean;
  agent_id?: number | null;
  agent_name?: string | null;
  account_id: number | string;
  currency: string;
  amount: string;
  status: 'pending' | 'approved' | 'rejected' | 'rolled_back' | 'repaid';
  sub_type?: string | null;
  screenshot?: string | null;
  /** A short-lived signed URL of the proof image (deposits), null without one. */
  screenshot_url?: string | null;
  created_at: string;
  resolved_at?: string | null;
  resolved_by?: string | null;
}

/** The fields of every funds record; `extra` go after the amount (deposits add their proof, `proofField`). */
export function recordFields(extra: FieldSpec[] = []): FieldSpec[] {
  return [
    { source: 'id', type: 'number', sortable: true },
    { source: 'username', type: 'reference', idSource: 'client_id', filter: true },
    { source: 'fake', type: 'option', options: clientTypes, filter: true },
    { source: 'agent_name', type: 'text' },
    { source: 'account_id', type: 'text', hidden: true },
    { source: 'currency', type: 'currency', filter: true },
    { source: 'amount', type: 'money', sortable: true },
    ...extra,
    { source: 'status', type: 'option', options: recordStatuses, filter: true },
    { source: 'created_at', type: 'datetime', sortable: true, filter: true },
    { source: 'resolved_at', type: 'datetime', hidden: true },
    { source: 'resolved_by', type: 'text', hidden: true },
  ];
}

/** A deposit's proof image: the signed read URL the API answers, shown as a thumbnail that opens the full image. */
export const proofField: FieldSpec = { source: 'screenshot_url', type: 'image' };

/** The filters every funds record list adds to its fields' own: the client's agent (a picker of the tenant's staff). */
export const recordFilters: FilterSpec[] = [
  { type: 'remoteOption', source: 'agent_id', load: agentFilterChoices, permission: STAFF_LIST },
];

const pending = (r: FundsRecord) => r.status === 'pending';
const approved = (r: FundsRecord) => r.status === 'approved';

/** Approve and reject of a pending record: `{ status }` to the audit path, with an Idempotency-Key. */
export function auditActions(method: 'PUT' | 'POST', path: string): ActionSpec<FundsRecord>[] {
  return [
    {
      name: 'approve',
      label: 'resources.funds.actions.approve',
      confirm: 'resources.funds.confirm.approve',
      icon: CheckIcon,
      permission: { action: 'approve' },
      when: pending,
      idempotent: true,
      run: { method, path, body: () => ({ status: 'approved' }) },
    },
    {
      name: 'reject',
      label: 'resources.funds.actions.reject',
      confirm: 'resources.funds.confirm.reject',
      icon: CloseIcon,
      permission: { action: 'approve' },
      when: pending,
      idempotent: true,
      run: { method, path, body: () => ({ status: 'rejected' }) },
    },
  ];
}

/** Rollback of an approved record (PUT to the rollback path), with an Idempotency-Key. */
export function rollbackAction(path: string): ActionSpec<FundsRecord> {
  return {
    name: 'rollback',
    label: 'resources.funds.actions.rollback',
    confirm: 'resources.funds.confirm.rollback',
    icon: UndoIcon,
    permission: { action: 'approve' },
    when: approved,
    idempotent: true,
    run: { method: 'PUT', path },
  };
}
