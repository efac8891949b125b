/**
 * API contract item 4: an amount is a decimal string ^\d+(\.\d{1,2})?$ or a finite JSON number with at most 2
 * decimals within the safe range. Everything else is 400 validation with errors.amount, never rounded, on every
 * amount-taking route, and nothing moves.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFunds } from '../../server/db/seed-funds';
import { call, login, makeTestApp, type TestApp } from './helpers';

let t: TestApp;
let app: FastifyInstance;
let token: string;
let clientId: number;
let accs: number[];
let loanId: number;

beforeAll(async () => {
  t = await makeTestApp();
  app = t.app;
  await seedFunds(t.database.db, 'tr', { clients: 8 });
  token = (await login(app, 'admin')).access_token;
  // A client with two accounts and an approved loan that still owes something.
  const r = await t.database.db.execute(sql`
    SELECT o.id AS loan, o.client_id FROM overdrawn_record o
    WHERE o.tenant_id = 'tr' AND o.sub_type = 'loan' AND o.status = 'approved' AND o.repaid < o.amount
      AND (SELECT count(*) FROM account a WHERE a.client_id = o.client_id) > 1 ORDER BY o.id LIMIT 1`);
  const row = r.rows[0] as { loan: number; client_id: number };
  loanId = Number(row.loan);
  clientId = Number(row.client_id);
  accs = (
    (await t.database.db.execute(sql`SELECT id FROM account WHERE client_id = ${clientId} ORDER BY id`)).rows as {
      id: number;
    }[]
  ).map((a) => Number(a.id));
});
afterAll(async () => {
  await t?.close();
});

/** Each amount-taking route with a body that is valid but for `amount`. */
const routes = () => [
  { url: `/api/deposit/admin/v2/specialized/${clientId}`, body: { account_id: accs[0] } },
  { url: `/api/overdrawn/admin/v1/compensation/${clientId}`, body: { account_id: accs[0] } },
  { url: `/api/overdrawn/admin/v1/bonus/${clientId}`, body: { account_id: accs[0] } },
  { url: `/api/overdrawn/admin/v1/loan/pay_fine/${loanId}`, body: {} },
  { url: `/api/acc/admin/v1/exchange/${clientId}`, body: { from_account: accs[0], to_account: accs[1] } },
];

/** The raw JSON text of a body whose `amount` is `amount` (a JSON literal, so 0.1 + 0.2 reaches the server as sent). */
const raw = (body: object, amount: string) => JSON.stringify({ ...body, amount: '__A__' }).replace('"__A__"', amount);

const REFUSED: [string, string][] = [
  ['exponent string', '"1e3"'],
  ['exponent number', '1e21'],
  ['three decimals (string)', '"1.234"'],
  ['trailing zero third decimal (string)', '"1.230"'],
  ['three decimals (number)', '1.234'],
  ['0.1 + 0.2 (number)', '0.30000000000000004'],
  ['beyond MAX_SAFE_INTEGER', '9007199254740993'],
  ['array', '[1]'],
  ['array of string', '["1"]'],
  ['object', '{"value":1}'],
  ['boolean', 'true'],
  ['negative', '-1'],
  ['zero', '0'],
  ['empty', '""'],
  ['point without decimals', '"12."'],
  ['spaces', '" 12"'],
  ['hex', '"0x10"'],
];

async function money() {
  const r = await t.database.db.execute(sql`
    SELECT (SELECT coalesce(string_agg(balance::text || '/' || bonus::text || '/' || outstanding::text, ',' ORDER BY id), '')
              FROM account) AS accounts,
           (SELECT count(*) FROM ledger_txn)::int AS txns, (SELECT count(*) FROM deposit_record)::int AS deposits,
           (SELECT count(*) FROM overdrawn_record)::int AS overdrawn`);
  return r.rows[0];
}

describe('amounts in requests', () => {
  it.each(REFUSED)(
    'refuses %s with 400 validation and errors.amount on every amount route; nothing moves',
    async (_, amount) => {
      const before = await money();
      for (const r of routes()) {
        const res = await call(app, 'POST', r.url, {
          token,
          body: raw(r.body, amount),
          headers: { 'content-type': 'application/json' },
        });
        expect([r.url, res.statusCode, res.json().code]).toEqual([r.url, 400, 'validation']);
        expect(res.json().errors?.amount, `${r.url} ${amount}`).toEqual(expect.any(String));
      }
      expect(await money()).toEqual(before);
    },
  );

  it('takes a decimal string and a JSON number with at most 2 decimals, exactly', async () => {
    for (const [amount, want] of [
      ['"12.3"', '12.30'],
      ['0.07', '0.07'],
      ['"90071992547409.99"', '90071992547409.99'],
      ['90071992547409', '90071992547409.00'],
    ]) {
      const res = await call(app, 'POST', `/api/deposit/admin/v2/specialized/${clientId}`, {
        token,
        body: raw({ account_id: accs[0] }, amount),
        headers: { 'content-type': 'application/json' },
      });
      expect([amount, res.statusCode, res.json().amount]).toEqual([amount, 200, want]);
    }
    const bonus = await call(app, 'POST', `/api/overdrawn/admin/v1/bonus/${clientId}`, {
      token,
      body: { account_id: accs[0], amount: 0.1 },
    });
    expect([bonus.statusCode, bonus.json().amount]).toEqual([200, '0.10']);
  });
});
