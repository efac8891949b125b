/**
 * Maker-checker switches for the suites that test ledger semantics rather than approvals (the approvals themselves:
 * tests/server/approval.test.ts): a tenant's policy rows for every kind and currency (`*`).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MONEY_KINDS, type ApprovalKind } from '../../domain/approval';
import { approvalPolicy } from '../../server/db/schema';
import type { Database } from '../../server/db/client';
import { call } from './helpers';

/** Sets the `*` tier of `kinds` (default every kind) for a tenant. */
export async function setTier(
  db: Database['db'],
  tenantId: string,
  tier: { enabled: boolean; one?: string; two?: string | null },
  kinds: readonly ApprovalKind[] = MONEY_KINDS,
  currency = '*',
): Promise<void> {
  for (const kind of kinds) {
    const values = {
      enabled: tier.enabled,
      oneCheckerFrom: tier.one ?? '0',
      twoCheckersFrom: tier.two === undefined ? null : tier.two,
    };
    await db
      .insert(approvalPolicy)
      .values({ tenantId, kind, currency, ...values })
      .onConflictDoUpdate({
        target: [approvalPolicy.tenantId, approvalPolicy.kind, approvalPolicy.currency],
        set: values,
      });
  }
}

/** Turns maker-checker off for a tenant: records are audited by anyone with the grant, credits move at once. */
export const makerCheckerOff = (db: Database['db'], tenantId: string) => setTier(db, tenantId, { enabled: false });

/**
 * A second administrator of the tenant (the checker of control changes, which the maker cannot check): a copy of
 * `admin` (same password, a random invitation code) named `username`, inserted directly (creating an administrator through the API is itself a
 * control change). Answers its id.
 */
export async function secondAdmin(db: Database['db'], tenantId: string, username = 'admin2'): Promise<number> {
  const res = await db.execute(sql`
    INSERT INTO staff_user (tenant_id, username, name, role, password_hash, active, must_change_password, invitation_code)
    SELECT tenant_id, ${username}, ${`Administrator ${username}`}, 'god', password_hash, true, false,
           upper(substr(md5(random()::text), 1, 8))
      FROM staff_user WHERE tenant_id = ${tenantId} AND username = 'admin'
    ON CONFLICT (tenant_id, username) DO UPDATE SET role = 'god'
    RETURNING id`);
  return Number((res.rows[0] as { id: number }).id);
}

/**
 * A control change asked by `maker` and approved by `checker` (tokens): the request must answer 202 with its pending
 * approval, the checker's decision 200 approved. Answers the approval's detail after the decision.
 */
export async function approvedChange(
  app: FastifyInstance,
  maker: string,
  checker: string,
  request: { method: 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown },
): Promise<Record<string, unknown>> {
  const asked = await call(app, request.method, `/api${request.url}`, { token: maker, body: request.body });
  if (asked.statusCode !== 202) throw new Error(`expected 202, got ${asked.statusCode} ${asked.body}`);
  const id = asked.json().pending_approval.id as number;
  const done = await call(app, 'PUT', `/api/approval/admin/v1/decide/${id}`, {
    token: checker,
    body: { decision: 'approved' },
    headers: { 'idempotency-key': randomUUID() },
  });
  if (done.statusCode !== 200 || done.json().status !== 'approved')
    throw new Error(`decision: ${done.statusCode} ${done.body}`);
  return done.json();
}

/**
 * A staff member created as administrator or supervisor (a control change, kind staff_role) by `maker` and approved
 * by `checker` (tokens) through POST /user/v1/create: the request must answer 202, the decision approve it. Answers
 * the new account's id.
 */
export async function appointedStaff(
  app: FastifyInstance,
  db: Database['db'],
  maker: string,
  checker: string,
  tenantId: string,
  body: { username: string; role: 'god' | 'angel'; name: string; password: string },
): Promise<number> {
  await approvedChange(app, maker, checker, { method: 'POST', url: '/user/v1/create', body });
  const res = await db.execute(
    sql`SELECT id FROM staff_user WHERE tenant_id = ${tenantId} AND username = ${body.username}`,
  );
  if (!res.rows.length) throw new Error(`${body.username} was not created`);
  return Number((res.rows[0] as { id: number }).id);
}
