import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP, csvCell, csvStream } from '../../server/core/list';
import { clientExportBatches, CLIENT_CSV } from '../../server/modules/client/list';
import type { Ctx } from '../../server/core/context';
import { clientFixture, type ClientFixture, type StaffName } from './client-fixture';
import { call } from './helpers';

const BULK = COUNT_CAP + 50;

let f: ClientFixture;
beforeAll(async () => {
  f = await clientFixture(['admin', 'supervisor', 'leader', 'sales']);
  // More clients than the count cap, all under sales3; every 10th a robot.
  await f.t.database.db.execute(sql`
    INSERT INTO client (tenant_id, username, full_name, agent_id, fake)
    SELECT 'tr', 'bulk' || lpad(g::text, 6, '0'), 'Bulk ' || g, ${f.staffId.sales3}, g % 10 = 0
    FROM generate_series(1, ${BULK}) g`);
  await f.t.database.db.execute(sql`
    INSERT INTO client (tenant_id, username, full_name, agent_id)
    VALUES ('tr', 'quoted', '=HYPERLINK("x"), Wang', ${f.staffId.sales})`);
});
afterAll(() => f?.close());

const csvLines = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);

/** A service context for a staff member (the export's scope, tested below the permission layer). */
function ctxOf(who: StaffName, role: string): Ctx {
  return {
    db: f.t.database.db,
    config: f.t.config,
    tenantId: 'tr',
    ip: '127.0.0.1',
    userAgent: null,
    staff: { id: f.staffId[who], username: who, name: who, role, tenantId: 'tr', sessionId: 'test' },
    audit: async () => {},
  };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += chunk;
  return out;
}

describe('client CSV export', () => {
  it('streams every matched row (more than one batch) after a header row', async () => {
    const res = await call(f.t.app, 'GET', '/api/client/admin/v1/list/export?username=bulk', {
      token: f.tokens.supervisor,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="clients.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe(CLIENT_CSV.map((c) => c.header).join(','));
    expect(lines[0]).toBe(
      'id,username,full_name,mobile,type,active,score,vip,agent_name,superman,kyc_status,create_datetime',
    );
    const rows = lines.slice(1);
    expect(rows).toHaveLength(BULK);
    const ids = rows.map((l) => Number(l.split(',')[0]));
    expect(new Set(ids).size).toBe(BULK);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(rows[0].split(',').slice(1, 5)).toEqual(['bulk000001', 'Bulk 1', '', 'real']);
    expect(rows[0]).toContain(',Salesman 3,Team Leader 2,unverified,');
  });

  it('applies the list filters', async () => {
    const res = await call(f.t.app, 'GET', '/api/client/admin/v1/list/export?username=bulk&fake=robot', {
      token: f.tokens.admin,
    });
    const rows = csvLines(res.body).slice(1);
    expect(rows).toHaveLength(Math.floor(BULK / 10));
    expect(rows.every((l) => l.split(',')[4] === 'robot')).toBe(true);
    const none = await call(f.t.app, 'GET', '/api/client/admin/v1/list/export?username=nobody', {
      token: f.tokens.admin,
    });
    expect(csvLines(none.body)).toHaveLength(1);
  });

  it('quotes cells and keeps formula-like text inert', async () => {
    const res = await call(f.t.app, 'GET', '/api/client/admin/v1/list/export?username=quoted', {
      token: f.tokens.admin,
    });
    expect(csvLines(res.body)[1]).toContain(`,quoted,"'=HYPERLINK(""x""), Wang",`);
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell(null)).toBe('');
  });

  it('respects the data scope: a salesman or team leader exports only his clients', async () => {
    const hero = csvLines(await readAll(csvStream(CLIENT_CSV, clientExportBatches(ctxOf('sales', 'hero'), {}))));
    expect(
      hero
        .slice(1)
        .map((l) => l.split(',')[1])
        .sort(),
    ).toEqual(['c_noacc', 'c_sales', 'c_sales_b', 'quoted', 'r_sales']);
    const leader = csvLines(
      await readAll(csvStream(CLIENT_CSV, clientExportBatches(ctxOf('leader2', 'superman'), {}))),
    );
    expect(leader.length - 1).toBe(BULK + 1); // the bulk clients and c_sales3, all under sales3
    expect(leader.some((l) => l.includes(',c_sales,'))).toBe(false);
  });

  it('is refused to roles without client/export', async () => {
    for (const who of ['leader', 'sales'] as const) {
      const res = await call(f.t.app, 'GET', '/api/client/admin/v1/list/export', { token: f.tokens[who] });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('list totals above the count cap', () => {
  it('are the planner estimate, flagged, and exact below the cap', async () => {
    const big = (await call(f.t.app, 'GET', '/api/client/admin/v1/list?page_size=5', { token: f.tokens.admin })).json();
    expect(big.total_is_estimate).toBe(true);
    expect(big.total).toBeGreaterThan(COUNT_CAP);
    expect(big.data).toHaveLength(5);
    const small = (
      await call(f.t.app, 'GET', '/api/client/admin/v1/list?username=c_', { token: f.tokens.admin })
    ).json();
    expect(small).toMatchObject({ total: 7, total_is_estimate: false });
    const deep = await call(f.t.app, 'GET', '/api/client/admin/v1/list?page=50&page_size=200&sort=id&order=asc', {
      token: f.tokens.admin,
    });
    expect(deep.json().data).toHaveLength(200);
  });
});
