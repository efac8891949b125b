/**
 * Tenants are separate for money over HTTP: a `pl` administrator (every grant, whole-tenant scope) can neither list,
 * read, approve, repay, credit nor roll back a `tr` money record (deposit, withdrawal, loan, compensation): 404 or
 * absent from the list, and the tr records and accounts stay as they were.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFunds } from '../../server/db/seed-funds';
import { call, login, makeTestApp, type TestApp } from './helpers';

let t: TestApp;
let app: FastifyInstance;
let pl: string;

beforeAll(async () => {
  t = await makeTestApp();
  app = t.app;
  await seedFunds(t.database.db, 'tr', { clients: 12 });
  await seedFunds(t.database.db, 'pl', { clients: 4 });
  pl = (await login(app, 'admin', { tenant: 'pl' })).access_token;
});
afterAll(async () => {
  await t?.close();
});

const asPl = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  call(app, method, url, { token: pl, tenant: 'pl', body });

/** One tr record id of `table` matching `where`. */
async function trRecord(table: string, where: string): Promise<number> {
  const r = await t.database.db.execute(
    sql.raw(`SELECT id FROM ${table} WHERE tenant_id = 'tr' AND ${where} ORDER BY id LIMIT 1`),
  );
  return Number((r.rows[0] as { id: number }).id);
}

/** Every tr record's status and every tr account's figures. */
async function trState() {
  const r = await t.database.db.execute(sql`
    SELECT (SELECT string_agg(id || ':' || status, ',' ORDER BY id) FROM deposit_record WHERE tenant_id = 'tr') AS d,
           (SELECT string_agg(id || ':' || status, ',' ORDER BY id) FROM withdraw_record WHERE tenant_id = 'tr') AS w,
           (SELECT string_agg(id || ':' || status || ':' || repaid, ',' ORDER BY id) FROM overdrawn_record WHERE tenant_id = 'tr') AS o,
           (SELECT string_agg(id || ':' || balance || ':' || bonus, ',' ORDER BY id) FROM account WHERE tenant_id = 'tr') AS a`);
  return r.rows[0];
}

const LISTS = [
  '/api/deposit/admin/v1/list?page_size=100',
  '/api/deposit/admin/v1/crypto/list?page_size=100',
  '/api/withdraw/admin/v1/list?page_size=100',
  '/api/overdrawn/admin/v1/record/list?sub_type=loan&page_size=100',
  '/api/overdrawn/admin/v1/record/list?sub_type=credit&page_size=100',
  '/api/overdrawn/admin/v1/record/list?page_size=100',
];

describe('a pl administrator and tr money records', () => {
  it('lists only pl records', async () => {
    for (const url of LISTS) {
      const res = await asPl('GET', url);
      expect([url, res.statusCode]).toEqual([url, 200]);
      const ids = res.json().data.map((r: { id: number }) => r.id);
      const table = url.includes('deposit')
        ? 'deposit_record'
        : url.includes('withdraw')
          ? 'withdraw_record'
          : 'overdrawn_record';
      const tr = await t.database.db.execute(sql.raw(`SELECT id FROM ${table} WHERE tenant_id = 'tr'`));
      const trIds = new Set((tr.rows as { id: number }[]).map((r) => Number(r.id)));
      expect(ids.filter((id: number) => trIds.has(id))).toEqual([]);
    }
    // pl has records of its own, so an empty list would not pass for isolation by accident.
    expect((await asPl('GET', LISTS[0])).json().data.length).toBeGreaterThan(0);
  });

  it('reads, approves, repays, credits and rolls back nothing of tr (404), and nothing changes', async () => {
    const before = await trState();
    const deposit = {
      pending: await trRecord('deposit_record', "status = 'pending'"),
      approved: await trRecord('deposit_record', "status = 'approved'"),
    };
    const withdrawal = {
      pending: await trRecord('withdraw_record', "status = 'pending'"),
      approved: await trRecord('withdraw_record', "status = 'approved'"),
    };
    const loan = {
      pending: await trRecord('overdrawn_record', "sub_type = 'loan' AND status = 'pending'"),
      approved: await trRecord('overdrawn_record', "sub_type = 'loan' AND status = 'approved'"),
    };
    const compensation = await trRecord('overdrawn_record', "sub_type = 'compensation' AND status = 'approved'");
    const trClient = await trRecord('client', 'true');
    const trAccount = Number(
      (
        (await t.database.db.execute(sql`SELECT id FROM account WHERE client_id = ${trClient} LIMIT 1`)).rows[0] as {
          id: number;
        }
      ).id,
    );
    const attempts: [string, 'GET' | 'POST' | 'PUT', string, unknown?][] = [
      ['deposit detail', 'GET', `/api/deposit/admin/v1/detail/${deposit.approved}`],
      ['deposit approve', 'PUT', `/api/deposit/admin/v1/audit/${deposit.pending}`, { status: 'approved' }],
      ['deposit rollback', 'PUT', `/api/deposit/admin/v1/rollback/${deposit.approved}`],
      ['withdrawal detail', 'GET', `/api/withdraw/admin/v1/detail/${withdrawal.approved}`],
      ['withdrawal approve', 'POST', `/api/withdraw/admin/v1/audit/${withdrawal.pending}`, { status: 'approved' }],
      ['withdrawal rollback', 'PUT', `/api/withdraw/admin/v1/rollback/${withdrawal.approved}`],
      ['loan detail', 'GET', `/api/overdrawn/admin/v1/detail/${loan.approved}`],
      ['loan approve', 'PUT', `/api/overdrawn/admin/v1/audit/${loan.pending}`, { status: 'approved' }],
      ['loan repay', 'POST', `/api/overdrawn/admin/v1/loan/pay_fine/${loan.approved}`, { amount: '1.00' }],
      ['compensation detail', 'GET', `/api/overdrawn/admin/v1/detail/${compensation}`],
      ['compensation rollback', 'PUT', `/api/overdrawn/admin/v1/rollback/${compensation}`],
      [
        'credit a tr client',
        'POST',
        `/api/overdrawn/admin/v1/compensation/${trClient}`,
        { account_id: trAccount, amount: '1' },
      ],
      [
        'deposit for a tr client',
        'POST',
        `/api/deposit/admin/v2/specialized/${trClient}`,
        { account_id: trAccount, amount: '1' },
      ],
    ];
    for (const [what, method, url, body] of attempts) {
      const res = await asPl(method, url, body);
      expect([what, res.statusCode, res.json().code]).toEqual([what, 404, 'not_found']);
    }
    expect(await trState()).toEqual(before);
  });
});
