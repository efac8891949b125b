/**
 * The API's database role (migration 0015_app_role, server/db/client.ts): its queries run as bo_app, which owns
 * nothing, only reads and appends the audit trail, only reads the ledger and moves account aggregates only through
 * the owner's ledger_post(). On PGlite (SET ROLE after the migrations) and on PostgreSQL (its own login).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../server/core/audit-chain';
import { withRetry } from '../../server/core/retry';
import { APP_ROLE } from '../../server/db/client';
import { checkLedger, postTransaction } from '../../server/ledger';
import { createClient, openAccount } from '../../server/modules/client/service';
import { makeTestApp, type TestApp } from './helpers';

let t: TestApp;
const db = () => t.database.db;
let acc: { usd: number; neighbour: number; pl: number };

/** The database's own message of a failed query (drizzle wraps it in "Failed query: ..."). */
async function refusal(q: Promise<unknown>): Promise<string> {
  try {
    await q;
  } catch (e) {
    const err = e as { message: string; cause?: { message?: string } };
    return err.cause?.message ?? err.message;
  }
  throw new Error('the query was not refused');
}
const rows = async <T>(q: ReturnType<typeof sql>) => (await db().execute(q)).rows as T[];
const accountOf = async (id: number) =>
  (
    await rows<{ balance: string; deposit: string; version: number }>(
      sql`SELECT balance::text, deposit::text, version FROM account WHERE id = ${id}`,
    )
  )[0];
const deposit = (accountId: number, amount: string, tenantId = 'tr', currency = 'USD') =>
  withRetry(db(), (tx) =>
    postTransaction(tx, {
      tenantId,
      kind: 'deposit',
      lines: [
        {
          accountRef: { type: 'client', id: accountId },
          currency,
          amount,
          effect: { balance: amount, deposit: amount },
        },
        { accountRef: { type: 'platform', kind: 'cash' }, currency, amount: `-${amount}` },
      ],
    }),
  );

beforeAll(async () => {
  t = await makeTestApp();
  acc = await withRetry(db(), async (tx) => {
    const a = await createClient(tx, 'tr', { username: 'role_a', agentId: null });
    const b = await createClient(tx, 'tr', { username: 'role_b', agentId: null });
    const p = await createClient(tx, 'pl', { username: 'role_p', agentId: null });
    return {
      usd: (await openAccount(tx, 'tr', a.id, 'USD')).id,
      neighbour: (await openAccount(tx, 'tr', b.id, 'USD')).id,
      pl: (await openAccount(tx, 'pl', p.id, 'USD')).id,
    };
  });
  await deposit(acc.usd, '100.10');
  await deposit(acc.neighbour, '5.00');
});
afterAll(() => t?.close());

/** The privileges bo_app must hold on each table; any other table of the schema: ordinary DML. */
const NARROW: Record<string, string[]> = {
  audit_log: ['SELECT', 'INSERT'],
  audit_chain: ['SELECT'],
  ledger_txn: ['SELECT'],
  ledger_entry: ['SELECT'],
  platform_account: ['SELECT', 'INSERT'],
  account: ['SELECT', 'INSERT'],
  // rates are their history (migration 0021): a change is a new row
  currency_rate: ['SELECT', 'INSERT'],
  // the dashboard's kept sums (migration 0026): moved by their triggers and stat_rebuild() only
  stat_zone: ['SELECT'],
  stat_client: ['SELECT'],
  stat_money: ['SELECT'],
  stat_balance: ['SELECT'],
  stat_order: ['SELECT'],
  stat_order_day: ['SELECT'],
};
const DML = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'];
const ALL = ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER'];

describe('the API runs as the app role', () => {
  it('is bo_app: no superuser, owns no table', async () => {
    const [me] = await rows<{ role: string; superuser: boolean; owned: number }>(sql`
      SELECT current_user AS role, (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser,
        (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND pg_has_role(current_user, c.relowner, 'USAGE'))::int AS owned`);
    expect(me).toEqual({ role: APP_ROLE, superuser: false, owned: 0 });
  });

  it("holds exactly the policy's privileges on every table (a new table without grants fails here)", async () => {
    const tables = await rows<{ name: string }>(sql`
      SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`);
    expect(tables.length).toBeGreaterThan(20);
    const held: Record<string, string[]> = {};
    const wanted: Record<string, string[]> = {};
    for (const { name } of tables) {
      const [r] = await rows<Record<string, boolean>>(
        sql.raw(
          `SELECT ${ALL.map((p) => `has_table_privilege('${APP_ROLE}', 'public.${name}', '${p}') AS "${p}"`).join(', ')}`,
        ),
      );
      held[name] = ALL.filter((p) => r[p]);
      wanted[name] = NARROW[name] ?? DML;
    }
    expect(held).toEqual(wanted);
    for (const name of Object.keys(NARROW)) expect(held).toHaveProperty(name);
    // Sequences: nextval for the tables it inserts into.
    const seqs = await rows<{ name: string; usage: boolean }>(
      sql.raw(`
      SELECT c.relname AS name, has_sequence_privilege('${APP_ROLE}', c.oid, 'USAGE') AS usage
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'S'`),
    );
    expect(seqs.filter((s) => !s.usage)).toEqual([]);
  });

  it('may update no account column but acc_no (row locks need one), and opens accounts only empty', async () => {
    const cols = await rows<{ name: string; upd: boolean }>(
      sql.raw(`
      SELECT a.attname AS name, has_column_privilege('${APP_ROLE}', 'public.account', a.attname, 'UPDATE') AS upd
      FROM pg_attribute a WHERE a.attrelid = 'public.account'::regclass AND a.attnum > 0 AND NOT a.attisdropped`),
    );
    expect(cols.filter((c) => c.upd).map((c) => c.name)).toEqual(['acc_no']);
    for (const col of ['balance', 'frozen', 'deposit', 'bonus', 'outstanding', 'version', 'client_id', 'currency']) {
      expect(await refusal(db().execute(sql.raw(`UPDATE account SET ${col} = ${col} WHERE id = ${acc.usd}`)))).toMatch(
        /permission denied/,
      );
    }
    expect(await refusal(db().execute(sql`DELETE FROM account WHERE id = ${acc.usd}`))).toMatch(/permission denied/);
    const [c] = await rows<{ id: number }>(sql`SELECT client_id AS id FROM account WHERE id = ${acc.usd}`);
    expect(
      await refusal(
        db().execute(
          sql`INSERT INTO account (tenant_id, client_id, currency, balance) VALUES ('tr', ${c.id}, 'EUR', 1)`,
        ),
      ),
    ).toMatch(/opens empty/);
    // A row lock still works (the ledger's lockAccounts).
    await db().transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM account WHERE id = ${acc.usd} FOR NO KEY UPDATE`);
    });
    expect(await accountOf(acc.usd)).toMatchObject({ balance: '100.10', deposit: '100.10' });
  });
});

describe('the audit trail and the ledger cannot be rewritten by the API', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of audit rows and chain heads', async () => {
    await db().execute(sql`INSERT INTO audit_log (tenant_id, action, result) VALUES ('tr', 'role.test', 'success')`);
    for (const q of [
      sql`UPDATE audit_log SET detail = 'x'`,
      sql`DELETE FROM audit_log`,
      sql`TRUNCATE audit_log`,
      sql`UPDATE audit_chain SET seq = 0`,
      sql`INSERT INTO audit_chain (tenant_key, seq, hash) VALUES ('zz', 0, 'x')`,
      sql`DELETE FROM audit_chain`,
    ]) {
      expect(await refusal(db().execute(q))).toMatch(/permission denied/);
    }
  });

  it('refuses UPDATE, DELETE, TRUNCATE and direct INSERT of ledger rows', async () => {
    for (const q of [
      sql`UPDATE ledger_entry SET amount = amount + 1`,
      sql`DELETE FROM ledger_entry`,
      sql`TRUNCATE ledger_entry`,
      sql`UPDATE ledger_txn SET kind = 'x'`,
      sql`DELETE FROM ledger_txn`,
      sql`TRUNCATE ledger_txn`,
      sql`INSERT INTO ledger_txn (tenant_id, kind) VALUES ('tr', 'deposit')`,
      sql`UPDATE platform_account SET currency = 'EUR'`,
    ]) {
      expect(await refusal(db().execute(q))).toMatch(/permission denied/);
    }
  });

  it("refuses writes to the dashboard's kept sums, which only their triggers and stat_rebuild() move", async () => {
    for (const q of [
      sql`UPDATE stat_balance SET balance = balance + 1`,
      sql`DELETE FROM stat_client`,
      sql`TRUNCATE stat_money`,
      sql`INSERT INTO stat_order_day (tenant_id, span, day, agent_id, slot, kind, currency, orders, amount)
        VALUES ('tr', 'day', '2026-01-01', 0, 0, 'stock', 'USD', 1, 1)`,
      sql`UPDATE stat_order SET owed = 0`,
      sql`UPDATE stat_zone SET time_zone = 'UTC'`,
    ]) {
      expect(await refusal(db().execute(q))).toMatch(/permission denied/);
    }
    await db().execute(sql`SELECT stat_rebuild('tr')`);
    expect((await checkLedger(db())).violations).toEqual([]);
  });

  it('cannot disable a trigger, alter or create a table, or take the owner role', async () => {
    for (const q of [
      'ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only',
      'ALTER TABLE ledger_entry DISABLE TRIGGER ALL',
      'ALTER TABLE account DISABLE TRIGGER account_opens_empty',
      'ALTER TABLE account DROP CONSTRAINT account_no_negative',
      'CREATE TABLE role_probe (id int)',
      'CREATE TRIGGER role_probe BEFORE INSERT ON client FOR EACH ROW EXECUTE FUNCTION refuse_change()',
    ]) {
      expect(await refusal(db().execute(sql.raw(q)))).toMatch(/must be owner|permission denied/);
    }
  });

  it('chains a forged audit row like any other (its seq and hashes are the database’s)', async () => {
    await db().execute(sql`INSERT INTO audit_log (tenant_id, action, result, seq, prev_hash, hash)
      VALUES ('tr', 'forged', 'success', 999999, ${'f'.repeat(64)}, ${'e'.repeat(64)})`);
    const [row] = await rows<{ seq: string; prev_hash: string; hash: string }>(
      sql`SELECT seq::text, prev_hash, hash FROM audit_log WHERE action = 'forged'`,
    );
    expect(row.seq).not.toBe('999999');
    expect(row.prev_hash).not.toBe('f'.repeat(64));
    expect(row.hash).not.toBe('e'.repeat(64));
    const report = await verifyAuditChain(db());
    expect(report.problems).toEqual([]);
  });
});

describe("account aggregates move only through the ledger's function", () => {
  it('posts through ledger_post exactly, moving the account and not its neighbour', async () => {
    const before = await accountOf(acc.neighbour);
    const r = await deposit(acc.usd, '0.01');
    await deposit(acc.usd, '999999999999.99');
    expect(await accountOf(acc.usd)).toMatchObject({ balance: '1000000000100.10', deposit: '1000000000100.10' });
    expect(r.accounts.get(acc.usd)!.agg.balance).toBe(10011n);
    expect(await accountOf(acc.neighbour)).toEqual(before);
    const entries = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ledger_entry WHERE txn_id = ${r.txnId}`,
    );
    expect(entries[0].n).toBe(2);
    expect((await checkLedger(db())).violations).toEqual([]);
  });

  it('refuses what the ledger would refuse when called directly', async () => {
    const [p] = await rows<{ id: number }>(
      sql`SELECT id FROM platform_account WHERE tenant_id = 'tr' AND currency = 'USD' AND kind = 'cash'`,
    );
    const post = (tenant: string, lines: unknown[]) =>
      withRetry(db(), (tx) =>
        tx.execute(sql`SELECT ledger_post(${tenant}::text, 'deposit', ${JSON.stringify(lines)}::jsonb)`),
      );
    const client = (amount: string, id = acc.usd) => ({ account_id: id, currency: 'USD', amount, balance: amount });
    const platform = (amount: string) => ({ platform_account_id: p.id, currency: 'USD', amount });
    const before = await accountOf(acc.usd);
    // more than 2 decimals, unbalanced, another tenant's account, a platform line moving an aggregate, overdrawn
    expect(await refusal(post('tr', [client('0.001'), platform('-0.001')]))).toMatch(/malformed/);
    expect(await refusal(post('tr', [client('1.00'), platform('-0.99')]))).toMatch(/does not balance/);
    expect(await refusal(post('tr', [client('1.00', acc.pl), platform('-1.00')]))).toMatch(/not in tenant/);
    expect(await refusal(post('pl', [client('1.00', acc.pl), platform('-1.00')]))).toMatch(/tenant and currency/);
    expect(await refusal(post('tr', [client('1.00'), { ...platform('-1.00'), balance: '-1.00' }]))).toMatch(
      /ledger_entry_platform_plain/,
    );
    expect(await refusal(post('tr', [client('-99999999999999.00'), platform('99999999999999.00')]))).toMatch(
      /account_no_negative/,
    );
    expect(await accountOf(acc.usd)).toEqual(before);
    // Only the app's role (and the owner) may call it.
    const [grant] = await rows<{ public: boolean; app: boolean }>(
      sql.raw(`
      SELECT has_function_privilege('public', 'ledger_post(text, text, jsonb, text, bigint, bigint, text, bigint, text)', 'EXECUTE') AS public,
        has_function_privilege('${APP_ROLE}', 'ledger_post(text, text, jsonb, text, bigint, bigint, text, bigint, text)', 'EXECUTE') AS app`),
    );
    expect(grant).toEqual({ public: false, app: true });
  });

  it('as the owner, the guards of the tables still refuse (defence in depth)', async () => {
    await t.asOwner(async (owner) => {
      expect(await refusal(owner.execute(sql`UPDATE ledger_entry SET amount = amount`))).toMatch(/append-only/);
      expect(await refusal(owner.execute(sql`DELETE FROM audit_log`))).toMatch(/append-only/);
      expect(await refusal(owner.execute(sql`UPDATE account SET balance = -1 WHERE id = ${acc.usd}`))).toMatch(
        /account_no_negative/,
      );
    });
    expect((await checkLedger(db())).ok).toBe(true);
  });
});
