/** The client list and its CSV export: filters within the staff member's data scope, sort allow-list, paging. */
import { and, asc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { client } from '../../db/schema';
import { afterId, EXPORT_BATCH, listPage, paging, startsWith, type CsvColumn, type ListParams } from '../../core/list';
import { signedIn, type Ctx } from '../../core/context';
import { iso } from '../records/common';
import { clientScope, type StaffScope } from '../../core/scope';
import { present, selectRows, robot, type Row } from './rows';

/** Filters of the client list and export. */
export interface ClientFilters {
  username?: string;
  mobile?: string;
  active?: boolean;
  fake?: 'real' | 'robot' | 'true' | 'false';
  agent_id?: number;
  leader_id?: number;
  vip?: number;
  kyc_status?: string;
  created_from?: string;
  created_to?: string;
}

/** The SQL condition of the filters, within the staff member's scope. */
export function clientWhere(staff: StaffScope, f: ClientFilters): SQL {
  const conds: (SQL | undefined)[] = [clientScope(staff)];
  if (f.username) conds.push(startsWith(client.username, f.username));
  if (f.mobile) conds.push(eq(client.mobile, f.mobile));
  if (f.active !== undefined) conds.push(eq(client.active, f.active));
  if (f.fake !== undefined) conds.push(eq(client.fake, robot(f.fake)!));
  if (f.agent_id) conds.push(eq(client.agentId, f.agent_id));
  if (f.leader_id) {
    conds.push(sql`${client.agentId} IN (SELECT s.id FROM staff_user s WHERE s.tenant_id = ${staff.tenantId}
      AND (s.id = ${f.leader_id} OR s.leader_id = ${f.leader_id}))`);
  }
  if (f.vip !== undefined) conds.push(eq(client.vip, f.vip));
  if (f.kyc_status) conds.push(eq(client.kycStatus, f.kyc_status));
  if (f.created_from) conds.push(gte(client.createdAt, new Date(f.created_from)));
  if (f.created_to) {
    // A bare date includes that whole day.
    conds.push(
      /^\d{4}-\d{2}-\d{2}$/.test(f.created_to)
        ? lt(client.createdAt, new Date(Date.parse(f.created_to) + 86_400_000))
        : lte(client.createdAt, new Date(f.created_to)),
    );
  }
  return and(...conds)!;
}

const SORT = {
  // create_datetime: the console's name of created_at.
  columns: {
    id: client.id,
    created_at: client.createdAt,
    create_datetime: client.createdAt,
    username: client.username,
  },
  defaultSort: 'created_at',
  defaultOrder: 'desc' as const,
  tiebreak: client.id,
};

/** One page of the client list (core/list.ts listPage: keyset cursor, cached total, one query for the rows). */
export async function listClients(c: Ctx, q: ClientFilters & ListParams) {
  const where = clientWhere(signedIn(c), q);
  const plan = paging(q, SORT);
  const { rows, ...page } = await listPage(
    c.db,
    client,
    where,
    plan,
    (inPage, cursorKey) => selectRows(c.db, inPage, cursorKey).orderBy(...plan.orderBy),
    { name: 'clients', search: !!q.username },
  );
  return { data: rows.map(present), ...page };
}

/** Columns of the client CSV export. */
export const CLIENT_CSV: CsvColumn<Row>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'username', value: (r) => r.username },
  { header: 'full_name', value: (r) => r.fullName },
  { header: 'mobile', value: (r) => r.mobile },
  { header: 'type', value: (r) => (r.fake ? 'robot' : 'real') },
  { header: 'active', value: (r) => r.active },
  { header: 'score', value: (r) => r.score },
  { header: 'vip', value: (r) => r.vip },
  { header: 'agent_name', value: (r) => present(r).agent_name },
  { header: 'superman', value: (r) => present(r).superman },
  { header: 'kyc_status', value: (r) => r.kycStatus },
  { header: 'create_datetime', value: (r) => iso(r.createdAt) },
];

/** The export's batch reader: the next EXPORT_BATCH matching clients after `last`, by id. */
export function clientExportBatches(c: Ctx, f: ClientFilters) {
  const where = clientWhere(signedIn(c), f);
  return (last: Row | null) =>
    selectRows(c.db, afterId(where, client.id, last?.id ?? null))
      .orderBy(asc(client.id))
      .limit(EXPORT_BATCH);
}
