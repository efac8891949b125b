/**
 * Funds record exports (deposit, withdrawal, overdrawn, crypto deposit): every matched row streamed after a header
 * row in the list's order, headers and labels in `lang` (default zh-CN) from the record definitions, times in `tz`,
 * the list's filters and data scope, 403 without the export grant; the crypto deposit list, the deposit options and
 * the client list's create_datetime sort alias.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCryptoFields, seedFunds } from '../../server/db/seed-funds';
import { EXPORT_BATCH } from '../../server/core/list';
import { withRetry } from '../../server/core/retry';
import { createDeposit } from '../../server/modules/deposit/service';
import { byStaff, bySystem } from '../../server/modules/records/common';
import { compensation, deposit, loan, withdrawal } from '../../domain/records';
import { exportDeposits } from '../../server/modules/deposit/lists';
import { exportOverdrawn } from '../../server/modules/overdrawn/lists';
import { recordCsvColumns } from '../../server/modules/records/lists';
import { call, login, makeTestApp, type TestApp } from './helpers';

const BULK = EXPORT_BATCH + 150;

let t: TestApp;
const tokens: Record<string, string> = {};
const staffId: Record<string, number> = {};
let bulkClient: { id: number; username: string };

const rowsOf = async <T>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];

beforeAll(async () => {
  t = await makeTestApp();
  await seedFunds(t.database.db, 'tr', { clients: 16 });
  for (const r of await rowsOf<{ id: number; username: string }>(
    sql`SELECT id, username FROM staff_user WHERE tenant_id = 'tr'`,
  )) {
    staffId[r.username] = Number(r.id);
  }
  // More deposits than one export batch for one client of sales2, every third one crypto.
  const [c] = await rowsOf<{ id: number; username: string; account_id: number }>(sql`
    SELECT c.id, c.username, a.id AS account_id FROM client c JOIN account a ON a.client_id = c.id AND a.currency = 'USD'
    WHERE c.tenant_id = 'tr' AND c.agent_id = ${staffId.sales2} ORDER BY c.id LIMIT 1`);
  bulkClient = { id: Number(c.id), username: c.username };
  await withRetry(t.database.db, async (tx) => {
    for (let i = 0; i < BULK; i++) {
      await createDeposit(tx, bySystem('tr'), bulkClient.id, {
        account_id: Number(c.account_id),
        amount: `${1 + i}.${String(i % 100).padStart(2, '0')}`,
        ...(i % 3 === 0 ? { sub_type: 'crypto', ...demoCryptoFields(`bulk:${i}`) } : { sub_type: 'bank' }),
      });
    }
  });
  for (const u of ['admin', 'supervisor', 'leader', 'sales']) tokens[u] = (await login(t.app, u)).access_token;
});
afterAll(() => t?.close());

const get = (who: string, url: string) => call(t.app, 'GET', `/api${url}`, { token: tokens[who] });

/** The CSV lines without the BOM, split into cells (the test data holds no quoted commas). */
const csv = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((l) => l.split(','));

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += chunk;
  return out;
}

/** The header row of a record definition's CSV in a language. */
const headersOf = (def: Parameters<typeof recordCsvColumns>[0], lang: 'zh-CN' | 'en-US' = 'zh-CN') =>
  recordCsvColumns(def, lang).map((c) => c.header);

const scalar = async (query: ReturnType<typeof sql>) => Number((await rowsOf<{ n: unknown }>(query))[0].n);

describe('deposit export', () => {
  it('streams every matched row after the translated header, in the list order, amounts as stored', async () => {
    const res = await get('supervisor', `/deposit/admin/v1/list/export?username=${bulkClient.username}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="deposits.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = csv(res.body);
    expect(header).toEqual(headersOf(deposit));
    expect(header.slice(0, 10)).toEqual([
      'ID',
      '客户 ID',
      '客户',
      '姓名',
      '类型',
      '充值方式',
      '业务员',
      '账户 ID',
      '币种',
      '金额',
    ]);
    // The list's default order: newest first, then the highest id.
    const stored = await rowsOf<{ id: number; amount: string; sub_type: string; status: string }>(
      sql`SELECT id, amount::text AS amount, sub_type, status FROM deposit_record WHERE client_id = ${bulkClient.id}
          ORDER BY created_at DESC, id DESC`,
    );
    expect(stored.length).toBeGreaterThan(BULK);
    expect(Number(res.headers['x-total-count'])).toBe(stored.length);
    const col = (name: string) => header.indexOf(name);
    expect(rows.map((r) => [Number(r[0]), r[col('金额')]])).toEqual(stored.map((s) => [Number(s.id), s.amount]));
    expect(rows.every((r) => r[col('客户')] === bulkClient.username)).toBe(true);
    // Enum values and the client type as labels, times local (Asia/Shanghai) without a zone.
    const labels = { bank: '银行转账', crypto: '加密货币', exchange: '兑换' } as Record<string, string>;
    expect(rows.map((r) => r[col('充值方式')])).toEqual(stored.map((s) => labels[s.sub_type]));
    const statuses = { pending: '待审核', approved: '已通过', rejected: '已拒绝', rolled_back: '已回滚' } as Record<
      string,
      string
    >;
    expect(rows.map((r) => r[col('状态')])).toEqual(stored.map((s) => statuses[s.status]));
    expect(rows.every((r) => r[col('类型')] === '真实')).toBe(true);
    expect(rows[0][col('创建时间')]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('follows the sort and order asked, and answers English headers and labels with lang=en-US', async () => {
    const res = await get(
      'supervisor',
      `/deposit/admin/v1/list/export?username=${bulkClient.username}&sort=amount&order=asc&lang=en-US&tz=UTC`,
    );
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = csv(res.body);
    expect(header).toEqual(headersOf(deposit, 'en-US'));
    expect(header.slice(0, 6)).toEqual(['ID', 'Client ID', 'Client', 'Full name', 'Type', 'Deposit type']);
    const stored = await rowsOf<{ id: number; created_at: string; status: string }>(
      sql`SELECT id, status, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS created_at
          FROM deposit_record WHERE client_id = ${bulkClient.id} ORDER BY amount ASC, id ASC`,
    );
    expect(rows.map((r) => Number(r[0]))).toEqual(stored.map((s) => Number(s.id)));
    expect(rows.map((r) => r[header.indexOf('Created at')])).toEqual(stored.map((s) => s.created_at));
    expect(rows.every((r) => r[header.indexOf('Type')] === 'Real')).toBe(true);
    expect(rows.map((r) => r[header.indexOf('Status')])).toEqual(
      stored.map((s) => ({ pending: 'Pending', approved: 'Approved' })[s.status] ?? s.status),
    );
    expect((await get('supervisor', '/deposit/admin/v1/list/export?lang=fr')).statusCode).toBe(400);
    expect((await get('supervisor', '/deposit/admin/v1/list/export?sort=username')).statusCode).toBe(400);
  });

  it('exports the whole list unfiltered and applies the list filters', async () => {
    const all = csv((await get('admin', '/deposit/admin/v1/list/export')).body);
    expect(all.length - 1).toBe(await scalar(sql`SELECT count(*) AS n FROM deposit_record WHERE tenant_id = 'tr'`));
    const list = (await get('admin', '/deposit/admin/v1/list?status=pending&sub_type=crypto')).json();
    const [header, ...rows] = csv(
      (await get('admin', '/deposit/admin/v1/list/export?status=pending&sub_type=crypto')).body,
    );
    expect(rows).toHaveLength(list.total);
    const col = (name: string) => header.indexOf(name);
    expect(rows.every((r) => r[col('状态')] === '待审核' && r[col('充值方式')] === '加密货币')).toBe(true);
  });

  it("keeps to the data scope: a salesman's export holds only his clients' records", async () => {
    const sales = byStaff({ id: staffId.sales, tenantId: 'tr', role: 'hero' });
    const [header, ...rows] = csv(await readAll((await exportDeposits(t.database.db, sales, {})).stream));
    const own = await rowsOf<{ id: number }>(sql`
      SELECT d.id FROM deposit_record d JOIN client c ON c.id = d.client_id
      WHERE d.tenant_id = 'tr' AND c.agent_id = ${staffId.sales} ORDER BY d.created_at DESC, d.id DESC`);
    expect(own.length).toBeGreaterThan(0);
    expect(rows.map((r) => Number(r[0]))).toEqual(own.map((r) => Number(r.id)));
    expect(rows.some((r) => r[header.indexOf('客户 ID')] === String(bulkClient.id))).toBe(false);
    const filtered = await exportDeposits(t.database.db, sales, { username: bulkClient.username });
    expect(csv(await readAll(filtered.stream))).toHaveLength(1);
    expect(filtered.total).toBe(0);
  });
});

describe('withdrawal and overdrawn exports', () => {
  it('export every withdrawal the list counts', async () => {
    const list = (await get('supervisor', '/withdraw/admin/v1/list')).json();
    expect(list.total).toBeGreaterThan(0);
    const res = await get('supervisor', '/withdraw/admin/v1/list/export');
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = csv(res.body);
    expect(header).toEqual(headersOf(withdrawal));
    expect(rows).toHaveLength(list.total);
    const stored = await rowsOf<{ amount: string }>(
      sql`SELECT amount::text AS amount FROM withdraw_record WHERE tenant_id = 'tr' ORDER BY created_at DESC, id DESC`,
    );
    expect(rows.map((r) => r[header.indexOf('金额')])).toEqual(stored.map((s) => s.amount));
  });

  it('export overdrawn records by sub_type, loans with the loan columns, bonus points with theirs', async () => {
    const kinds: Record<string, string> = { loan: '借贷', compensation: '赠分', bonus: '奖励' };
    for (const sub of ['loan', 'compensation', 'bonus']) {
      const list = (await get('supervisor', `/overdrawn/admin/v1/record/list?sub_type=${sub}`)).json();
      const res = await get('supervisor', `/overdrawn/admin/v1/record/list/export?sub_type=${sub}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${sub}-records.csv"`);
      const [header, ...rows] = csv(res.body);
      expect(header).toEqual(headersOf(sub === 'loan' ? loan : compensation));
      expect(header.includes('尚欠')).toBe(sub === 'loan');
      expect(rows).toHaveLength(list.total);
      expect(rows.every((r) => r[header.indexOf('类别')] === kinds[sub])).toBe(true);
    }
    const sales = byStaff({ id: staffId.sales, tenantId: 'tr', role: 'hero' });
    const [, ...own] = csv(await readAll((await exportOverdrawn(t.database.db, sales, { sub_type: 'loan' })).stream));
    const expected = await scalar(sql`
      SELECT count(*) AS n FROM overdrawn_record o JOIN client c ON c.id = o.client_id
      WHERE o.sub_type = 'loan' AND c.agent_id = ${staffId.sales}`);
    expect(own).toHaveLength(expected);
  });

  it('are refused to roles without the export grant', async () => {
    for (const who of ['sales', 'leader']) {
      for (const url of [
        '/deposit/admin/v1/list/export',
        '/deposit/admin/v1/crypto/list/export',
        '/withdraw/admin/v1/list/export',
        '/overdrawn/admin/v1/record/list/export?sub_type=loan',
        '/overdrawn/admin/v1/record/list/export?sub_type=compensation',
      ]) {
        expect((await get(who, url)).statusCode, `${who} ${url}`).toBe(403);
      }
      // The lists stay readable.
      expect((await get(who, '/deposit/admin/v1/list')).statusCode).toBe(200);
    }
  });
});

describe('crypto deposit records', () => {
  it('list only crypto deposits; asking another sub_type is 400, never bank rows', async () => {
    const crypto = await scalar(
      sql`SELECT count(*) AS n FROM deposit_record WHERE tenant_id = 'tr' AND sub_type = 'crypto'`,
    );
    const res = await get('supervisor', '/deposit/admin/v1/crypto/list?page_size=200');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(crypto);
    expect(body.data).toHaveLength(200);
    expect(body.data.every((d: { sub_type: string }) => d.sub_type === 'crypto')).toBe(true);
    // not a filter of this list: refused (unknown_field), as any parameter the list does not take
    const other = await get('supervisor', '/deposit/admin/v1/crypto/list?page_size=200&sub_type=bank');
    expect(other.statusCode).toBe(400);
    expect(other.json().field_codes?.sub_type?.code).toBe('unknown_field');
    const [header, ...rows] = csv((await get('admin', '/deposit/admin/v1/crypto/list/export?lang=en-US')).body);
    expect(rows).toHaveLength(crypto);
    expect(header.slice(header.indexOf('Credited') + 1, header.indexOf('Status'))).toEqual([
      'Chain',
      'Receiving address',
      'Transaction hash',
    ]);
    expect(rows.every((r) => r[header.indexOf('Chain')] !== '')).toBe(true);
    expect((await get('sales', '/deposit/admin/v1/crypto/list')).statusCode).toBe(403);
  });
});

describe('deposit options', () => {
  it('answer the deposit sub_types, bank (the default) first, to client:fund', async () => {
    const res = await get('admin', '/deposit/admin/v1/options');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([{ value: 'bank' }, { value: 'crypto' }, { value: 'exchange' }]);
    expect(Array.isArray(res.json().addresses)).toBe(true);
    expect((await get('sales', '/deposit/admin/v1/options')).statusCode).toBe(403);
  });
});

describe('client list sort', () => {
  it('accepts create_datetime as the alias of created_at', async () => {
    const ids = async (sort: string) =>
      (await get('admin', `/client/admin/v1/list?sort=${sort}&order=asc&page_size=50`))
        .json()
        .data.map((c: { id: number }) => c.id);
    const alias = await ids('create_datetime');
    expect(alias.length).toBeGreaterThan(1);
    expect(alias).toEqual(await ids('created_at'));
    expect(alias).not.toEqual(await ids('username'));
    expect((await get('admin', '/client/admin/v1/list?sort=nope')).statusCode).toBe(400);
  });
});
