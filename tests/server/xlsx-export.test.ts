/**
 * Exports as .xlsx (`format=xlsx`, core/list/xlsx.ts): the file opens with ExcelJS; one sheet, the header row frozen
 * and in the UI language (the same headers as the CSV), amounts and rates as number cells with their decimals, ids as
 * text, times as Date cells holding the caller's wall-clock time, an amount beyond a double's exact digits kept as
 * text; the same filters and scope as the CSV, the audit row names the format, a hostile `format` is 400. Covers the
 * three export paths: a record export (deposits), an entity list (clients) and a trading list (stock orders).
 */
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFunds } from '../../server/db/seed-funds';
import { withRetry } from '../../server/core/retry';
import { localTime } from '../../server/core/local-time';
import { excelNumber } from '../../server/core/list';
import { createDeposit } from '../../server/modules/deposit/service';
import { bySystem } from '../../server/modules/records/common';
import { recordCsvColumns } from '../../server/modules/records/lists';
import { deposit } from '../../domain/records';
import { exportFields } from '../../domain/entity';
import { call, login, makeTestApp, type TestApp } from './helpers';

let t: TestApp;
let token: string;
let who: { id: number; username: string };
/** The deposits made here: an ordinary amount, the largest exact one, and one stored beyond 15 digits. */
const made: Record<'plain' | 'exact' | 'huge', number> = { plain: 0, exact: 0, huge: 0 };
const HUGE = '123456789012345.67';

const rowsOf = async <T>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];

beforeAll(async () => {
  t = await makeTestApp();
  await seedFunds(t.database.db, 'tr', { clients: 4 });
  const [c] = await rowsOf<{ id: number; username: string; account_id: number }>(sql`
    SELECT c.id, c.username, a.id AS account_id FROM client c JOIN account a ON a.client_id = c.id AND a.currency = 'USD'
    WHERE c.tenant_id = 'tr' ORDER BY c.id LIMIT 1`);
  who = { id: Number(c.id), username: c.username };
  await withRetry(t.database.db, async (tx) => {
    for (const [key, amount] of [
      ['plain', '1234.56'],
      ['exact', '9999999999999.99'],
      ['huge', '1.00'],
    ] as const) {
      const d = await createDeposit(tx, bySystem('tr'), who.id, {
        account_id: Number(c.account_id),
        amount,
        sub_type: 'bank',
      });
      made[key] = Number((d as { id: number }).id);
    }
  });
  // numeric(20,2) holds 20 digits: more than a double keeps exactly (no API path makes one this large today)
  await t.database.db.execute(sql`UPDATE deposit_record SET amount = ${HUGE}::numeric WHERE id = ${made.huge}`);
  token = (await login(t.app, 'admin')).access_token;
});
afterAll(() => t?.close());

const get = (url: string) => call(t.app, 'GET', `/api${url}`, { token });

async function open(url: string) {
  const res = await get(url);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  expect(book.worksheets).toHaveLength(1);
  return { res, sheet: book.worksheets[0] };
}

const headerOf = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1);

describe('deposit export as .xlsx', () => {
  it('types the cells: amounts and rates as numbers, ids as text, times as Date cells in the caller zone', async () => {
    const tz = 'America/New_York';
    const { res, sheet } = await open(
      `/deposit/admin/v1/list/export?format=xlsx&lang=en-US&tz=${tz}&username=${who.username}`,
    );
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="deposits.xlsx"');
    // the sheet is named after the list, in the caller's language (as the header row)
    expect(sheet.name).toBe('Deposit records');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(headerOf(sheet)).toEqual(recordCsvColumns(deposit, 'en-US').map((c) => c.header));
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);

    const names = exportFields(deposit).map((f) => f.name);
    const col = (name: string) => names.indexOf(name) + 1;
    const stored = await rowsOf<{ id: number; created_at: Date | string }>(
      sql`SELECT id, created_at FROM deposit_record WHERE client_id = ${who.id} ORDER BY created_at DESC, id DESC`,
    );
    expect(sheet.actualRowCount - 1).toBe(stored.length);
    const rowOf = (id: number) => {
      const n = stored.findIndex((s) => Number(s.id) === id);
      expect(n).toBeGreaterThanOrEqual(0);
      return sheet.getRow(n + 2);
    };

    const plain = rowOf(made.plain);
    // ids are text (a long id never turns into 1.23E+15)
    expect(plain.getCell(col('id')).type).toBe(ExcelJS.ValueType.String);
    expect(plain.getCell(col('id')).value).toBe(String(made.plain));
    expect(plain.getCell(col('client_id')).value).toBe(String(who.id));
    expect(plain.getCell(col('username')).value).toBe(who.username);
    // amounts: number cells with two decimals; the rate with its own eight
    expect(plain.getCell(col('amount')).type).toBe(ExcelJS.ValueType.Number);
    expect(plain.getCell(col('amount')).value).toBe(1234.56);
    expect(plain.getCell(col('amount')).numFmt).toBe('#,##0.00');
    expect(plain.getCell(col('credit_amount')).value).toBe(1234.56);
    expect(plain.getCell(col('rate')).value).toBe(1);
    expect(plain.getCell(col('rate')).numFmt).toBe('#,##0.00000000');
    // labels as in the CSV, in the language asked
    expect(plain.getCell(col('status')).value).toBe('Pending');
    // times: Excel dates whose fields are New York's wall-clock time of the stored instant
    const createdAt = stored.find((s) => Number(s.id) === made.plain)!.created_at;
    const cell = plain.getCell(col('created_at'));
    expect(cell.type).toBe(ExcelJS.ValueType.Date);
    expect(cell.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    const wall = localTime(createdAt, tz);
    expect((cell.value as Date).toISOString()).toBe(`${wall.replace(' ', 'T')}.000Z`);
    expect(localTime(createdAt, 'UTC')).not.toBe(wall);
    // empty fields are empty cells
    expect(plain.getCell(col('resolved_at')).value).toBeNull();

    // 15 significant digits are exact in a double: a number; 17 are not: the exact decimal as text
    expect(rowOf(made.exact).getCell(col('amount')).value).toBe(9999999999999.99);
    expect(String(rowOf(made.exact).getCell(col('amount')).value)).toBe('9999999999999.99');
    expect(rowOf(made.huge).getCell(col('amount')).type).toBe(ExcelJS.ValueType.String);
    expect(rowOf(made.huge).getCell(col('amount')).value).toBe(HUGE);

    // widths fit the header and the values
    const widths = sheet.columns.map((c) => c.width ?? 0);
    expect(widths[col('created_at') - 1]).toBeGreaterThanOrEqual(19);
    expect(widths.every((w) => w >= 8 && w <= 60)).toBe(true);
  });

  it('answers the headers in Chinese by default and times in the tenant zone, and holds what the CSV holds', async () => {
    const { sheet } = await open(`/deposit/admin/v1/list/export?format=xlsx&username=${who.username}`);
    expect(sheet.name).toBe('充值记录');
    expect(headerOf(sheet)).toEqual(recordCsvColumns(deposit, 'zh-CN').map((c) => c.header));
    expect(headerOf(sheet).slice(0, 3)).toEqual(['ID', '客户 ID', '客户']);
    const csv = (await get(`/deposit/admin/v1/list/export?username=${who.username}`)).body;
    const lines = csv
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(sheet.actualRowCount).toBe(lines.length);
    const first = lines[1].split(',');
    const names = exportFields(deposit).map((f) => f.name);
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe(first[0]);
    const created = row.getCell(names.indexOf('created_at') + 1).value as Date;
    // the tenant's zone (Asia/Shanghai) as the CSV's text
    expect(created.toISOString().slice(0, 19).replace('T', ' ')).toBe(first[names.indexOf('created_at')]);
  });

  it('audits the export with its format, and refuses a hostile format with 400', async () => {
    await open(`/deposit/admin/v1/list/export?format=xlsx&status=pending&username=${who.username}`);
    let audit: { after: { format: string; rows: number; file: string; filters: Record<string, unknown> } } | undefined;
    for (let i = 0; i < 50 && !audit; i++) {
      [audit] = await rowsOf<NonNullable<typeof audit>>(
        sql`SELECT after FROM audit_log WHERE action = 'list.export' AND after->>'format' = 'xlsx'
            AND after->'filters'->>'status' = 'pending' ORDER BY id DESC LIMIT 1`,
      );
      if (!audit) await new Promise((r) => setTimeout(r, 20));
    }
    expect(audit?.after).toMatchObject({ format: 'xlsx', rows: 3, file: 'deposits.xlsx' });
    expect(audit?.after.filters).not.toHaveProperty('format');
    for (const bad of ['pdf', 'XLSX', 'xlsx%00', '%3Cscript%3E', 'x'.repeat(5000)]) {
      const res = await get(`/deposit/admin/v1/list/export?format=${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await get('/deposit/admin/v1/list/export?format=xlsx&format=csv')).statusCode).toBe(400);
    expect((await get('/client/admin/v1/list/export?format=ods')).statusCode).toBe(400);
  });
});

describe('the other export paths as .xlsx', () => {
  it('an entity list (clients) and a trading list (stock orders) open with their headers', async () => {
    const clients = await open('/client/admin/v1/list/export?format=xlsx&lang=en-US');
    expect(clients.res.headers['content-disposition']).toMatch(/filename="client-\d{8}-\d{6}\.xlsx"/);
    expect(headerOf(clients.sheet)[0]).toBe('ID');
    const n = await rowsOf<{ n: number }>(sql`SELECT count(*)::int AS n FROM client WHERE tenant_id = 'tr'`);
    expect(clients.sheet.actualRowCount - 1).toBe(Number(n[0].n));
    expect(clients.sheet.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(clients.sheet.name).toBe('Clients');
    const orders = await open('/trx/admin/v1/stock/list/export?format=xlsx');
    expect(orders.sheet.name).toBe('股票记录');
    expect(orders.sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect((await open('/trx/admin/v1/stock/list/export?format=xlsx&lang=en-US')).sheet.name).toBe('Stock records');
    // a record list of one sub_type: its own page's title
    expect((await open('/overdrawn/admin/v1/record/list/export?format=xlsx&sub_type=credit')).sheet.name).toBe(
      '赠分记录',
    );
  });

  it("names every export's sheet in the caller's language: a title of the list, never its code name", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, { get?: unknown }>;
    };
    const exports = Object.keys(doc.paths).filter((p) => p.endsWith('/export') && doc.paths[p].get && !p.includes('{'));
    expect(exports.length).toBeGreaterThan(10);
    const titles: Record<string, Set<string>> = { 'zh-CN': new Set(), 'en-US': new Set() };
    for (const lang of ['zh-CN', 'en-US'] as const) {
      for (const path of exports) {
        const res = await call(t.app, 'GET', `${path}?format=xlsx&lang=${lang}`, { token });
        // an export that needs a filter (a client's transactions) says so; the others open
        if (res.statusCode === 400) continue;
        expect(res.statusCode, `${path}: ${res.body.slice(0, 200)}`).toBe(200);
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        const name = book.worksheets[0].name;
        // not a code name (deposit, trx_stock, exchange_config_rate) nor the other language
        expect(name, path).not.toMatch(/^[a-z0-9_/]+$/);
        if (lang === 'zh-CN') expect(name, path).toMatch(/[\u4e00-\u9fff]/);
        else expect(name, path).not.toMatch(/[\u4e00-\u9fff]/);
        titles[lang].add(name);
      }
    }
    expect(titles['en-US'].size).toBeGreaterThan(10);
  });
});

describe('excelNumber', () => {
  it('is a number up to 15 significant digits and the exact text beyond', () => {
    expect(excelNumber('0.01')).toBe(0.01);
    expect(excelNumber('-12.30')).toBe(-12.3);
    expect(excelNumber('1000000000000000000.00')).toBe(1e18);
    expect(excelNumber('9999999999999.99')).toBe(9999999999999.99);
    expect(excelNumber('99999999999999.99')).toBe('99999999999999.99');
    expect(excelNumber('7.12345678')).toBe(7.12345678);
    expect(excelNumber('')).toBeNull();
    expect(excelNumber('abc')).toBe('abc');
  });
});
