/** The withdrawal list, export and detail (records/lists.ts). */
import { withdrawal } from '../../../domain/records';
import { withdrawRecord } from '../../db/schema';
import type { Executor } from '../../core/db';
import type { Actor } from '../records/common';
import {
  exportRecords,
  listRecords,
  recordDetail,
  type CsvOptions,
  type ListQuery,
  type RecordKind,
} from '../records/lists';
import { presentWithdraw } from './service';

type WithdrawRow = typeof withdrawRecord.$inferSelect;

const WITHDRAWALS: RecordKind<WithdrawRow, ReturnType<typeof presentWithdraw>> = {
  table: withdrawRecord,
  extra: () => [],
  present: presentWithdraw,
  def: () => withdrawal,
};

/** GET /withdraw/admin/v1/list: the same filters as deposits (without sub_type). */
export const listWithdrawals = (tx: Executor, actor: Actor, q: ListQuery) => listRecords(tx, actor, WITHDRAWALS, q);
/** GET /withdraw/admin/v1/list/export: every withdrawal the list's filters and scope match, as CSV. */
export const exportWithdrawals = (tx: Executor, actor: Actor, q: ListQuery & CsvOptions) =>
  exportRecords(tx, actor, WITHDRAWALS, q);
/** GET /withdraw/admin/v1/detail/{id}: one withdrawal with its names (404 outside the scope). */
export const withdrawalDetail = (tx: Executor, actor: Actor, id: number) =>
  recordDetail(tx, actor, WITHDRAWALS, id, 'Withdrawal');
