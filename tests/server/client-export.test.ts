import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../domain/client';
import { csvColumns, exportBatches } from '../../server/core/entity';
import { COUNT_CAP, csvCell, csvStream } from '../../server/core/list';
import { clientListSpec } from '../../server/modules/client/list';
import { present, type Row } from '../../server/modules/client/rows';
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

/** The CSV lines of the export as a staff member (below the permission layer), in English. */
async function exportAs(who: StaffName, role: string): Promise<string[]> {
  const fetch = exportBatches(clientListSpec, ctxOf(who, role), {});
  let last: Row | null = null;
  const stream = csvStream(csvColumns(client, 'en-US', 'UTC'), async () => {
    const rows = await fetch(last);
    last = rows.at(-1) ?? null;
    return rows.map(present);
  });
  return csvLines(await readAll(stream));
}

const ZH_HEADER = 'ID,用户名,姓名,手机号,类型,状态,实名状态,VIP 等级,信用分,业务员,组长,注册时间';
const EN_HEADER =
  'ID,Username,Full name,Mobile,Type,Status,KYC status,VIP level,Credit score,Agent,Team leader,Registered at';

describe('client CSV export', () => {
  it('streams every matched row (more than one batch) after a header row in Chinese, in the list order', async () => {
    const res = await call(f.t.app, 'GET', '/api/client/admin/v1/list/export?username=bulk', {
      token: f.tokens.supervisor,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="client-\d{8}-\d{6}\.csv"$/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe(ZH_HEADER);
    expect(lines[0]).toBe(
      csvColumns(client, 'zh-CN', 'UTC')
        .map((c) => c.header)
        .join(','),
    );
    const rows = lines.slice(1);
    expect(rows).toHaveLength(BULK);
    const ids = rows.map((l) => Number(l.split(',')[0]));
    expect(new Set(ids).size).toBe(BULK);
    // The list's default order: newest first, then by id (the bulk rows share one creation time).
    const list = (
      await call(f.t.app, 'GET', '/api/client/admin/v1/list?username=bulk&page_size=200', {
        token: f.tokens.supervisor,
      })
    ).json();
    expect(ids.slice(0, 200)).toEqual(list.data.map((r: { id: number }) => r.id));
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const first = rows.find((l) => l.split(',')[1] === 'bulk000001')!.split(',');
    expect(first.slice(1, 11)).toEqual([
      'bulk000001',
      'Bulk 1',
      '',
      '真实',
      '启用',
      '未认证',
      '0',
      '100',
      'Salesman 3',
      'Team Leader 2',
    ]);
    // Registered at: local time of Asia/Shanghai by default.
    expect(first[11]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('has English headers and labels, times in the given zone, and follows the sort asked', async () => {
    const res = await call(
      f.t.app,
      'GET',
      '/api/client/admin/v1/list/export?lang=en-US&tz=UTC&username=c_&sort=username&order=asc',
      { token: f.tokens.admin },
    );
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = csvLines(res.body);
    expect(header).toBe(EN_HEADER);
    const names = rows.map((l) => l.split(',')[1]);
    expect(names).toEqual(['c_leader', 'c_noacc', 'c_nobody', 'c_sales', 'c_sales2', 'c_sales3', 'c_sales_b']);
    const list = (
      await call(f.t.app, 'GET', '/api/client/admin/v1/list?username=c_sales2', { token: f.tokens.admin })
    ).json().data[0];
    const row = rows.find((l) => l.split(',')[1] === 'c_sales2')!.split(',');
    expect(row.slice(4, 7)).toEqual(['Real', 'Enabled', 'Unverified']);
    expect(row[11]).toBe(list.create_datetime.slice(0, 19).replace('T', ' '));
    const byId = csvLines(
      (
        await call(f.t.app, 'GET', '/api/client/admin/v1/list/export?username=c_&sort=id&order=desc', {
          token: f.tokens.admin,
        })
      ).body,
    )
      .slice(1)
      .map((l) => Number(l.split(',')[0]));
    expect(byId).toHaveLength(7);
    expect([...byId].sort((a, b) => b - a)).toEqual(byId);
    const bad = await call(f.t.app, 'GET', '/api/client/admin/v1/list/export?lang=fr', { token: f.tokens.admin });
    expect(bad.statusCode).toBe(400);
  });

  it('applies the list filters', async () => {
    const res = await call(f.t.app, 'GET', '/api/client/admin/v1/list/export?username=bulk&fake=robot', {
      token: f.tokens.admin,
    });
    const rows = csvLines(res.body).slice(1);
    expect(rows).toHaveLength(Math.floor(BULK / 10));
    expect(rows.every((l) => l.split(',')[4] === '机器人')).toBe(true);
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
    const hero = await exportAs('sales', 'hero');
    expect(hero[0]).toBe(EN_HEADER);
    expect(
      hero
        .slice(1)
        .map((l) => l.split(',')[1])
        .sort(),
    ).toEqual(['c_noacc', 'c_sales', 'c_sales_b', 'quoted', 'r_sales']);
    const leader = await exportAs('leader2', 'superman');
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
