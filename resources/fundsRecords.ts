/**
 * What the funds records (deposit, withdrawal, loan, compensation, crypto deposit) share: the record fields from
 * their definitions (domain/records.ts), the filters, and the audit and rollback actions over their exact paths (spec
 * section 7). Declarations only.
 */
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import UndoIcon from '@mui/icons-material/Undo';
import type { RaRecord } from 'ra-core';
import type { EntityDef } from '../domain/entity';
import type { OptionSet, OptionTone } from './labels';
import { enumOptions, fieldsFromEntity, type FieldOverrides } from './engine/entityFields';
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
  /** The pending approval (maker-checker): the record awaits its checkers, or a rollback awaits them (frozen). */
  approval?: { id: number; kind: string; required_checkers: number; approvals: number } | null;
}

/** "Awaiting approval (1/2)" (or a rollback awaiting it) for a record with a pending approval; else nothing. */
export function approvalState(
  r: RaRecord,
  translate: (key: string, options?: Record<string, unknown>) => string,
): string | null {
  const a = (r as FundsRecord).approval;
  // one checker and none yet: the status (pending) says it all
  if (!a || (a.kind !== 'rollback' && a.required_checkers < 2 && a.approvals === 0)) return null;
  const key = a.kind === 'rollback' ? 'resources.approval.awaitingRollback' : 'resources.approval.awaiting';
  return translate(key, { approvals: a.approvals, required: a.required_checkers });
}

/** What the console leaves out of every record definition: ids it shows through other fields, and ledger links. */
const NOT_SHOWN = [
  'client_id',
  'agent_id',
  'credit_currency',
  'screenshot',
  'created_by',
  'resolved_by',
  'rolled_back_by',
  'reversal_txn_id',
  'txn_id',
  'source',
  'freeze_txn_id',
  'resolve_txn_id',
] as const;

const STATUS_TONES: Record<string, OptionTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  repaid: 'info',
};
const KIND_TONES: Record<string, OptionTone> = { bonus: 'info' };

/** The options of an enum field of a record definition (labels `resources.<name>.<field>_values.*`), with tones. */
export function tonedOptions(def: EntityDef, name: string, tones: Record<string, OptionTone> = {}): OptionSet {
  const field = def.fields.find((f) => f.name === name)!;
  return enumOptions(def, field).map((o) => ({ ...o, tone: tones[String(o.id)] }));
}

/**
 * The fields of a funds record from its definition (domain/records.ts): the client (a link to it), its type (real or
 * robot) and agent, the requested amount in its currency beside what the account actually moves (credited amount in
 * the account's currency, and the rate), the status; the detail adds the remark and who created, resolved and rolled
 * back the record (staff names, which only the detail answers) and when. `overrides` adds what a page shows
 * differently (`false` leaves a field out).
 */
export function recordFields(def: EntityDef, overrides: FieldOverrides = {}): FieldSpec[] {
  const has = (name: string) => def.fields.some((f) => f.name === name);
  return fieldsFromEntity(def, {
    ...Object.fromEntries(NOT_SHOWN.map((name) => [name, false])),
    username: { type: 'reference', idSource: 'client_id' },
    full_name: { hidden: true },
    fake: {
      type: 'option',
      options: [
        { id: false, name: `resources.${def.name}.fake_values.false`, tone: 'success' },
        { id: true, name: `resources.${def.name}.fake_values.true`, tone: 'warning' },
      ],
    },
    ...(has('sub_type') ? { sub_type: { options: tonedOptions(def, 'sub_type', KIND_TONES) } } : {}),
    account_id: { type: 'text', integer: false, hidden: true },
    // shown with the amount; a filter of its own
    currency: { list: false, show: false },
    amount: { currencySource: 'currency' },
    // the rate is a column to choose unless the page says otherwise
    rate: { type: 'number', hidden: true },
    credit_amount: { currencySource: 'credit_currency' },
    repaid: { currencySource: 'credit_currency' },
    owed: { currencySource: 'credit_currency' },
    // the crypto fields: the crypto deposit page's own
    chain: false,
    address: false,
    tx_hash: false,
    status: { options: tonedOptions(def, 'status', STATUS_TONES), sortable: false },
    // the list's date range: created_at_from / created_at_to
    created_at: { filter: true },
    resolved_at: { hidden: true, sortable: false },
    rolled_back_at: { hidden: true },
    ...overrides,
  }).concat({
    source: 'approval',
    label: 'resources.approval.recordColumn',
    value: approvalState,
    sortable: false,
  });
}

/**
 * The filters every funds record list adds to its fields' own: the client's agent (a picker of the tenant's staff),
 * and the days the record was decided (resolved_at_from / resolved_at_to: the day the dashboard counts it in).
 */
export const recordFilters: FilterSpec[] = [
  { type: 'remoteOption', source: 'agent_id', load: agentFilterChoices, permission: STAFF_LIST },
  { type: 'dateRange', source: 'resolved_at' },
];

/** The status of a record an action answered. */
const statusOf = (answer: unknown) => (answer as { status?: unknown } | null)?.status;

const pending = (r: FundsRecord) => r.status === 'pending' && r.approval?.kind !== 'rollback';
// A record with a pending approval is frozen: no rollback until it is checked.
const approved = (r: FundsRecord) => r.status === 'approved' && !r.approval;

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
      // one of two checkers: the record stays pending until the other approves
      awaiting: { key: 'resources.funds.done.approveAwaiting', when: (answer) => statusOf(answer) === 'pending' },
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
    // the rollback reached the tier: it waits in the approval queue, the record frozen and approved meanwhile
    awaiting: {
      key: 'resources.funds.done.rollbackAwaiting',
      when: (answer) => (answer as { approval?: { kind?: string } | null } | null)?.approval?.kind === 'rollback',
    },
  };
}
