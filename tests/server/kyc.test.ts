// KYC review (spec section 7 "KYC"): list and export, detail, fill, audit, edit; scope, permissions, audit rows.
import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { can, loadRole } from '../../permissions';
import { client, clientIdentity } from '../../server/db/schema';
import { seedKycDocuments } from '../../server/db/seed-kyc';
import { createStorage } from '../../server/storage';
import { clientSuite, lastAudit, type ClientName, type StaffName } from './client-fixture';
import { call } from './helpers';

const suite = clientSuite();
const { as, id } = suite;

const BASE = '/api/identify/admin/v1';
const IDENTITY = {
  real_name: '  Zhang San  ',
  id_type: 'passport',
  id_number: 'E12345678',
  nationality: 'CN',
  dob: '1990-05-17',
  address: '1 Demo Road, Shanghai',
};

type Row = Record<string, unknown> & { id: number; username: string; status: string };
const rows = (res: { json(): { data: Row[] } }) => res.json().data;
const names = (res: { json(): { data: Row[] } }) => rows(res).map((r) => r.username);
const statusOf = async (name: ClientName) =>
  (
    await suite.f.t.database.db
      .select({ s: client.kycStatus })
      .from(client)
      .where(eq(client.id, id(name)))
  )[0].s;

beforeAll(async () => {
  // Submissions through the API itself: three pending records (two salesmen's, a leader's).
  for (const [who, name] of [
    ['sales', 'c_sales_b'],
    ['sales2', 'c_sales2'],
    ['leader', 'c_leader'],
  ] as [StaffName, ClientName][]) {
    const res = await as(who, 'POST', `${BASE}/fill/${id(name)}`, { ...IDENTITY, id_number: `N-${name}` });
    expect(res.statusCode, name).toBe(200);
  }
});

describe('fill', () => {
  it('submits the identity for the client: pending, submitted now, fields trimmed, audited with who', async () => {
    const before = Date.now();
    const res = await as('sales', 'POST', `${BASE}/fill/${id('c_noacc')}`, {
      ...IDENTITY,
      front_image: '/api/s3/object/tr/11111111-2222-4333-8444-555555555555.png',
    });
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({
      id: id('c_noacc'),
      username: 'c_noacc',
      status: 'pending',
      real_name: 'Zhang San',
      id_type: 'passport',
      id_number: 'E12345678',
      dob: '1990-05-17',
      agent_name: 'Salesman',
      reviewed_at: null,
      reviewed_by: null,
      back_image: null,
    });
    expect(Date.parse(r.submitted_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(r.front_image_url).toMatch(/^\/api\/s3\/object\/tr\/11111111-.*\.png\?expires=\d+&signature=/);
    expect(await statusOf('c_noacc')).toBe('pending');
    const audit = await lastAudit(suite.f.t, 'kyc.fill');
    expect(audit).toMatchObject({ username: 'sales', targetId: String(id('c_noacc')), result: 'success' });
    expect(audit.before).toMatchObject({ status: 'unverified' });
    expect(audit.after).toMatchObject({ status: 'pending', real_name: 'Zhang San' });
    expect(audit.after).not.toHaveProperty('front_image_url');
  });

  it('refuses bad bodies with 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ ...IDENTITY, real_name: undefined }, 'real_name'],
      [{ ...IDENTITY, real_name: '   ' }, 'real_name'],
      [{ ...IDENTITY, id_type: 'library_card' }, 'id_type'],
      [{ ...IDENTITY, id_number: '' }, 'id_number'],
      [{ ...IDENTITY, dob: '1990-02-31' }, 'dob'],
      [{ ...IDENTITY, dob: '2999-01-01' }, 'dob'],
      [{ ...IDENTITY, real_name: 'x'.repeat(101) }, 'real_name'],
      [{ ...IDENTITY, front_image: 'javascript:alert(1)' }, 'front_image'],
      [{ ...IDENTITY, back_image: 'https://evil.example/id.png' }, 'back_image'],
      [{ ...IDENTITY, selfie_image: '/api/s3/object/other/11111111-2222-4333-8444-555555555555.png' }, 'selfie_image'],
      [{ ...IDENTITY, real_name: { $ne: 1 } }, 'real_name'],
    ];
    for (const [body, field] of cases) {
      const res = await as('sales', 'POST', `${BASE}/fill/${id('r_sales')}`, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().code).toBe('validation');
      expect(Object.keys(res.json().errors), JSON.stringify(body)).toContain(field);
    }
    expect(await statusOf('r_sales')).toBe('unverified');
  });

  it('a pending or approved record cannot be filled again: 409 invalid_state', async () => {
    for (const name of ['c_sales_b', 'c_sales'] as ClientName[]) {
      const res = await as('sales', 'POST', `${BASE}/fill/${id(name)}`, IDENTITY);
      expect(res.statusCode, name).toBe(409);
      expect(res.json().code).toBe('invalid_state');
    }
  });
});

describe('list', () => {
  it('lists every client in scope with its status, newest submission first, never submitted last', async () => {
    const res = await as('admin', 'GET', `${BASE}/list?page_size=200`);
    expect(res.statusCode).toBe(200);
    const data = rows(res);
    expect(data.map((r) => r.username).sort()).toEqual(
      ['c_leader', 'c_noacc', 'c_nobody', 'c_sales', 'c_sales2', 'c_sales3', 'c_sales_b', 'r_sales'].sort(),
    );
    const submitted = data.map((r) => r.submitted_at as string | null);
    const firstNull = submitted.indexOf(null);
    expect(firstNull).toBeGreaterThan(0);
    expect(submitted.slice(firstNull).every((s) => s === null)).toBe(true);
    const times = submitted.slice(0, firstNull).map((s) => Date.parse(s!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(data.find((r) => r.username === 'c_sales_b')).toMatchObject({
      status: 'pending',
      agent_name: 'Salesman',
      id_number: 'N-c_sales_b',
    });
    const asc = rows(await as('admin', 'GET', `${BASE}/list?page_size=200&sort=submitted_at&order=asc`));
    expect(asc[asc.length - 1].submitted_at).not.toBeNull();
  });

  it('filters by status, username prefix, agent and submitted days', async () => {
    const q = async (query: string) => names(await as('admin', 'GET', `${BASE}/list?page_size=200&${query}`)).sort();
    expect(await q('status=pending')).toEqual(['c_leader', 'c_noacc', 'c_sales2', 'c_sales_b']);
    expect(await q('status=approved,unverified')).toEqual(['c_nobody', 'c_sales', 'c_sales3', 'r_sales']);
    expect(await q('username=c_sales')).toEqual(['c_sales', 'c_sales2', 'c_sales3', 'c_sales_b']);
    expect(await q(`agent_id=${suite.f.staffId.sales2}`)).toEqual(['c_sales2']);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10); // Asia/Shanghai
    expect(await q(`status=pending&submitted_at_from=${today}&submitted_at_to=${today}`)).toHaveLength(4);
    expect(await q('submitted_at_to=2000-01-01')).toEqual([]);
  });

  it('pages with a cursor in the submitted order', async () => {
    const first = await as('admin', 'GET', `${BASE}/list?page_size=3`);
    expect(rows(first)).toHaveLength(3);
    const cursor = first.json().next_cursor;
    expect(cursor).toEqual(expect.any(String));
    const next = await as('admin', 'GET', `${BASE}/list?page_size=3&page=2&cursor=${encodeURIComponent(cursor)}`);
    const all = names(await as('admin', 'GET', `${BASE}/list?page_size=6`));
    expect([...names(first), ...names(next)]).toEqual(all);
  });

  it('refuses unknown filters values and sorts with 400', async () => {
    for (const query of [
      'status=maybe',
      'sort=real_name',
      'submitted_at_from=yesterday',
      'agent_id=x',
      'page_size=0',
    ]) {
      const res = await as('admin', 'GET', `${BASE}/list?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('validation');
    }
  });

  it('a salesman sees his clients only, a team leader his team', async () => {
    expect(names(await as('sales', 'GET', `${BASE}/list`)).sort()).toEqual([
      'c_noacc',
      'c_sales',
      'c_sales_b',
      'r_sales',
    ]);
    expect(names(await as('leader', 'GET', `${BASE}/list`)).sort()).toEqual(
      ['c_leader', 'c_noacc', 'c_sales', 'c_sales2', 'c_sales_b', 'r_sales'].sort(),
    );
    expect(names(await as('sales3', 'GET', `${BASE}/list?status=pending`))).toEqual([]);
  });
});

describe('export', () => {
  const lines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');

  it('CSV with translated headers and status labels, in the caller scope', async () => {
    const zh = await as('sales', 'GET', `${BASE}/list/export?status=pending`);
    expect(zh.statusCode).toBe(200);
    expect(zh.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...body] = lines(zh.body);
    expect(header).toBe(
      '客户编号,用户名,姓名,业务员,认证状态,真实姓名,证件类型,证件号码,国籍,出生日期,地址,提交时间,审核时间,审核人,备注',
    );
    expect(body).toHaveLength(2);
    expect(body.every((l) => l.includes(',待审核,') && l.includes(',护照,'))).toBe(true);
    const en = await as('sales', 'GET', `${BASE}/list/export?lang=en-US&tz=UTC&username=c_sales_b`);
    const [enHeader, row] = lines(en.body);
    expect(enHeader.split(',').slice(0, 7)).toEqual([
      'Client ID',
      'Username',
      'Full name',
      'Agent',
      'Status',
      'Real name',
      'ID type',
    ]);
    expect(row).toContain(',Pending,Zhang San,Passport,N-c_sales_b,CN,1990-05-17,');
  });
});

describe('detail and the drawer record', () => {
  it('detail: client, agent, identity, images, review fields', async () => {
    const res = await as('leader', 'GET', `${BASE}/detail/${id('c_sales2')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: id('c_sales2'),
      username: 'c_sales2',
      full_name: 'Full c_sales2',
      agent_name: 'Salesman 2',
      status: 'pending',
      nationality: 'CN',
      address: '1 Demo Road, Shanghai',
      front_image_url: null,
      reviewer_name: null,
      remark: null,
    });
  });

  it('client_detail keeps the drawer contract', async () => {
    const res = await as('sales', 'GET', `${BASE}/client_detail/${id('c_sales_b')}`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(
      [
        'client_id',
        'username',
        'kyc_status',
        'real_name',
        'id_type',
        'id_number',
        'nationality',
        'dob',
        'address',
        'front_image',
        'back_image',
        'selfie_image',
        'front_image_url',
        'back_image_url',
        'selfie_image_url',
        'submitted_at',
        'reviewed_at',
        'remark',
      ].sort(),
    );
    expect(res.json()).toMatchObject({ kyc_status: 'pending', real_name: 'Zhang San' });
  });

  it('seeded documents are PNGs the store serves through the signed URL', async () => {
    const { records } = await seedKycDocuments(suite.f.t.database.db, createStorage(suite.f.t.config), 'tr');
    expect(records).toBeGreaterThanOrEqual(4);
    const d = (await as('sales', 'GET', `${BASE}/detail/${id('c_sales_b')}`)).json();
    for (const key of ['front_image_url', 'back_image_url', 'selfie_image_url']) {
      expect(d[key], key).toMatch(/^\/api\/s3\/object\/tr\/[0-9a-f-]{36}\.png\?expires=/);
      const img = await call(suite.f.t.app, 'GET', d[key]);
      expect(img.statusCode, key).toBe(200);
      const png = img.rawPayload;
      expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
      const width = png.readUInt32BE(16);
      const height = png.readUInt32BE(20);
      expect(width).toBeGreaterThan(100);
      // the pixel data inflates to exactly one filter byte and RGB per pixel per row
      const idat = png.indexOf('IDAT');
      const len = png.readUInt32BE(idat - 4);
      expect(inflateSync(png.subarray(idat + 4, idat + 4 + len)).length).toBe((width * 3 + 1) * height);
    }
    const drawer = (await as('sales', 'GET', `${BASE}/client_detail/${id('c_sales_b')}`)).json();
    expect(drawer.front_image).toBe(d.front_image);
    expect(drawer.front_image_url).toMatch(/\.png\?expires=/);
  });
});

describe('audit', () => {
  it('reject needs a remark: 400 errors.remark, nothing changed', async () => {
    for (const body of [{ status: 'rejected' }, { status: 'rejected', remark: '   ' }]) {
      const res = await as('supervisor', 'POST', `${BASE}/audit/${id('c_sales2')}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation', errors: { remark: expect.any(String) } });
    }
    const bad = await as('supervisor', 'POST', `${BASE}/audit/${id('c_sales2')}`, { status: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(await statusOf('c_sales2')).toBe('pending');
  });

  it('approve: the client is approved, who and when recorded and audited; a second decision is 409', async () => {
    const before = Date.now();
    const res = await as('supervisor', 'POST', `${BASE}/audit/${id('c_sales_b')}`, { status: 'approved' });
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({
      status: 'approved',
      reviewed_by: suite.f.staffId.supervisor,
      reviewer_name: 'Supervisor',
      remark: null,
    });
    expect(Date.parse(r.reviewed_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(await statusOf('c_sales_b')).toBe('approved');
    const detail = (await as('sales', 'GET', `/api/client/admin/v1/detail/${id('c_sales_b')}`)).json();
    expect(detail.kyc_status).toBe('approved');
    const audit = await lastAudit(suite.f.t, 'kyc.approve');
    expect(audit).toMatchObject({
      username: 'supervisor',
      userId: suite.f.staffId.supervisor,
      targetId: String(id('c_sales_b')),
      result: 'success',
    });
    expect(audit.before).toMatchObject({ status: 'pending' });
    expect(audit.after).toMatchObject({ status: 'approved', reviewer_name: 'Supervisor' });

    for (const body of [{ status: 'approved' }, { status: 'rejected', remark: 'late' }]) {
      const again = await as('admin', 'POST', `${BASE}/audit/${id('c_sales_b')}`, body);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('invalid_state');
    }
    expect(await statusOf('c_sales_b')).toBe('approved');
    const unverified = await as('admin', 'POST', `${BASE}/audit/${id('c_nobody')}`, { status: 'approved' });
    expect(unverified.statusCode).toBe(409);
  });

  it('reject with a remark by a salesman in scope; the client may then be filled again', async () => {
    const res = await as('sales', 'POST', `${BASE}/audit/${id('c_noacc')}`, {
      status: 'rejected',
      remark: ' Photo unreadable ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', remark: 'Photo unreadable', reviewer_name: 'Salesman' });
    expect((await lastAudit(suite.f.t, 'kyc.reject')).username).toBe('sales');
    const again = await as('sales', 'POST', `${BASE}/fill/${id('c_noacc')}`, IDENTITY);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'pending', remark: null, reviewed_by: null, reviewed_at: null });
  });

  it('two concurrent decisions: one wins, the other is 409', async () => {
    const [a, b] = await Promise.all([
      as('admin', 'POST', `${BASE}/audit/${id('c_leader')}`, { status: 'approved' }),
      as('supervisor', 'POST', `${BASE}/audit/${id('c_leader')}`, { status: 'rejected', remark: 'no' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });
});

describe('edit', () => {
  it('corrects fields; status and decision stay; audited', async () => {
    const res = await as('sales', 'PUT', `${BASE}/${id('c_sales_b')}`, { id_number: ' X-999 ', address: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id_number: 'X-999',
      address: null,
      real_name: 'Zhang San',
      status: 'approved',
      reviewer_name: 'Supervisor',
    });
    const audit = await lastAudit(suite.f.t, 'kyc.update');
    expect(audit).toMatchObject({ username: 'sales', targetId: String(id('c_sales_b')) });
    expect(audit.before).toMatchObject({ id_number: 'N-c_sales_b' });
    expect(audit.after).toMatchObject({ id_number: 'X-999' });
  });

  it('400 for an empty body, a cleared required field or a bad value; 409 when nothing was submitted', async () => {
    // Undeclared properties are dropped (the app's Ajv removes them): a body of only those changes nothing, 400.
    const bodies = [
      {},
      { real_name: '' },
      { id_number: '  ' },
      { id_type: 'x' },
      { remark: 'mine', status: 'rejected' },
    ];
    for (const body of bodies) {
      const res = await as('sales', 'PUT', `${BASE}/${id('c_sales_b')}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('validation');
    }
    const none = await as('sales', 'PUT', `${BASE}/${id('r_sales')}`, { real_name: 'Nobody' });
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('invalid_state');
    const [row] = await suite.f.t.database.db
      .select()
      .from(clientIdentity)
      .where(eq(clientIdentity.clientId, id('r_sales')));
    expect(row).toBeUndefined();
  });
});

describe('scope, tenant and hostile ids', () => {
  it('a client outside the scope or the tenant is 404 on every route, nothing changed', async () => {
    const leaks: [StaffName, ClientName | 'c_pl'][] = [
      ['sales', 'c_sales2'],
      ['sales', 'c_leader'],
      ['sales2', 'c_sales'],
      ['leader', 'c_sales3'],
      ['leader2', 'c_sales2'],
      ['admin', 'c_pl'],
    ];
    for (const [who, name] of leaks) {
      const cid = id(name);
      for (const [method, url, body] of [
        ['GET', `${BASE}/detail/${cid}`],
        ['GET', `${BASE}/client_detail/${cid}`],
        ['POST', `${BASE}/fill/${cid}`, IDENTITY],
        ['POST', `${BASE}/audit/${cid}`, { status: 'approved' }],
        ['PUT', `${BASE}/${cid}`, { real_name: 'Leak' }],
      ] as ['GET' | 'POST' | 'PUT', string, unknown][]) {
        const res = await as(who, method, url, body);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(404);
        expect(res.json().code).toBe('not_found');
      }
    }
    expect(await statusOf('c_sales2')).toBe('pending');
  });

  it('hostile ids and bodies are 4xx', async () => {
    for (const [method, url, body] of [
      ['GET', `${BASE}/detail/abc`],
      ['GET', `${BASE}/detail/0`],
      ['GET', `${BASE}/detail/1e30`],
      ['GET', `${BASE}/detail/99999999999999999999`],
      ['POST', `${BASE}/audit/${id('c_sales2')}`, 'not json'],
      ['POST', `${BASE}/audit/${id('c_sales2')}`, [1, 2]],
      ['PUT', `${BASE}/${id('c_sales2')}`, { real_name: 'x'.repeat(10_000) }],
    ] as ['GET' | 'POST' | 'PUT', string, unknown][]) {
      const res = await as('admin', method, url, body);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    const missing = await as('admin', 'GET', `${BASE}/detail/987654321`);
    expect(missing.statusCode).toBe(404);
  });
});

describe('permissions', () => {
  const ROUTES: [string, string, string][] = [
    ['GET', '/api/identify/admin/v1/list', 'read'],
    ['GET', '/api/identify/admin/v1/list/export', 'export'],
    ['GET', '/api/identify/admin/v1/client_detail/:id', 'read'],
    ['GET', '/api/identify/admin/v1/detail/:id', 'read'],
    ['POST', '/api/identify/admin/v1/fill/:id', 'update'],
    ['POST', '/api/identify/admin/v1/audit/:id', 'approve'],
    ['PUT', '/api/identify/admin/v1/:id', 'update'],
  ];
  const ROLES: [StaffName, string][] = [
    ['admin', 'god'],
    ['supervisor', 'angel'],
    ['leader', 'superman'],
    ['sales', 'hero'],
  ];

  it('each route declares its kyc grant', () => {
    for (const [method, url, action] of ROUTES) {
      const entry = suite.f.t.app.routeTable.find((r) => r.method === method && r.url === url);
      const p = entry?.permission as { resource: string | string[]; action: string } | undefined;
      expect(p && { resource: [p.resource].flat(), action: p.action }, `${method} ${url}`).toEqual({
        resource: ['kyc'],
        action,
      });
    }
  });

  // Spec section 6 gives every role all actions on kyc: no role lacks one, so no spec role is refused (403).
  it('every spec role holds each grant and passes the guard; unsigned is 401', async () => {
    const probe = (url: string) => url.replace(':id', String(id('c_sales')));
    for (const [method, url, action] of ROUTES) {
      for (const [who, role] of ROLES) {
        const res = await as(who, method as 'GET', probe(url), method === 'GET' ? undefined : {});
        expect(can(loadRole(role).grants, 'kyc', action), `${role} ${action}`).toBe(true);
        expect(res.statusCode, `${who} ${method} ${url}`).not.toBe(403);
        expect(res.statusCode, `${who} ${method} ${url}`).toBeLessThan(500);
      }
      const anon = await call(suite.f.t.app, method as 'GET', probe(url), { body: method === 'GET' ? undefined : {} });
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
      expect(anon.json().code).toBe('unauthorized');
    }
  });
});
