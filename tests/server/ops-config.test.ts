// Issue 10's configuration pages: crypto receiving addresses (per-chain validation, uniqueness, the deposits received
// on one, the delete refused once a deposit names it, the deposit dialog's options), trade configuration (per-product
// settings with exact fees and amounts, global configs validated per type), trading permissions (client > team > VIP
// level > default, a closed product, the client's own rules from the drawer), role grants, tenant isolation, audit.
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainAddressProblem } from '../../domain/crypto-chains';
import { seedFunds } from '../../server/db/seed-funds';
import { seedOpsConfig } from '../../server/db/seed-ops-config';
import { auditLog } from '../../server/db/schema';
import { call, login, makeTestApp, type TestApp } from './helpers';

let t: TestApp;
const tokens: Record<string, string> = {};
type Who = 'admin' | 'supervisor' | 'leader' | 'sales' | 'plAdmin';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (who: Who, method: Method, url: string, body?: unknown, headers?: Record<string, string>) =>
  call(t.app, method, `/api${url}`, { token: tokens[who], tenant: who === 'plAdmin' ? 'pl' : 'tr', body, headers });

const rows = async <T>(q: ReturnType<typeof sql>) => (await t.database.db.execute(q)).rows as T[];

async function lastAudit(action: string, tenant = 'tr') {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.tenantId, tenant)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

const TRON = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const EVM = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const BECH32 = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const SOL = 'So11111111111111111111111111111111111111112';

/** Clients of the salesman `sales` (team leader `leader`) and of `sales3` (team leader `leader2`). */
let salesClient: { id: number; account: number };
let otherTeamClient: number;
let staffIds: Record<string, number>;

beforeAll(async () => {
  t = await makeTestApp({ captcha: false });
  await seedFunds(t.database.db, 'tr', { clients: 16 });
  for (const who of ['admin', 'supervisor', 'leader', 'sales'] as const) {
    tokens[who] = (await login(t.app, who)).access_token;
  }
  tokens.plAdmin = (await login(t.app, 'admin', { tenant: 'pl' })).access_token;
  const staff = await rows<{ id: number; username: string }>(
    sql`SELECT id, username FROM staff_user WHERE tenant_id = 'tr'`,
  );
  staffIds = Object.fromEntries(staff.map((s) => [s.username, Number(s.id)]));
  const [c] = await rows<{ id: number; account: number }>(sql`
    SELECT c.id, a.id AS account FROM client c JOIN account a ON a.client_id = c.id AND a.currency = 'USD'
    WHERE c.tenant_id = 'tr' AND c.agent_id = ${staffIds.sales} ORDER BY c.id LIMIT 1`);
  salesClient = { id: Number(c.id), account: Number(c.account) };
  const [o] = await rows<{ id: number }>(
    sql`SELECT id FROM client WHERE tenant_id = 'tr' AND agent_id = ${staffIds.sales3} ORDER BY id LIMIT 1`,
  );
  otherTeamClient = Number(o.id);
});
afterAll(() => t?.close());

describe('crypto_address', () => {
  const A = '/crypto_address/admin/v1';
  let tronId: number;
  let evmId: number;

  it('adds addresses validated per chain, with who added them; audited', async () => {
    const cases = [
      { chain: 'TRC20', address: ` ${TRON} `, label: ' Main TRON ' },
      { chain: 'ERC20', address: EVM },
      { chain: 'BTC', address: BECH32 },
      { chain: 'SOL', address: SOL, active: false },
    ];
    for (const body of cases) {
      const res = await as('admin', 'POST', `${A}/create`, body);
      expect(res.statusCode, body.chain).toBe(200);
      expect(res.json()).toMatchObject({
        chain: body.chain,
        address: body.address.trim(),
        active: body.active ?? true,
        deposit_count: 0,
        created_by_name: 'Administrator',
      });
    }
    const list = (await as('admin', 'GET', `${A}/list`)).json();
    expect(list.total).toBe(4);
    tronId = list.data.find((r: { chain: string }) => r.chain === 'TRC20').id;
    evmId = list.data.find((r: { chain: string }) => r.chain === 'ERC20').id;
    expect(list.data.find((r: { id: number }) => r.id === tronId).label).toBe('Main TRON');
    const audit = await lastAudit('crypto_address.create');
    expect(audit).toMatchObject({ username: 'admin', result: 'success' });
    expect(audit.after).toMatchObject({ chain: 'SOL', address: SOL });
  });

  it.each([
    ['ERC20', TRON, 'address_chain'],
    ['TRC20', EVM, 'address_chain'],
    ['BTC', 'bc1q' + 'b'.repeat(10), 'invalid'],
    ['SOL', '0OIl' + 'a'.repeat(40), 'address_chain'],
    ['BEP20', '0x' + 'g'.repeat(40), 'address_chain'],
    ['TRC20', 'T-not-an-address-at-all-xx', 'invalid'],
    ['TRC20', '   ', 'required'],
  ])('refuses a %s address %s: %s', async (chain, address, code) => {
    const res = await as('admin', 'POST', `${A}/create`, { chain, address });
    expect(res.statusCode).toBe(400);
    expect(res.json().field_codes.address.code).toBe(code);
  });

  it('refuses an unknown chain, unknown fields and a duplicate (EVM compared without case)', async () => {
    expect((await as('admin', 'POST', `${A}/create`, { chain: 'DOGE', address: TRON })).statusCode).toBe(400);
    expect((await as('admin', 'POST', `${A}/create`, { chain: 'TRC20', address: TRON, x: 1 })).statusCode).toBe(400);
    const dup = await as('admin', 'POST', `${A}/create`, { chain: 'ERC20', address: EVM.toLowerCase() });
    expect([dup.statusCode, dup.json().code]).toEqual([409, 'duplicate']);
    expect(dup.json().field_codes.address.code).toBe('duplicate');
    // the same address on another chain is another entry
    expect((await as('admin', 'POST', `${A}/create`, { chain: 'BEP20', address: EVM })).statusCode).toBe(200);
  });

  it('answers the grants of spec section 6: administrators and supervisors only', async () => {
    expect((await as('supervisor', 'GET', `${A}/list`)).statusCode).toBe(200);
    expect((await as('leader', 'GET', `${A}/list`)).statusCode).toBe(403);
    expect((await as('sales', 'POST', `${A}/create`, { chain: 'TRC20', address: TRON })).statusCode).toBe(403);
  });

  it('keeps tenants apart', async () => {
    expect((await as('plAdmin', 'GET', `${A}/list`)).json().total).toBe(0);
    expect((await as('plAdmin', 'GET', `${A}/${tronId}`)).statusCode).toBe(404);
    expect((await as('plAdmin', 'PUT', `${A}/status/${tronId}`, { active: false })).statusCode).toBe(404);
    expect((await as('plAdmin', 'DELETE', `${A}/${tronId}`)).statusCode).toBe(404);
    // pl may add the same address: unique per tenant
    expect((await as('plAdmin', 'POST', `${A}/create`, { chain: 'TRC20', address: TRON })).statusCode).toBe(200);
    expect((await as('admin', 'GET', `${A}/${tronId}`)).json().active).toBe(true);
  });

  it('offers the active addresses in the deposit options', async () => {
    const options = (await as('admin', 'GET', '/deposit/admin/v1/options')).json();
    expect(options.data.map((o: { value: string }) => o.value)).toContain('crypto');
    const offered = options.addresses.map((a: { chain: string; address: string }) => `${a.chain} ${a.address}`);
    expect(offered).toEqual(expect.arrayContaining([`TRC20 ${TRON}`, `ERC20 ${EVM}`, `BTC ${BECH32}`]));
    expect(offered).not.toContain(`SOL ${SOL}`); // inactive
    expect(options.addresses.find((a: { chain: string }) => a.chain === 'TRC20').label).toBe('Main TRON');
  });

  it('lists the deposits received on an address and refuses to delete it then (deactivate instead)', async () => {
    const dep = await as(
      'admin',
      'POST',
      `/deposit/admin/v2/specialized/${salesClient.id}`,
      {
        account_id: salesClient.account,
        amount: '25',
        sub_type: 'crypto',
        chain: 'ERC20',
        address: EVM.toLowerCase(),
        tx_hash: `0x${'ab'.repeat(32)}`,
      },
      { 'idempotency-key': 'ops-config-dep-1' },
    );
    expect(dep.statusCode).toBe(200);
    const one = (await as('admin', 'GET', `${A}/${evmId}`)).json();
    expect(one.deposit_count).toBe(1);
    const deposits = (await as('admin', 'GET', `${A}/${evmId}/deposits`)).json();
    expect(deposits.total).toBe(1);
    expect(deposits.data[0]).toMatchObject({ client_id: salesClient.id, amount: '25.00', currency: 'USD' });
    // the same address on BEP20 received nothing
    const bep = (await as('admin', 'GET', `${A}/list?chain=BEP20`)).json().data[0];
    expect(bep.deposit_count).toBe(0);

    const refused = await as('admin', 'DELETE', `${A}/${evmId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('address_in_use');
    expect((await as('admin', 'GET', `${A}/${evmId}`)).statusCode).toBe(200);
    expect((await lastAudit('crypto_address.delete')).result).toBe('failure');

    const off = await as('admin', 'PUT', `${A}/status/${evmId}`, { active: false });
    expect(off.json()).toMatchObject({ active: false, deposit_count: 1 });
    const audit = await lastAudit('crypto_address.deactivate');
    expect(audit.before).toMatchObject({ active: true });
    expect(audit.after).toMatchObject({ active: false });
    const offered = (await as('admin', 'GET', '/deposit/admin/v1/options')).json().addresses;
    expect(offered.map((a: { address: string; chain: string }) => `${a.chain} ${a.address}`)).not.toContain(
      `ERC20 ${EVM}`,
    );
  });

  it('changes a label and deletes an address no deposit names; audited', async () => {
    const label = await as('supervisor', 'PUT', `${A}/${tronId}`, { label: 'Cold wallet' });
    expect(label.json().label).toBe('Cold wallet');
    expect((await lastAudit('crypto_address.update')).before).toMatchObject({ label: 'Main TRON' });
    const del = await as('admin', 'DELETE', `${A}/${tronId}`);
    expect(del.statusCode).toBe(200);
    expect((await as('admin', 'GET', `${A}/${tronId}`)).statusCode).toBe(404);
    const audit = await lastAudit('crypto_address.delete');
    expect(audit).toMatchObject({ result: 'success', targetId: String(tronId) });
    expect(audit.before).toMatchObject({ address: TRON });
  });
});

describe('trade_config', () => {
  const T = '/trade_config/admin/v1';
  const valid = {
    enabled: true,
    sessions: '09:30-11:30, 13:00-15:00',
    buy_fee: '0.0015',
    sell_fee: 0.0025,
    min_amount: '100',
    max_amount: '50000.5',
    leverage: 5,
  };

  it('answers every product with defaults until saved', async () => {
    const res = (await as('admin', 'GET', `${T}/list`)).json();
    expect(res.data.map((p: { id: string }) => p.id)).toEqual([
      'stock',
      'block',
      'ipo',
      'daily',
      'ai',
      'fund',
      'quant',
      'saving',
    ]);
    expect(res.data[0]).toMatchObject({ enabled: true, buy_fee: '0', max_amount: '1000000.00', updated_at: null });
  });

  it('saves a product with exact fees and amounts; audited with before and after', async () => {
    const res = await as('admin', 'PUT', `${T}/product/stock`, valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: 'stock',
      sessions: '09:30-11:30,13:00-15:00',
      buy_fee: '0.0015',
      sell_fee: '0.0025',
      min_amount: '100.00',
      max_amount: '50000.50',
      leverage: 5,
      updated_by_name: 'Administrator',
    });
    const [stored] = await rows<{ buy_fee: string }>(
      sql`SELECT buy_fee::text FROM trade_product_config WHERE tenant_id = 'tr' AND product = 'stock'`,
    );
    expect(stored.buy_fee).toBe('0.001500');
    const audit = await lastAudit('trade_config.product');
    expect(audit.before).toMatchObject({ buy_fee: '0', updated_at: null });
    expect(audit.after).toMatchObject({ buy_fee: '0.0015' });
    // the neighbour product is untouched
    expect((await as('admin', 'GET', `${T}/product/block`)).json()).toMatchObject({ buy_fee: '0', leverage: 1 });
  });

  it.each([
    ['sessions', { sessions: '15:00-09:30' }, 'trading_hours'],
    ['sessions', { sessions: '09:30-12:00,11:00-15:00' }, 'trading_hours'],
    ['sessions', { sessions: '9:30-11:30' }, 'trading_hours'],
    ['sessions', { sessions: '' }, 'required'],
    ['buy_fee', { buy_fee: '1' }, 'fee_rate'],
    ['buy_fee', { buy_fee: '0.0000001' }, 'fee_rate'],
    ['sell_fee', { sell_fee: '-0.1' }, 'fee_rate'],
    ['min_amount', { min_amount: '60000' }, 'min_above_max'],
    ['min_amount', { min_amount: '1.234' }, 'decimals'],
    ['max_amount', { max_amount: '0' }, 'positive'],
    ['max_amount', { max_amount: '1e9' }, 'invalid'],
    ['leverage', { leverage: 0 }, 'too_small'],
    ['leverage', { leverage: 101 }, 'too_large'],
  ])('refuses %s %j (%s), nothing saved', async (field, change, code) => {
    const res = await as('admin', 'PUT', `${T}/product/ipo`, { ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().field_codes[field].code).toBe(code);
    expect((await as('admin', 'GET', `${T}/product/ipo`)).json().updated_at).toBeNull();
  });

  it('is for administrators only, and per tenant', async () => {
    expect((await as('supervisor', 'GET', `${T}/list`)).statusCode).toBe(403);
    expect((await as('sales', 'PUT', `${T}/product/stock`, valid)).statusCode).toBe(403);
    expect((await as('plAdmin', 'GET', `${T}/product/stock`)).json()).toMatchObject({ buy_fee: '0', updated_at: null });
    expect((await as('admin', 'GET', `${T}/product/nope`)).statusCode).toBe(400);
  });

  describe('global configs', () => {
    const G = `${T}/global`;
    it.each([
      ['number', '1e5', 'config_number'],
      ['number', '12.5.1', 'config_number'],
      ['boolean', 'yes', 'config_boolean'],
      ['json', '{"a":', 'config_json'],
      ['json', '', 'config_json'],
      ['decimal', '1.123456789', 'config_decimal'],
      ['decimal', '0.1e2', 'config_decimal'],
    ])('refuses a %s value %j (%s)', async (type, value, code) => {
      const res = await as('admin', 'POST', `${G}/create`, { key: `k.${type}`, type, value });
      expect(res.statusCode).toBe(400);
      expect(res.json().field_codes.value.code).toBe(code);
    });

    it('adds, changes (validated against the stored type) and deletes; audited', async () => {
      const bad = await as('admin', 'POST', `${G}/create`, { key: 'Bad Key', type: 'string', value: 'x' });
      expect(bad.json().field_codes.key.code).toBe('config_key');
      const json = await as('admin', 'POST', `${G}/create`, {
        key: 'withdraw.limits',
        type: 'json',
        value: ' { "daily": 3,\n "max": "5000.00" } ',
        description: 'Withdrawal limits',
      });
      expect(json.statusCode).toBe(200);
      expect(json.json()).toMatchObject({ value: '{"daily":3,"max":"5000.00"}', type: 'json' });
      const dec = await as('admin', 'POST', `${G}/create`, { key: 'fx.spread', type: 'decimal', value: '0.00150000' });
      expect(dec.json().value).toBe('0.00150000');
      const dup = await as('admin', 'POST', `${G}/create`, { key: 'fx.spread', type: 'decimal', value: '0.001' });
      expect([dup.statusCode, dup.json().field_codes.key.code]).toEqual([409, 'duplicate']);
      // a text is kept as written (not trimmed); a field left out of an edit keeps its value
      const text = await as('admin', 'POST', `${G}/create`, {
        key: 'note.banner',
        type: 'string',
        value: '  spaced  ',
      });
      expect(text.json().value).toBe('  spaced  ');
      const described = await as('admin', 'PUT', `${G}/${text.json().id}`, { description: 'Banner' });
      expect(described.json()).toMatchObject({ value: '  spaced  ', description: 'Banner' });
      expect((await as('admin', 'PUT', `${G}/${text.json().id}`, { type: 'json' })).statusCode).toBe(400);

      const id = dec.json().id;
      const wrong = await as('admin', 'PUT', `${G}/${id}`, { value: 'abc' });
      expect(wrong.json().field_codes.value.code).toBe('config_decimal');
      const ok = await as('admin', 'PUT', `${G}/${id}`, { value: '0.002', description: 'Spread' });
      expect(ok.json()).toMatchObject({ value: '0.002', description: 'Spread', type: 'decimal' });
      const audit = await lastAudit('trade_config.global.update');
      expect(audit.before).toMatchObject({ value: '0.00150000' });
      expect(audit.after).toMatchObject({ value: '0.002' });

      const list = (await as('admin', 'GET', `${G}/list?type=json`)).json();
      expect(list.data.map((r: { key: string }) => r.key)).toEqual(['withdraw.limits']);
      expect((await as('plAdmin', 'GET', `${G}/list`)).json().total).toBe(0);
      expect((await as('plAdmin', 'PUT', `${G}/${id}`, { value: '1' })).statusCode).toBe(404);

      expect((await as('admin', 'DELETE', `${G}/${id}`)).statusCode).toBe(200);
      expect((await lastAudit('trade_config.global.delete')).before).toMatchObject({ key: 'fx.spread' });
      expect((await as('admin', 'DELETE', `${G}/${id}`)).statusCode).toBe(404);
    });
  });
});

describe('trading_permission', () => {
  const P = '/trading_permission/admin/v1';
  const effective = async (who: Who, clientId: number) => {
    const res = await as(who, 'GET', `${P}/effective/${clientId}`);
    expect(res.statusCode).toBe(200);
    return Object.fromEntries(res.json().products.map((p: { product: string }) => [p.product, p])) as Record<
      string,
      { allowed: boolean; source: string; own: boolean | null; tradable: boolean }
    >;
  };
  const rule = async (body: Record<string, unknown>) => {
    const res = await as('admin', 'POST', `${P}/create`, body);
    expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
    return res.json().id as number;
  };

  it('resolves client > team > VIP level > default, and allows without a rule', async () => {
    await t.database.db.execute(sql`UPDATE client SET vip = 3 WHERE id IN (${salesClient.id}, ${otherTeamClient})`);
    let eff = await effective('admin', salesClient.id);
    expect(eff.stock).toMatchObject({ allowed: true, source: 'none', tradable: true });

    const def = await rule({ scope: 'default', product: 'stock', allowed: false, note: 'Closed by default' });
    expect((await effective('admin', salesClient.id)).stock).toMatchObject({ allowed: false, source: 'default' });

    const vip = await rule({ scope: 'vip', subject_id: 3, product: 'stock', allowed: true });
    expect((await effective('admin', salesClient.id)).stock).toMatchObject({ allowed: true, source: 'vip' });

    const team = await rule({ scope: 'team', subject_id: staffIds.leader, product: 'stock', allowed: false });
    eff = await effective('admin', salesClient.id);
    expect(eff.stock).toMatchObject({ allowed: false, source: 'team' });
    // the other team keeps its VIP level's answer
    expect((await effective('admin', otherTeamClient)).stock).toMatchObject({ allowed: true, source: 'vip' });

    const own = await rule({ scope: 'client', subject_id: salesClient.id, product: 'stock', allowed: true });
    expect((await effective('admin', salesClient.id)).stock).toMatchObject({
      allowed: true,
      source: 'client',
      own: true,
    });

    // removing the most specific rule hands the answer back to the next level
    expect((await as('admin', 'DELETE', `${P}/${own}`)).statusCode).toBe(200);
    expect((await effective('admin', salesClient.id)).stock).toMatchObject({ source: 'team', own: null });
    expect((await as('admin', 'PUT', `${P}/${team}`, { allowed: true })).json().allowed).toBe(true);
    expect((await effective('admin', salesClient.id)).stock).toMatchObject({ allowed: true, source: 'team' });
    expect((await lastAudit('trading_permission.update')).before).toMatchObject({ allowed: false });
    // other products are untouched
    expect((await effective('admin', salesClient.id)).block).toMatchObject({ allowed: true, source: 'none' });
    void def;
    void vip;

    const list = (await as('admin', 'GET', `${P}/list?scope=team,vip`)).json();
    expect(list.data.map((r: { subject_name: string }) => r.subject_name).sort()).toEqual(['Team Leader', 'VIP 3']);
  });

  it('a product closed in the trade configuration is not tradable whatever the rules', async () => {
    const closed = await as('admin', 'PUT', '/trade_config/admin/v1/product/fund', {
      enabled: false,
      sessions: '09:30-15:00',
      buy_fee: '0',
      sell_fee: '0',
      min_amount: '0',
      max_amount: '100',
      leverage: 1,
    });
    expect(closed.statusCode).toBe(200);
    expect((await effective('admin', salesClient.id)).fund).toMatchObject({
      allowed: true,
      product_enabled: false,
      tradable: false,
    });
  });

  it("edits the client's own rules from the drawer within the data scope; audited", async () => {
    const res = await as('sales', 'PUT', `${P}/client/${salesClient.id}`, { rules: { ipo: false, quant: true } });
    expect(res.statusCode).toBe(200);
    const ipo = res.json().products.find((p: { product: string }) => p.product === 'ipo');
    expect(ipo).toMatchObject({ allowed: false, source: 'client', own: false });
    const audit = await lastAudit('trading_permission.client');
    expect(audit).toMatchObject({ username: 'sales', targetId: String(salesClient.id), resource: 'client' });
    // null removes the own rule; allowing again what the client could not trade is the grant's (an administrator's):
    // the salesman's removal is refused and changes nothing (tests/server/staff-controls.test.ts)
    const refused = await as('sales', 'PUT', `${P}/client/${salesClient.id}`, { rules: { ipo: null } });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'trading_override_not_allowed']);
    expect((await effective('admin', salesClient.id)).ipo).toMatchObject({ allowed: false, source: 'client' });
    const cleared = await as('admin', 'PUT', `${P}/client/${salesClient.id}`, { rules: { ipo: null } });
    expect(cleared.json().products.find((p: { product: string }) => p.product === 'ipo').source).toBe('none');
    // outside the salesman's scope: 404, nothing changed
    expect((await as('sales', 'PUT', `${P}/client/${otherTeamClient}`, { rules: { ipo: false } })).statusCode).toBe(
      404,
    );
    expect((await as('sales', 'GET', `${P}/effective/${otherTeamClient}`)).statusCode).toBe(404);
    expect((await effective('admin', otherTeamClient)).ipo.source).toBe('none');
    // a leader sees his team's client
    expect((await as('leader', 'GET', `${P}/effective/${salesClient.id}`)).statusCode).toBe(200);
    // unknown products and empty rule sets are refused
    expect((await as('sales', 'PUT', `${P}/client/${salesClient.id}`, { rules: { forex: true } })).statusCode).toBe(
      400,
    );
    expect((await as('sales', 'PUT', `${P}/client/${salesClient.id}`, { rules: {} })).statusCode).toBe(400);
  });

  it('validates rules', async () => {
    const hero = await as('admin', 'POST', `${P}/create`, {
      scope: 'team',
      subject_id: staffIds.sales,
      product: 'ai',
      allowed: false,
    });
    expect(hero.json().field_codes.subject_id.code).toBe('subject_invalid');
    const vip = await as('admin', 'POST', `${P}/create`, {
      scope: 'vip',
      subject_id: 100,
      product: 'ai',
      allowed: false,
    });
    expect(vip.json().field_codes.subject_id.code).toBe('invalid');
    const none = await as('admin', 'POST', `${P}/create`, { scope: 'client', product: 'ai', allowed: false });
    expect(none.json().field_codes.subject_id.code).toBe('required');
    const dup = await as('admin', 'POST', `${P}/create`, { scope: 'default', product: 'stock', allowed: true });
    expect([dup.statusCode, dup.json().field_codes.product.code]).toEqual([409, 'duplicate']);
    // an edit changes allowed and note only: the level, subject and product are not fields of it
    const rule = (await as('admin', 'GET', `${P}/list?scope=default&product=stock`)).json().data[0];
    expect((await as('admin', 'PUT', `${P}/${rule.id}`, { product: 'ai' })).statusCode).toBe(400);
  });

  it('is for administrators only (the rules), and per tenant', async () => {
    expect((await as('supervisor', 'GET', `${P}/list`)).statusCode).toBe(403);
    expect(
      (await as('sales', 'POST', `${P}/create`, { scope: 'default', product: 'ai', allowed: false })).statusCode,
    ).toBe(403);
    expect((await as('plAdmin', 'GET', `${P}/list`)).json().total).toBe(0);
    expect((await as('plAdmin', 'GET', `${P}/effective/${salesClient.id}`)).statusCode).toBe(404);
    const id = (await as('admin', 'GET', `${P}/list`)).json().data[0].id;
    expect((await as('plAdmin', 'DELETE', `${P}/${id}`)).statusCode).toBe(404);
    const pl = await as('plAdmin', 'POST', `${P}/create`, {
      scope: 'client',
      subject_id: salesClient.id,
      product: 'ai',
      allowed: false,
    });
    expect(pl.json().field_codes.subject_id.code).toBe('subject_invalid');
  });
});

describe('demo seed', () => {
  it('seeds valid addresses, global configs and a rule, once', async () => {
    await seedOpsConfig(t.database.db, 'es');
    await seedOpsConfig(t.database.db, 'es');
    const [n] = await rows<{ addresses: number; configs: number; rules: number }>(sql`
      SELECT (SELECT count(*)::int FROM crypto_address WHERE tenant_id = 'es') AS addresses,
             (SELECT count(*)::int FROM global_config WHERE tenant_id = 'es') AS configs,
             (SELECT count(*)::int FROM trading_permission WHERE tenant_id = 'es') AS rules`);
    expect(n).toEqual({ addresses: 3, configs: 2, rules: 1 });
    const seeded = await rows<{ chain: string; address: string }>(
      sql`SELECT chain, address FROM crypto_address WHERE tenant_id = 'es'`,
    );
    for (const a of seeded) expect(chainAddressProblem(a.chain, a.address), a.address).toBeUndefined();
  });
});
