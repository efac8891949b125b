/**
 * The client list and its CSV export (`entityList`, server/core/entity.ts, from domain/client.ts): filters within the
 * staff member's data scope, the sort allow-list, keyset paging; the CSV in the list's order with translated headers.
 */
import { eq, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { client as clients } from '../../db/schema';
import {
  CLIENT_SEARCH_MAX,
  CLIENT_TYPE_FILTER,
  client,
  isRobotFilter,
  type ClientListQuery,
} from '../../../domain/client';
import { bareDay, dayEnd, dayStart, type EntityListSpec } from '../../core/entity';
import { startsWith, startsWithFolded } from '../../core/list';
import { dayOrTimeField, idField, INT4_MAX } from '../../core/params';
import { clientScope, type StaffScope } from '../../core/scope';
import { present, selectRows, type Row } from './rows';

/** The list's own parameters (names the console and integrations use), each with its condition in `clientWhere`. */
const OWN_PARAMS = {
  fake: { type: 'string', enum: [...CLIENT_TYPE_FILTER], description: 'real or robot (also true = robot)' },
  vip: { type: 'integer', minimum: 0, maximum: INT4_MAX },
  leader_id: idField("A team leader: his own clients and his salesmen's"),
  created_from: dayOrTimeField('Registered at or after (ISO date or date-time)'),
  created_to: dayOrTimeField('Registered up to (a date includes the whole day)'),
  q: {
    type: 'string',
    minLength: 1,
    maxLength: CLIENT_SEARCH_MAX,
    description:
      "The pickers' search: the username or full name (ignoring case) or the mobile starts with this text, taken " +
      'literally (% and _ are characters)',
  },
};

/** The conditions of the list's own parameters (the definition's other filters come from `columns`). */
function clientWhere(query: Record<string, unknown>, staff: StaffScope): SQL[] {
  const q = query as ClientListQuery;
  const conds: SQL[] = [];
  const robot = isRobotFilter(q.fake);
  if (robot !== undefined) conds.push(eq(clients.fake, robot));
  if (q.vip !== undefined) conds.push(eq(clients.vip, q.vip));
  if (q.q) {
    conds.push(
      or(
        startsWithFolded(clients.username, q.q),
        startsWithFolded(clients.fullName, q.q),
        startsWith(clients.mobile, q.q),
      )!,
    );
  }
  if (q.leader_id) {
    conds.push(sql`${clients.agentId} IN (SELECT s.id FROM staff_user s WHERE s.tenant_id = ${staff.tenantId}
      AND (s.id = ${q.leader_id} OR s.leader_id = ${q.leader_id}))`);
  }
  // A bare day is that whole day in the tenant's time zone; a date-time, the instant it names.
  if (q.created_from) {
    const day = bareDay(q.created_from, 'created_from');
    conds.push(gte(clients.createdAt, day ? dayStart(q.created_from, staff.tenantId) : new Date(q.created_from)));
  }
  if (q.created_to) {
    conds.push(
      bareDay(q.created_to, 'created_to')
        ? lt(clients.createdAt, dayEnd(q.created_to, staff.tenantId))
        : lte(clients.createdAt, new Date(q.created_to)),
    );
  }
  return conds;
}

/** How the client list (and its CSV export) reads its rows: clients in scope, agent and team leader joined. */
export const clientListSpec: EntityListSpec<typeof client, Row> = {
  def: client,
  table: clients,
  id: clients.id,
  columns: {
    id: clients.id,
    username: clients.username,
    mobile: clients.mobile,
    active: clients.active,
    kyc_status: clients.kycStatus,
    agent_id: clients.agentId,
    create_datetime: clients.createdAt,
  },
  // created_at: the API's first name of create_datetime.
  sortColumns: { created_at: clients.createdAt },
  scope: clientScope,
  extra: OWN_PARAMS,
  where: clientWhere,
  select: (db, cursor) => selectRows(db, cursor),
  present,
  search: ['username', 'q'],
  tags: ['client'],
  description:
    'Clients, newest first by default (created_at is another name of create_datetime). Filters: username prefix, q (username, full name or mobile prefix: the pickers search), ' +
    'exact mobile, active, fake (real/robot), agent_id, leader_id (a team), vip, kyc_status, ' +
    "created_from/created_to (a day is one of the tenant's time zone). Data scope: a salesman sees his own clients, a team leader his and his salesmen's, " +
    'supervisors and administrators all clients of the tenant.',
};
