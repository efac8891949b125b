// Client detail, drawer tabs, username search, actions and permissions.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { can, loadRole } from '../../permissions';
import { clientIdentity, holding } from '../../server/db/schema';
import { client } from '../../server/db/schema';
import { checkResetCode } from '../../server/modules/client/actions';
import { md5hex, verifyPassword } from '../../server/security/password';
import { clientSuite, lastAudit, type ClientName, type StaffName } from './client-fixture';
import { call } from './helpers';

const suite = clientSuite();
const { as, id } = suite;

describe('client detail and drawer tabs', () => {
  it('detail has the spec fields and the accounts', async () => {
    const res = await as('sales', 'GET', `/api/client/admin/v1/detail/${id('c_sales')}`);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      username: 'c_sales',
      agent_name: 'Salesman',
      superman: 'Team Leader',
      kyc_status: 'approved',
    });
    expect(d.accounts.map((a: { currency: string }) => a.currency)).toEqual(['USD', 'CNY']);
    expect(d.accounts[0]).toMatchObject({ balance: '0.00', deposit: '0.00', frozen: '0.00', outstanding: '0.00' });
    expect(d.accounts[0].acc_no).toMatch(/^8\d{11}$/);
  });

  it('a client outside the scope or the tenant is 404 on every drawer read', async () => {
    const leaks: [StaffName, ClientName | 'c_pl'][] = [
      ['sales', 'c_sales2'],
      ['sales', 'c_leader'],
      ['sales2', 'c_sales'],
      ['leader', 'c_sales3'],
      ['leader2', 'c_sales'],
      ['leader', 'c_nobody'],
      ['admin', 'c_pl'],
    ];
    const paths = [
      'client/admin/v1/detail',
      'client/admin/v1/trade',
      'user/admin/v1/tfl',
      'client/admin/v1/order/holding',
      'acc/admin/v1/list',
      'client/admin/v1/access',
      'client/admin/v1/bank',
      'client/admin/v1/nominee',
      'identify/admin/v1/client_detail',
    ];
    for (const [who, target] of leaks) {
      for (const p of paths) {
        const res = await as(who, 'GET', `/api/${p}/${id(target)}`);
        expect(res.statusCode, `${who} ${p} ${target}`).toBe(404);
        expect(res.json().code).toBe('not_found');
      }
    }
    expect((await as('leader', 'GET', `/api/client/admin/v1/detail/${id('c_sales2')}`)).statusCode).toBe(200);
    expect((await as('leader2', 'GET', `/api/client/admin/v1/detail/${id('c_sales3')}`)).statusCode).toBe(200);
    expect((await as('admin', 'GET', '/api/client/admin/v1/detail/999999')).statusCode).toBe(404);
    expect((await as('admin', 'GET', '/api/client/admin/v1/detail/abc')).statusCode).toBe(400);
  });

  it('accounts list', async () => {
    const res = await as('leader', 'GET', `/api/acc/admin/v1/list/${id('c_sales2')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(2);
    expect(res.json().data.map((a: { currency: string }) => a.currency)).toEqual(['USD', 'EUR']);
    expect((await as('admin', 'GET', `/api/acc/admin/v1/list/${id('c_noacc')}`)).json()).toMatchObject({
      data: [],
      total: 0,
    });
  });

  it('agent chain: agent then team leader; a leader-owned client has just the leader; none without agent', async () => {
    const chain = (await as('admin', 'GET', `/api/user/admin/v1/tfl/${id('c_sales3')}`)).json().data;
    expect(chain).toEqual([
      { id: suite.f.staffId.sales3, username: 'sales3', name: 'Salesman 3', role: 'hero', relation: 'agent' },
      {
        id: suite.f.staffId.leader2,
        username: 'leader2',
        name: 'Team Leader 2',
        role: 'superman',
        relation: 'team_leader',
      },
    ]);
    expect((await as('admin', 'GET', `/api/user/admin/v1/tfl/${id('c_leader')}`)).json().data).toEqual([
      {
        id: suite.f.staffId.leader,
        username: 'leader',
        name: 'Team Leader',
        role: 'superman',
        relation: 'team_leader',
      },
    ]);
    expect((await as('admin', 'GET', `/api/user/admin/v1/tfl/${id('c_nobody')}`)).json().data).toEqual([]);
  });

  it('holdings: empty until positions exist, then listed', async () => {
    const url = `/api/client/admin/v1/order/holding/${id('c_sales_b')}`;
    expect((await as('sales', 'GET', url)).json()).toMatchObject({ data: [], total: 0 });
    await suite.f.t.database.db.insert(holding).values({
      tenantId: 'tr',
      clientId: id('c_sales_b'),
      productType: 'stock',
      symbol: 'AAPL',
      currency: 'USD',
      quantity: '10',
      avgPrice: '187.5',
    });
    const body = (await as('sales', 'GET', url)).json();
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      product_type: 'stock',
      symbol: 'AAPL',
      quantity: '10.0000',
      avg_price: '187.5000',
      cost: '1875.00',
    });
  });

  it('access records, bank cards and beneficiaries from the demo seed', async () => {
    const cid = id('c_sales');
    const access = (await as('sales', 'GET', `/api/client/admin/v1/access/${cid}?page_size=2`)).json();
    const expectedAccess = 1 + (cid % 5);
    expect(access.total).toBe(expectedAccess);
    expect(access.data.length).toBe(Math.min(2, expectedAccess));
    expect(access.data[0]).toHaveProperty('ip');
    if (access.data.length === 2) expect(access.data[0].at >= access.data[1].at).toBe(true);
    expect((await as('sales', 'GET', `/api/client/admin/v1/access/${cid}?sort=ip`)).statusCode).toBe(400);

    const banks = (await as('sales', 'GET', `/api/client/admin/v1/bank/${cid}`)).json();
    expect(banks.total).toBe((cid % 3 !== 0 ? 1 : 0) + (cid % 4 === 1 ? 1 : 0));
    for (const b of banks.data)
      expect(Object.keys(b)).toEqual(
        expect.arrayContaining(['bank_name', 'holder_name', 'acc_no', 'address', 'phone']),
      );

    const nominees = (await as('sales', 'GET', `/api/client/admin/v1/nominee/${cid}`)).json();
    expect(nominees.total).toBe(cid % 3);
    const share = nominees.data.reduce((s: number, n: { share_percent: string }) => s + Number(n.share_percent), 0);
    if (nominees.total) expect(share).toBe(100);
    for (const n of nominees.data)
      expect(n).toEqual(
        expect.objectContaining({
          relationship: expect.any(String),
          dob: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        }),
      );
  });

  it('KYC record: identity fields when submitted, nulls otherwise', async () => {
    const approved = (await as('sales', 'GET', `/api/identify/admin/v1/client_detail/${id('c_sales')}`)).json();
    expect(approved).toMatchObject({
      client_id: id('c_sales'),
      username: 'c_sales',
      kyc_status: 'approved',
      real_name: 'Full c_sales',
    });
    expect(approved.id_number).toMatch(/^ID\d{10}$/);
    const none = (await as('sales', 'GET', `/api/identify/admin/v1/client_detail/${id('c_sales_b')}`)).json();
    expect(none).toMatchObject({ kyc_status: 'unverified', real_name: null, id_number: null, submitted_at: null });
    expect(none).toMatchObject({ front_image_url: null, back_image_url: null, selfie_image_url: null });
  });

  it("KYC images: a URL an <img> loads, signed, for our files only (another site's image is not shown)", async () => {
    const cid = id('c_sales');
    const FRONT = '/api/s3/object/tr/11111111-2222-4333-8444-555555555555.png';
    await suite.f.t.database.db
      .update(clientIdentity)
      .set({ frontImage: FRONT, backImage: 'https://cdn.example.test/back.png', selfieImage: null })
      .where(eq(clientIdentity.clientId, cid));
    const kyc = (await as('sales', 'GET', `/api/identify/admin/v1/client_detail/${cid}`)).json();
    expect(kyc.front_image).toBe(FRONT);
    expect(kyc.front_image_url).toMatch(
      /^\/api\/s3\/object\/tr\/11111111-2222-4333-8444-555555555555\.png\?expires=\d+&signature=/,
    );
    expect(kyc.back_image_url).toBeNull();
    expect(kyc.selfie_image_url).toBeNull();
  });
});

describe('client search by username', () => {
  const search = (who: StaffName, q: string) => as(who, 'GET', `/api/client/admin/v1/username?${q}`);

  it('finds an exact username in scope with its accounts', async () => {
    const res = await search('sales', 'username=c_sales');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: id('c_sales'), username: 'c_sales' });
    expect(res.json().accounts).toHaveLength(2);
    expect((await search('sales', 'username=r_sales&fake=robot')).statusCode).toBe(200);
  });

  it('not found, out of scope, no accounts, wrong kind or prefix only: 404 with the spec message', async () => {
    for (const [who, q] of [
      ['sales', 'username=c_sales2'],
      ['sales', 'username=c_noacc'],
      ['sales', 'username=c_sal'],
      ['sales', 'username=c_sales&fake=robot'],
      ['leader2', 'username=c_sales'],
      ['admin', 'username=ghost'],
    ] as [StaffName, string][]) {
      const res = await search(who, q);
      expect(res.statusCode, q).toBe(404);
      expect(res.json()).toEqual({
        message: '未找到该用户或其账户。',
        code: 'client_not_found',
        request_id: expect.any(String),
      });
    }
    expect((await search('sales', 'fake=real')).statusCode).toBe(400);
  });
});

describe('client actions', () => {
  it('enable/disable toggles, or sets the given value, and audits before/after', async () => {
    const url = `/api/client/admin/v1/status/${id('c_sales_b')}`;
    const off = await as('sales', 'POST', url);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ active: false });
    const audit = await lastAudit(suite.f.t, 'client.status');
    expect(audit).toMatchObject({
      userId: suite.f.staffId.sales,
      resource: 'client',
      targetId: String(id('c_sales_b')),
      result: 'success',
    });
    expect(audit.before).toEqual({ active: true });
    expect(audit.after).toEqual({ active: false });
    expect((await as('sales', 'POST', url, { active: true })).json()).toEqual({ active: true });
    expect((await as('sales', 'POST', url, { active: true })).json()).toEqual({ active: true });
  });

  it('an action on a client outside the scope is 404, changes nothing and is audited as a failure', async () => {
    const res = await as('sales', 'POST', `/api/client/admin/v1/status/${id('c_sales2')}`);
    expect(res.statusCode).toBe(404);
    expect(await lastAudit(suite.f.t, 'client.status')).toMatchObject({
      result: 'failure',
      targetId: String(id('c_sales2')),
    });
    const [row] = await suite.f.t.database.db
      .select()
      .from(client)
      .where(eq(client.id, id('c_sales2')));
    expect(row.active).toBe(true);
    expect((await as('leader', 'PUT', `/api/client/admin/v1/offline/${id('c_sales3')}`)).statusCode).toBe(404);
    expect(
      (await as('sales', 'POST', `/api/client/admin/v1/trade/${id('c_sales2')}`, { buy_enabled: false })).statusCode,
    ).toBe(404);
    expect((await as('sales', 'PUT', `/api/client/admin/v1/fake/${id('c_sales2')}`)).statusCode).toBe(404);
    expect(
      (await as('admin', 'PUT', `/api/client/admin/v1/resetpwd/${id('c_pl')}`, { password: md5hex('x') })).statusCode,
    ).toBe(404);
  });

  it('real/robot toggle', async () => {
    const url = `/api/client/admin/v1/fake/${id('r_sales')}`;
    expect((await as('sales', 'PUT', url)).json()).toEqual({ fake: false });
    expect((await lastAudit(suite.f.t, 'client.fake')).before).toEqual({ fake: true });
    expect((await as('sales', 'PUT', url, { fake: true })).json()).toEqual({ fake: true });
  });

  it('trade settings: defaults, partial save, validation', async () => {
    const url = `/api/client/admin/v1/trade/${id('c_sales_b')}`;
    expect((await as('sales', 'GET', url)).json()).toEqual({
      buy_enabled: true,
      sell_enabled: true,
      max_leverage: 1,
      daily_limit: null,
    });
    const saved = await as('leader', 'POST', url, { sell_enabled: false, daily_limit: 2500.5 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ buy_enabled: true, sell_enabled: false, max_leverage: 1, daily_limit: '2500.50' });
    expect((await as('sales', 'GET', url)).json()).toEqual(saved.json());
    const audit = await lastAudit(suite.f.t, 'client.trade_settings');
    expect(audit.before).toMatchObject({ sell_enabled: true, daily_limit: null });
    expect(audit.after).toMatchObject({ sell_enabled: false, daily_limit: '2500.50' });
    expect((await as('sales', 'POST', url, { daily_limit: null, max_leverage: 5 })).json()).toMatchObject({
      daily_limit: null,
      max_leverage: 5,
    });
    for (const bad of [
      { max_leverage: 0 },
      { max_leverage: 101 },
      { daily_limit: 'abc' },
      { daily_limit: '-1' },
      { daily_limit: '1.234' },
    ]) {
      const res = await as('sales', 'POST', url, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    // Unknown settings are dropped, never stored.
    expect((await as('sales', 'POST', url, { margin: true })).json()).not.toHaveProperty('margin');
    const [row] = await suite.f.t.database.db
      .select()
      .from(client)
      .where(eq(client.id, id('c_sales_b')));
    expect(row.tradeSettings).not.toHaveProperty('margin');
  });

  it('temporary code: 6 digits, 10 minutes, stored hashed, audited without the code', async () => {
    const before = Date.now();
    const res = await as('supervisor', 'GET', `/api/client/admin/v1/code/${id('c_sales')}`);
    const after = Date.now();
    expect(res.statusCode).toBe(200);
    const { code, expires_in, expires_at } = res.json();
    expect(code).toMatch(/^\d{6}$/);
    expect(expires_in).toBe(600);
    // 10 minutes from when it was made (during the request; a second's room for the database clock's rounding)
    expect(Date.parse(expires_at)).toBeGreaterThanOrEqual(before + 600_000 - 1_000);
    expect(Date.parse(expires_at)).toBeLessThanOrEqual(after + 600_000 + 1_000);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await checkResetCode(suite.f.t.database.db, suite.f.t.config.passwordPepper, id('c_sales'), code)).toBe(
      true,
    );
    expect(
      await checkResetCode(
        suite.f.t.database.db,
        suite.f.t.config.passwordPepper,
        id('c_sales'),
        code === '000000' ? '000001' : '000000',
      ),
    ).toBe(false);
    const audit = await lastAudit(suite.f.t, 'client.reset_code');
    expect(JSON.stringify(audit)).not.toContain(code);
    const again = (await as('admin', 'GET', `/api/client/admin/v1/code/${id('c_sales')}`)).json().code;
    if (again !== code)
      expect(await checkResetCode(suite.f.t.database.db, suite.f.t.config.passwordPepper, id('c_sales'), code)).toBe(
        false,
      );
  });

  it('password reset: MD5 on the wire, stored argon2id, client sessions end', async () => {
    const [before] = await suite.f.t.database.db
      .select()
      .from(client)
      .where(eq(client.id, id('c_sales2')));
    const wire = md5hex('NewPass1');
    const res = await as('admin', 'PUT', `/api/client/admin/v1/resetpwd/${id('c_sales2')}`, { password: wire });
    expect(res.statusCode).toBe(200);
    const [after] = await suite.f.t.database.db
      .select()
      .from(client)
      .where(eq(client.id, id('c_sales2')));
    expect(after.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(after.passwordHash!, wire, suite.f.t.config.passwordPepper)).toBe(true);
    expect(after.sessionVersion).toBe(before.sessionVersion + 1);
    const audit = await lastAudit(suite.f.t, 'client.reset_password');
    expect(audit.after).toEqual({ password_set: true, session_version: before.sessionVersion + 1 });
    expect(JSON.stringify(audit)).not.toContain(wire);
    for (const body of [{ password: 'NewPass1' }, {}, { password: '' }]) {
      expect((await as('admin', 'PUT', `/api/client/admin/v1/resetpwd/${id('c_sales2')}`, body)).statusCode).toBe(400);
    }
  });

  it('force offline bumps the session version', async () => {
    const url = `/api/client/admin/v1/offline/${id('c_leader')}`;
    const first = (await as('leader', 'PUT', url)).json().session_version;
    expect((await as('leader', 'PUT', url)).json().session_version).toBe(first + 1);
    expect(await lastAudit(suite.f.t, 'client.offline')).toMatchObject({
      before: { session_version: first },
      after: { session_version: first + 1 },
    });
  });

  it('robot creation: fake, accounts, agent in the creator scope, unique username', async () => {
    const res = await as('sales', 'POST', '/api/client/admin/v1/create', {
      username: 'robo_1',
      currencies: ['usd', 'CNY'],
      password: md5hex('x1y2z3'),
    });
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      username: 'robo_1',
      fake: true,
      active: true,
      agent_id: suite.f.staffId.sales,
      superman: 'Team Leader',
    });
    expect(d.accounts.map((a: { currency: string }) => a.currency)).toEqual(['USD', 'CNY']);
    expect(await lastAudit(suite.f.t, 'client.create')).toMatchObject({
      targetId: String(d.id),
      result: 'success',
      userId: suite.f.staffId.sales,
    });
    expect((await as('sales', 'GET', `/api/client/admin/v1/detail/${d.id}`)).statusCode).toBe(200);

    const dup = await as('admin', 'POST', '/api/client/admin/v1/create', { username: 'robo_1' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('username_taken');
    expect(
      (
        await as('sales', 'POST', '/api/client/admin/v1/create', {
          username: 'robo_2',
          agent_id: suite.f.staffId.sales2,
        })
      ).statusCode,
    ).toBe(400);
    const bySup = await as('supervisor', 'POST', '/api/client/admin/v1/create', {
      username: 'robo_3',
      agent_id: suite.f.staffId.sales3,
    });
    expect(bySup.json()).toMatchObject({ agent_id: suite.f.staffId.sales3, accounts: [{ currency: 'USD' }] });
    for (const bad of [{}, { username: '' }, { username: 'a b' }, { username: 'ok', password: 'plain' }]) {
      expect((await as('admin', 'POST', '/api/client/admin/v1/create', bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('change agent: only to an active salesman or team leader of the tenant; the old agent then loses the client', async () => {
    const url = `/api/user/v1/change_agent/${id('c_sales_b')}`;
    const [usd] = (await as('admin', 'GET', `/api/acc/admin/v1/list/${id('c_sales_b')}`)).json().data ?? [];
    const made = await as('admin', 'POST', `/api/deposit/admin/v2/specialized/${id('c_sales_b')}`, {
      account_id: usd.id,
      amount: '5.00',
    });
    expect(made.statusCode).toBe(200);
    const depositIds = async (who: StaffName) =>
      (await as(who, 'GET', `/api/deposit/admin/v1/list?client_id=${id('c_sales_b')}`))
        .json()
        .data.map((d: { id: number }) => d.id);
    expect(await depositIds('sales')).toEqual([made.json().id]);
    for (const target of [suite.f.staffId.supervisor, suite.f.staffId.admin, 999999]) {
      const res = await as('admin', 'POST', url, { user_id: target });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('user_id');
    }
    expect((await as('admin', 'POST', url, { user_id: suite.f.staffId.sales3 })).statusCode).toBe(200);
    const audit = await lastAudit(suite.f.t, 'client.change_agent');
    expect(audit).toMatchObject({
      before: { agent_id: suite.f.staffId.sales },
      after: { agent_id: suite.f.staffId.sales3 },
    });
    expect((await as('sales', 'GET', `/api/client/admin/v1/detail/${id('c_sales_b')}`)).statusCode).toBe(404);
    expect((await as('sales3', 'GET', `/api/client/admin/v1/detail/${id('c_sales_b')}`)).statusCode).toBe(200);
    expect((await as('leader2', 'GET', `/api/client/admin/v1/detail/${id('c_sales_b')}`)).statusCode).toBe(200);
    // The client's records moved with it (their agent copy, in the same transaction).
    expect(await depositIds('sales')).toEqual([]);
    expect(await depositIds('sales3')).toEqual([made.json().id]);
    expect(await depositIds('leader2')).toEqual([made.json().id]);
    expect((await as('supervisor', 'POST', url, { user_id: suite.f.staffId.leader })).statusCode).toBe(200);
    expect(await depositIds('leader')).toEqual([made.json().id]);
    expect(await depositIds('sales3')).toEqual([]);
    expect((await as('supervisor', 'POST', url, { user_id: suite.f.staffId.sales })).statusCode).toBe(200);
    expect(await depositIds('sales')).toEqual([made.json().id]);
  });
});

describe('permissions', () => {
  const ROUTES: [string, string, string, string][] = [
    ['GET', '/api/client/admin/v1/list', 'client', 'read'],
    ['GET', '/api/client/admin/v1/list/export', 'client', 'export'],
    ['POST', '/api/client/admin/v1/create', 'client', 'robot'],
    ['POST', '/api/client/admin/v1/status/:id', 'client', 'update'],
    ['GET', '/api/client/admin/v1/detail/:id', 'client', 'read'],
    ['GET', '/api/client/admin/v1/trade/:id', 'client', 'read'],
    ['POST', '/api/client/admin/v1/trade/:id', 'client', 'update'],
    ['GET', '/api/client/admin/v1/code/:id', 'client', 'reset'],
    ['PUT', '/api/client/admin/v1/resetpwd/:id', 'client', 'reset'],
    ['POST', '/api/user/v1/change_agent/:id', 'client', 'assign'],
    ['PUT', '/api/client/admin/v1/fake/:id', 'client', 'robot'],
    ['GET', '/api/client/admin/v1/username', 'client', 'read'],
    ['GET', '/api/user/admin/v1/tfl/:id', 'client', 'read'],
    ['GET', '/api/client/admin/v1/order/holding/:id', 'client', 'read'],
    ['PUT', '/api/client/admin/v1/offline/:id', 'client', 'update'],
    ['GET', '/api/acc/admin/v1/list/:id', 'client', 'read'],
    ['GET', '/api/client/admin/v1/access/:id', 'client', 'read'],
    ['GET', '/api/client/admin/v1/bank/:id', 'client', 'read'],
    ['GET', '/api/client/admin/v1/nominee/:id', 'client', 'read'],
    ['GET', '/api/identify/admin/v1/client_detail/:id', 'kyc', 'read'],
  ];

  it('each route declares its grant', () => {
    for (const [method, url, resource, action] of ROUTES) {
      const entry = suite.f.t.app.routeTable.find((r) => r.method === method && r.url === url);
      expect(entry?.permission, `${method} ${url}`).toEqual({ resource, action });
    }
  });

  it('403 for every role that lacks the grant, 401 without a token', async () => {
    const roles: [StaffName, string][] = [
      ['admin', 'god'],
      ['supervisor', 'angel'],
      ['leader', 'superman'],
      ['sales', 'hero'],
    ];
    let denied = 0;
    for (const [method, url, resource, action] of ROUTES) {
      const path = url.replace(':id', String(id('c_sales'))) + (url.endsWith('/username') ? '?username=c_sales' : '');
      for (const [who, role] of roles) {
        if (can(loadRole(role).grants, resource, action)) continue;
        const res = await as(who, method as 'GET', path, method === 'GET' ? undefined : {});
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
        denied++;
      }
      const anon = await call(suite.f.t.app, method as 'GET', path, { body: method === 'GET' ? undefined : {} });
      expect(anon.statusCode, `anonymous ${method} ${url}`).toBe(401);
    }
    // superman lacks export, robot (2), reset (2), assign; hero lacks export, reset (2), assign.
    expect(denied).toBe(10);
  });
});
