/**
 * Crypto deposits: the specialized deposit's chain, address and tx_hash (validated, canonical, required together for
 * sub_type crypto and refused on the others), one record per on-chain transaction (409 duplicate_tx_hash), the crypto
 * list's chain and tx_hash filters, the export's columns, the ledger check after a crypto credit, the database CHECK,
 * and migration 0007's backfill of crypto rows recorded before it.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalTxHash, cryptoFieldProblems } from '../../domain/crypto-chains';
import { seedFunds } from '../../server/db/seed-funds';
import { checkLedger } from '../../server/ledger';
import { cryptoDeposit } from '../../domain/records';
import { recordCsvColumns } from '../../server/modules/records/lists';
import { call, login, makeTestApp, type TestApp } from './helpers';

let t: TestApp;
const tokens: Record<string, string> = {};
let clientId: number;
let usdAccount: number;

const rows = async <T>(q: ReturnType<typeof sql>) => (await t.database.db.execute(q)).rows as T[];

beforeAll(async () => {
  t = await makeTestApp();
  await seedFunds(t.database.db, 'tr', { clients: 12 });
  for (const u of ['admin', 'supervisor', 'sales']) tokens[u] = (await login(t.app, u)).access_token;
  const [c] = await rows<{ id: number; account_id: number }>(sql`
    SELECT c.id, a.id AS account_id FROM client c JOIN account a ON a.client_id = c.id AND a.currency = 'USD'
    WHERE c.tenant_id = 'tr' ORDER BY c.id LIMIT 1`);
  clientId = Number(c.id);
  usdAccount = Number(c.account_id);
});
afterAll(() => t?.close());

const as = (
  who: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
) => call(t.app, method, `/api${url}`, { token: tokens[who], body, headers });

const deposit = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  as(
    'admin',
    'POST',
    `/deposit/admin/v2/specialized/${clientId}`,
    { account_id: usdAccount, amount: '10', ...body },
    headers,
  );

/** The constraint a driver error names, looking through drizzle's wrapping. */
function constraintOf(e: unknown): string | undefined {
  for (let cur: any = e, depth = 0; cur && depth < 5; cur = cur.cause, depth++) {
    if (typeof cur.constraint === 'string') return cur.constraint;
  }
  return undefined;
}

/** A fresh 64-digit hex hash (distinct per call). */
let counter = 0;
const hex64 = () => (++counter).toString(16).padStart(8, '0').repeat(8);

const TRC20_ADDRESS = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const EVM_ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const SOL_SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

describe('specialized crypto deposit', () => {
  it('records the chain, address and hash, canonical, and shows them in the views', async () => {
    const hash = hex64();
    const evm = await deposit({
      sub_type: 'crypto',
      chain: 'ERC20',
      address: EVM_ADDRESS,
      tx_hash: hash.toUpperCase(),
    });
    expect(evm.statusCode).toBe(200);
    // EVM hashes: lower case, 0x-prefixed; the address as given.
    expect(evm.json()).toMatchObject({
      sub_type: 'crypto',
      chain: 'ERC20',
      address: EVM_ADDRESS,
      tx_hash: `0x${hash}`,
    });

    const tron = await deposit({ sub_type: 'crypto', chain: 'TRC20', address: TRC20_ADDRESS, tx_hash: `0x${hex64()}` });
    expect(tron.statusCode).toBe(200);
    expect(tron.json().tx_hash).toMatch(/^[0-9a-f]{64}$/);

    const sol = await deposit({
      sub_type: 'crypto',
      chain: 'SOL',
      address: 'So11111111111111111111111111111111111111112',
      tx_hash: SOL_SIGNATURE,
    });
    expect([sol.statusCode, sol.json().tx_hash]).toEqual([200, SOL_SIGNATURE]);

    const detail = await as('supervisor', 'GET', `/deposit/admin/v1/detail/${evm.json().id}`);
    expect(detail.json()).toMatchObject({ chain: 'ERC20', address: EVM_ADDRESS, tx_hash: `0x${hash}` });
    const bank = await deposit({ sub_type: 'bank' });
    expect(bank.json()).toMatchObject({ sub_type: 'bank', chain: null, address: null, tx_hash: null });
  });

  it('refuses a crypto deposit without its fields, and the fields on other sub_types', async () => {
    const before = await rows<{ n: string }>(sql`SELECT count(*) AS n FROM deposit_record`);
    const missing = await deposit({ sub_type: 'crypto' });
    expect([missing.statusCode, missing.json().code]).toEqual([400, 'validation']);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['address', 'chain', 'tx_hash']);

    const onlyChain = await deposit({ sub_type: 'crypto', chain: 'BTC' });
    expect(Object.keys(onlyChain.json().errors).sort()).toEqual(['address', 'tx_hash']);

    const onBank = await deposit({ sub_type: 'bank', chain: 'TRC20', tx_hash: hex64() });
    expect(onBank.statusCode).toBe(400);
    expect(Object.keys(onBank.json().errors).sort()).toEqual(['chain', 'tx_hash']);
    // The default sub_type is bank too.
    expect((await deposit({ address: TRC20_ADDRESS })).json().errors).toHaveProperty('address');
    const after = await rows<{ n: string }>(sql`SELECT count(*) AS n FROM deposit_record`);
    expect(after[0].n).toBe(before[0].n);
  });

  it.each([
    ['chain', { chain: 'DOGE' }],
    ['chain', { chain: 'trc20' }],
    ['address', { address: 'T' + 'x'.repeat(18) }],
    ['address', { address: 'T' + 'x'.repeat(120) }],
    ['address', { address: 'TXYZopYRdj2D9XRtbG41-XZZ3kM5VkAeBf' }],
    ['tx_hash', { tx_hash: 'ab'.repeat(15) }],
    ['tx_hash', { tx_hash: 'a'.repeat(101) }],
    ['tx_hash', { tx_hash: `0x${'g'.repeat(64)}` }],
    // base58 has no 0, O, I or l
    ['tx_hash', { tx_hash: `${SOL_SIGNATURE.slice(0, 40)}0OIl` }],
  ])('refuses an invalid %s (%j)', async (field, bad) => {
    const res = await deposit({ sub_type: 'crypto', chain: 'TRC20', address: TRC20_ADDRESS, tx_hash: hex64(), ...bad });
    expect([res.statusCode, res.json().code]).toEqual([400, 'validation']);
    expect(Object.keys(res.json().errors)).toEqual([field]);
  });

  it('records an on-chain transaction once per chain: a repeat is 409 duplicate_tx_hash, whatever its spelling', async () => {
    const hash = hex64();
    const body = { sub_type: 'crypto', chain: 'BEP20', address: EVM_ADDRESS, tx_hash: hash };
    const first = await deposit(body, { 'idempotency-key': 'crypto-dup-1' });
    expect(first.statusCode).toBe(200);
    // The same key and body replays the first record (a double click is not a duplicate).
    expect((await deposit(body, { 'idempotency-key': 'crypto-dup-1' })).json()).toEqual(first.json());

    for (const spelling of [hash, hash.toUpperCase(), `0x${hash.toUpperCase()}`]) {
      const again = await deposit({ ...body, tx_hash: spelling, amount: '11' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'duplicate_tx_hash', errors: { tx_hash: expect.any(String) } });
      expect(again.json().message).toContain('BEP20');
    }
    expect((await rows(sql`SELECT id FROM deposit_record WHERE tx_hash = ${`0x${hash}`}`)).length).toBe(1);
    const audit = await rows<{ result: string; detail: string }>(
      sql`SELECT result, detail FROM audit_log WHERE action = 'deposit.specialized' AND result = 'failure' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit[0].detail).toBe('duplicate_tx_hash');

    // Another chain may carry the same hash.
    expect((await deposit({ ...body, chain: 'ETH' })).statusCode).toBe(200);

    // A rejected record (say, made for the wrong client) frees its hash: the transaction may be recorded again,
    // once; approved and rolled-back records keep holding it.
    const id = first.json().id;
    const rejected = await as('supervisor', 'PUT', `/deposit/admin/v1/audit/${id}`, { status: 'rejected' });
    expect(rejected.json().status).toBe('rejected');
    const again = await deposit({ ...body, amount: '12' });
    expect(again.statusCode).toBe(200);
    expect((await deposit({ ...body, amount: '13' })).json().code).toBe('duplicate_tx_hash');
    const approved = await as('supervisor', 'PUT', `/deposit/admin/v1/audit/${again.json().id}`, {
      status: 'approved',
    });
    expect(approved.json().status).toBe('approved');
    // The administrator asks for the rollback (maker-checker: a rollback approval), the supervisor checks it.
    const asked = (await as('admin', 'PUT', `/deposit/admin/v1/rollback/${again.json().id}`)).json();
    const decided = await as('supervisor', 'PUT', `/approval/admin/v1/decide/${asked.approval.id}`, {
      decision: 'approved',
    });
    expect(decided.json().record.status).toBe('rolled_back');
    expect((await deposit({ ...body, amount: '14' })).json().code).toBe('duplicate_tx_hash');
  });

  it('keeps the database CHECK: a crypto row without its fields is refused', async () => {
    const error = await t.database.db
      .execute(
        sql`
        INSERT INTO deposit_record (tenant_id, client_id, account_id, currency, amount, credit_currency, credit_amount, sub_type)
        VALUES ('tr', ${clientId}, ${usdAccount}, 'USD', 1, 'USD', 1, 'crypto')`,
      )
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(constraintOf(error)).toBe('deposit_crypto_fields');
  });
});

describe('crypto deposit list and export', () => {
  let known: { id: number; chain: string; tx_hash: string };

  beforeAll(async () => {
    const res = await deposit({ sub_type: 'crypto', chain: 'ETH', address: EVM_ADDRESS, tx_hash: `0x${hex64()}` });
    known = res.json();
  });

  const list = async (q: string) => {
    const res = await as('supervisor', 'GET', `/deposit/admin/v1/crypto/list?page_size=200${q}`);
    expect(res.statusCode).toBe(200);
    return res.json() as { data: { id: number; chain: string; tx_hash: string; sub_type: string }[]; total: number };
  };

  it('filters by chain', async () => {
    const [{ n }] = await rows<{ n: string }>(
      sql`SELECT count(*) AS n FROM deposit_record WHERE tenant_id = 'tr' AND sub_type = 'crypto' AND chain = 'ETH'`,
    );
    const eth = await list('&chain=ETH');
    expect(eth.total).toBe(Number(n));
    expect(eth.total).toBeGreaterThan(0);
    expect(eth.data.every((d) => d.chain === 'ETH' && d.sub_type === 'crypto')).toBe(true);
    const bad = await as('supervisor', 'GET', '/deposit/admin/v1/crypto/list?chain=DOGE');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'validation']);
  });

  it('filters by exact tx_hash, in any spelling, with or without the chain', async () => {
    const digits = known.tx_hash.slice(2);
    for (const q of [
      `&tx_hash=${known.tx_hash}`,
      `&tx_hash=${digits.toUpperCase()}`,
      `&tx_hash=${known.tx_hash}&chain=ETH`,
    ]) {
      const found = await list(q);
      expect(
        found.data.map((d) => d.id),
        q,
      ).toEqual([known.id]);
      expect(found.total).toBe(1);
    }
    expect((await list(`&tx_hash=${known.tx_hash}&chain=ERC20`)).total).toBe(0);
    // sub_type is not a filter of this list: refused, not silently ignored.
    const subType = await as(
      'supervisor',
      'GET',
      `/deposit/admin/v1/crypto/list?tx_hash=${known.tx_hash}&sub_type=bank`,
    );
    expect(subType.statusCode).toBe(400);
    expect(subType.json().field_codes?.sub_type?.code).toBe('unknown_field');
    // Exact, not a prefix.
    expect((await list(`&tx_hash=${known.tx_hash.slice(0, 20)}`)).total).toBe(0);
  });

  it('exports chain, address and tx_hash after the credited amount, with the list filters', async () => {
    const header = recordCsvColumns(cryptoDeposit).map((c) => c.header);
    const at = header.indexOf('入账金额');
    expect(header.slice(at, at + 4)).toEqual(['入账金额', '链', '收款地址', '交易哈希']);
    const res = await as('admin', 'GET', '/deposit/admin/v1/crypto/list/export?chain=ETH');
    expect(res.statusCode).toBe(200);
    const [head, ...lines] = res.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean)
      .map((l) => l.split(','));
    expect(head).toEqual(header);
    expect(lines).toHaveLength((await list('&chain=ETH')).total);
    const col = (name: string) => head.indexOf(name);
    expect(lines.every((l) => l[col('链')] === 'ETH（以太坊）')).toBe(true);
    const mine = lines.find((l) => Number(l[0]) === known.id)!;
    expect([mine[col('收款地址')], mine[col('交易哈希')]]).toEqual([EVM_ADDRESS, known.tx_hash]);
    const one = await as('admin', 'GET', `/deposit/admin/v1/crypto/list/export?tx_hash=${known.tx_hash}`);
    expect(
      one.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean),
    ).toHaveLength(2);
  });

  it('credits an approved crypto deposit through the ledger, which still checks out', async () => {
    // The administrator recorded it (maker-checker): the supervisor checks it.
    const approved = await as('supervisor', 'PUT', `/deposit/admin/v1/audit/${known.id}`, { status: 'approved' });
    expect([approved.statusCode, approved.json().status, approved.json().chain]).toEqual([200, 'approved', 'ETH']);
    const report = await checkLedger(t.database.db);
    expect(report.violations).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('seeds crypto deposits with valid fields', async () => {
    const seeded = await rows<{ chain: string; address: string; tx_hash: string }>(
      sql`SELECT chain, address, tx_hash FROM deposit_record WHERE sub_type = 'crypto' AND created_by IS NULL`,
    );
    expect(seeded.length).toBeGreaterThan(0);
    for (const r of seeded) {
      expect(cryptoFieldProblems(r)).toEqual({});
      expect(canonicalTxHash(r.chain, r.tx_hash)).toBe(r.tx_hash);
    }
  });
});

describe('migration 0007_crypto_deposit_fields', () => {
  const migrations = fileURLToPath(new URL('../../server/db/migrations', import.meta.url));

  /** The migrations folder as it was before 0007. */
  function before0007(): string {
    const dir = mkdtempSync(join(tmpdir(), 'bo-mig-'));
    cpSync(migrations, dir, { recursive: true, filter: (src) => !/0007_/.test(src) });
    const journal = JSON.parse(readFileSync(join(dir, 'meta/_journal.json'), 'utf8'));
    journal.entries = journal.entries.filter((e: { idx: number }) => e.idx < 7);
    writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify(journal));
    return dir;
  }

  it('backfills existing crypto deposits with valid, distinct fields, then enforces them', async () => {
    const base = process.env.DATABASE_URL;
    let db: any;
    let done: () => Promise<void>;
    let migrate: (folder: string) => Promise<void>;
    if (base) {
      const name = `bo_t_mig_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(base);
      url.pathname = `/${name}`;
      const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
      // DROP ... WITH (FORCE) below may reach a connection the pool is still closing: not an error of the test.
      pool.on('error', () => {});
      db = drizzlePg(pool);
      migrate = (folder) => migratePg(db, { migrationsFolder: folder });
      done = async () => {
        await pool.end();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      };
    } else {
      const client = new PGlite();
      db = drizzlePglite(client);
      migrate = (folder) => migratePglite(db, { migrationsFolder: folder });
      done = () => client.close();
    }
    try {
      await migrate(before0007());
      await db.execute(sql`INSERT INTO tenant (id, name) VALUES ('tr', 'tr')`);
      await db.execute(sql`INSERT INTO client (id, tenant_id, username) VALUES (1, 'tr', 'old')`);
      await db.execute(sql`INSERT INTO account (id, tenant_id, client_id, currency) VALUES (1, 'tr', 1, 'USD')`);
      await db.execute(sql`
        INSERT INTO deposit_record (tenant_id, client_id, account_id, currency, amount, credit_currency, credit_amount, sub_type)
        SELECT 'tr', 1, 1, 'USD', 1, 'USD', 1, CASE WHEN g % 7 = 0 THEN 'bank' ELSE 'crypto' END
        FROM generate_series(1, 30) g`);

      await migrate(migrations);
      const after = (await db.execute(sql`SELECT sub_type, chain, address, tx_hash FROM deposit_record ORDER BY id`))
        .rows as { sub_type: string; chain: string | null; address: string | null; tx_hash: string | null }[];
      const crypto = after.filter((r) => r.sub_type === 'crypto');
      expect(crypto).toHaveLength(26);
      for (const r of crypto) {
        expect(cryptoFieldProblems(r), JSON.stringify(r)).toEqual({});
        expect(canonicalTxHash(r.chain!, r.tx_hash!)).toBe(r.tx_hash);
      }
      expect(new Set(crypto.map((r) => r.chain)).size).toBe(6);
      expect(new Set(crypto.map((r) => r.tx_hash)).size).toBe(26);
      expect(after.filter((r) => r.sub_type === 'bank').every((r) => !r.chain && !r.address && !r.tx_hash)).toBe(true);
      await expect(
        db.execute(sql`
          INSERT INTO deposit_record (tenant_id, client_id, account_id, currency, amount, credit_currency, credit_amount, sub_type)
          VALUES ('tr', 1, 1, 'USD', 1, 'USD', 1, 'crypto')`),
      ).rejects.toThrow();
      const [dup] = crypto;
      await expect(
        db.execute(sql`
          INSERT INTO deposit_record (tenant_id, client_id, account_id, currency, amount, credit_currency, credit_amount,
            sub_type, chain, address, tx_hash)
          VALUES ('tr', 1, 1, 'USD', 1, 'USD', 1, 'crypto', ${dup.chain}, ${dup.address}, ${dup.tx_hash})`),
      ).rejects.toThrow();
    } finally {
      await done();
    }
  });
});
