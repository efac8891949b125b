import type { FastifyPluginAsync } from 'fastify';
import { exportWithdrawals, listWithdrawals, withdrawalDetail } from './lists';
import { auditWithdrawal, rollbackWithdrawal } from './service';
import { withdrawListQuery, withdrawRecordSchema } from './schemas';
import { recordAuditRoute, recordDetailRoute, recordListRoutes, recordRollbackRoute } from '../records/routes';

const tags = ['withdraw'];
const chain = ['withdrawal', 'funds'];

const FLOW =
  'Status flow: a request (client app) freezes the amount (balance -> frozen; at most the withdrawable amount = ' +
  'max(0, balance − bonus): bonus cannot be withdrawn, profit can) and is pending; pending -> approved (paid out: frozen ' +
  'down, withdrawal statistic up) | rejected (unfrozen: back to the balance); approved -> rolled_back (the payout returns ' +
  'to the balance). A record resolves once: any other transition is 409 invalid_state with nothing changed.';

/** Withdrawal records (spec section 7 "Withdraw"). */
export const withdrawRoutes: FastifyPluginAsync = async (app) => {
  recordListRoutes(app, {
    path: '/withdraw/admin/v1/list',
    chain,
    tags,
    description: `Withdrawal records in the caller's data scope. Requires withdrawal:read (or funds:read). ${FLOW}`,
    exportDescription: 'Withdrawal records as CSV. Requires withdrawal:export (or funds:export).',
    querystring: withdrawListQuery,
    record: withdrawRecordSchema,
    list: listWithdrawals,
    export: exportWithdrawals,
    filename: () => 'withdrawals.csv',
  });

  recordDetailRoute(app, {
    path: '/withdraw/admin/v1/detail/:id',
    chain,
    tags,
    description:
      'One withdrawal record with its client (username, full_name), agent_name and the staff names of who created, ' +
      'resolved and rolled it back (404 outside the scope). Requires withdrawal:read (or funds:read).',
    record: withdrawRecordSchema,
    get: withdrawalDetail,
  });

  const mutation = {
    chain,
    tags,
    resource: 'withdrawal',
    action: 'withdraw',
    record: withdrawRecordSchema,
    get: withdrawalDetail,
  };
  recordAuditRoute(app, {
    ...mutation,
    method: 'POST',
    path: '/withdraw/admin/v1/audit/:id',
    description: `Audits a pending withdrawal: { status: "approved" | "rejected" }. Requires withdrawal:approve (or funds:approve). ${FLOW}`,
    audit: auditWithdrawal,
  });
  recordRollbackRoute(app, {
    ...mutation,
    path: '/withdraw/admin/v1/rollback/:id',
    description: `Rolls back an approved (paid-out) withdrawal. Requires withdrawal:approve (or funds:approve). ${FLOW}`,
    rollback: rollbackWithdrawal,
  });
};
