/** The overdrawn record lists (loans; compensation and bonus), export and detail (records/lists.ts). */
import { inArray } from 'drizzle-orm';
import { compensation, loan } from '../../../domain/records';
import { overdrawnRecord } from '../../db/schema';
import type { Executor } from '../../core/db';
import type { Actor } from '../records/common';
import {
  exportRecords,
  listRecords,
  recordDetail,
  subTypeFilter,
  type CsvOptions,
  type ListQuery,
  type RecordKind,
} from '../records/lists';
import { CREDIT_SUB_TYPES, presentOverdrawn } from './service';

type OverdrawnRow = typeof overdrawnRecord.$inferSelect;

const OVERDRAWN: RecordKind<OverdrawnRow, ReturnType<typeof presentOverdrawn>> = {
  table: overdrawnRecord,
  // sub_type `credit`: compensation and bonus together (the bonus-point records page).
  extra: (q) =>
    q.sub_type === 'credit'
      ? [inArray(overdrawnRecord.subType, [...CREDIT_SUB_TYPES])]
      : subTypeFilter(overdrawnRecord.subType)(q),
  present: presentOverdrawn,
  // the loan page's columns for loans (and all sub_types), the bonus-point page's for compensation and bonus
  def: (q) => (q.sub_type && q.sub_type !== 'loan' ? compensation : loan),
};

/** GET /overdrawn/admin/v1/record/list: `sub_type` loan | compensation | bonus | credit (compensation and bonus; all when absent) plus the common filters. */
export const listOverdrawn = (tx: Executor, actor: Actor, q: ListQuery) => listRecords(tx, actor, OVERDRAWN, q);
/** GET /overdrawn/admin/v1/record/list/export: every overdrawn record the list's filters and scope match, as CSV. */
export const exportOverdrawn = (tx: Executor, actor: Actor, q: ListQuery & CsvOptions) =>
  exportRecords(tx, actor, OVERDRAWN, q);
/** GET /overdrawn/admin/v1/detail/{id}: one loan, compensation or bonus with its names (404 outside the scope). */
export const overdrawnDetail = (tx: Executor, actor: Actor, id: number) =>
  recordDetail(tx, actor, OVERDRAWN, id, 'Record');
