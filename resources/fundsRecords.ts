/**
 * What the funds records (deposit, withdrawal, loan, compensation, crypto deposit) share: the record fields,
 * the filters, and the audit and rollback actions over their exact paths (spec section 7). Declarations only.
 */
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import UndoIcon from '@mui/icons-material/Undo';
import type { RaRecord } from 'ra-core';
import { clientTypes, recordStatuses, type OptionSet } from './labels';
import type { ActionSpec, FieldSpec, FilterSpec } from './engine/types';
import { agentFilterChoices, STAFF_LIST } from './staffChoices';

/** A deposit, withdrawal or overdrawn record as the list answers it; amounts are decimal strings. */
export interface FundsRecord extends RaRecord {
  client_id: number | string;
  username: string;
  full_name?: string | null;
  fake: boolean;
  agent_id?: number | null;
  agent_name?: string | null;
  account_id: number | string;
  /** Currency of the requested amount. */
  currency: string;
  /** The requested amount. */
  amount: string;
  /** Rate from currency to credit_currency ('1' when nothing is converted). */
  rate?: string;
  /** The account's currency. */
  credit_currency?: string;
  /** What the account actually moves, in credit_currency. */
  credit_amount?: string;
  status: 'pending' | 'approved' | 'rejected' | 'rolled_back' | 'repaid';
  sub_type?: string | null;
  /** Loans: repaid so far and still owed. */
  repaid?: string;
  owed?: string;
  remark?: string | null;
  screenshot?: string | null;
  /** A short-lived signed URL of the proof image (deposits), null without one. */
  screenshot_url?: string | null;
  created_at: string;
  resolved_at?: string | null;
  resolved_by?: number | string | null;
  rolled_back_at?: string | null;
  /** Staff names (details only). */
  created_by_name?: string | null;
  resolved_by_name?: string | null;
  rolled_back_by_name?: string | null;
}

/** What a funds page adds to the record fields. */
export interface RecordFieldOptions {
  /** The record's type (`sub_type`) with these labels: a column and a filter after the client. */
  kinds?: OptionSet;
  /** The rate as a column from the start (records that convert); otherwise a column to choose. */
  rate?: boolean;
  /** Loans: what is repaid and still owed. */
  loan?: boolean;
  /** Fields after the amounts (deposits add their proof, `proofField`). */
  extra?: FieldSpec[];
}

/**
 * The fields of every funds record: the requested amount in its currency beside what the account actually moves
 * (credited amount in the account's currency, and the rate); the detail adds the remark and who created, resolved and
 * rolled back the record (staff names, which only the detail answers) and when.
 */
export function recordFields({ kinds, rate = false, loan = false, extra = [] }: RecordFieldOptions = {}): FieldSpec[] {
  return [
    { source: 'id', type: 'number', sortable: true },
    { source: 'username', type: 'reference', idSource: 'client_id', filter: true },
    { source: 'full_name', type: 'text', hidden: true },
    { source: 'fake', type: 'option', options: clientTypes, filter: true },
    ...(kinds ? [{ source: 'sub_type', type: 'option', options: kinds, filter: true } satisfies FieldSpec] : []),
    { source: 'agent_name', type: 'text' },
    { source: 'account_id', type: 'text', hidden: true },
    // Shown with the amount; a filter of its own.
    { source: 'currency', type: 'currency', filter: true, list: false, show: false },
    { source: 'amount', type: 'money', sortable: true, currencySource: 'currency' },
    { source: 'rate', type: 'number', hidden: !rate },
    { source: 'credit_amount', type: 'money', currencySource: 'credit_currency' },
    ...(loan
      ? [
          { source: 'repaid', type: 'money', currencySource: 'credit_currency' } satisfies FieldSpec,
          { source: 'owed', type: 'money', currencySource: 'credit_currency' } satisfies FieldSpec,
        ]
      : []),
    ...extra,
    { source: 'status', type: 'option', options: recordStatuses, filter: true },
    { source: 'remark', type: 'text', list: false },
    { source: 'created_at', type: 'datetime', sortable: true, filter: true },
    { source: 'created_by_name', type: 'text', list: false },
    { source: 'resolved_at', type: 'datetime', hidden: true },
    { source: 'resolved_by_name', type: 'text', list: false },
    { source: 'rolled_back_at', type: 'datetime', hidden: true },
    { source: 'rolled_back_by_name', type: 'text', list: false },
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

/**
 * Approve and reject of a pending record: `{ status }` to the audit path, with an Idempotency-Key. Their
 * confirmations are the resource's own (`resources.<name>.confirm.approve|reject`): they name what moves, from which
 * account (the row's fields interpolated).
 */
export function auditActions(method: 'PUT' | 'POST', path: string): ActionSpec<FundsRecord>[] {
  return [
    {
      name: 'approve',
      label: 'resources.funds.actions.approve',
      icon: CheckIcon,
      permission: { action: 'approve' },
      when: pending,
      idempotent: true,
      run: { method, path, body: () => ({ status: 'approved' }) },
    },
    {
      name: 'reject',
      label: 'resources.funds.actions.reject',
      icon: CloseIcon,
      permission: { action: 'approve' },
      when: pending,
      idempotent: true,
      run: { method, path, body: () => ({ status: 'rejected' }) },
    },
  ];
}

/** Rollback of an approved record (PUT to the rollback path), with an Idempotency-Key; confirmation as the audit's. */
export function rollbackAction(path: string): ActionSpec<FundsRecord> {
  return {
    name: 'rollback',
    label: 'resources.funds.actions.rollback',
    icon: UndoIcon,
    permission: { action: 'approve' },
    when: approved,
    idempotent: true,
    run: { method: 'PUT', path },
  };
}
