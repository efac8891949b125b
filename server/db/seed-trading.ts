/**
 * Demo trading data of a tenant (development only, after seedFunds): products of every kind in every product status
 * and orders of every kind in every order status that kind reaches, all made through the trading services
 * (server/modules/trading/: products.ts, placement.ts, actions.ts, ipo.ts), so the ledger, the positions and `ledger:check` hold. Runs once (skipped when
 * the tenant already has products); a few hundred statements, about a second.
 */
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { OrderRouteAction } from '../../domain/trading';
import type { PlaceOrderBody } from '../modules/trading/schemas';
import { nextOpen, TRADE_PRODUCTS, type TradeProduct } from '../../domain/trade-config';
import { withRetry } from '../core/retry';
import type { Tx } from '../core/db';
import { byStaff, type Actor } from '../modules/records/common';
import { allocateIpo, goPublic } from '../modules/trading/ipo';
import { createProduct, productAction } from '../modules/trading/products';
import { orderAction } from '../modules/trading/actions';
import { placeOrder } from '../modules/trading/placement';
import { readProduct, saveProduct } from '../modules/trade_config/service';
import { effectiveOf } from '../modules/trading_permission/service';
import { tenantTimeZone } from '../modules/setting/service';
import type { Db } from './client';
import { account, client, staffUser, tradeProduct, tradingPermissionRule } from './schema';

/** Seeds the demo trading data of `tenantId`; answers how many orders it placed. */
export async function seedTrading(db: Db, tenantId: string): Promise<{ orders: number }> {
  const [existing] = await db
    .select({ id: tradeProduct.id })
    .from(tradeProduct)
    .where(eq(tradeProduct.tenantId, tenantId))
    .limit(1);
  if (existing) return { orders: 0 };
  const [admin] = await db
    .select({ id: staffUser.id })
    .from(staffUser)
    .where(and(eq(staffUser.tenantId, tenantId), eq(staffUser.username, 'admin')));
  if (!admin) return { orders: 0 };
  const staff = { id: admin.id, tenantId, role: 'god' };
  const actor: Actor = byStaff(staff);
  const run = <T>(fn: (tx: Tx) => Promise<T>) => withRetry(db, fn);

  // the richest USD accounts pay for the demo orders
  const funded = await db
    .select({ clientId: account.clientId })
    .from(account)
    .where(and(eq(account.tenantId, tenantId), eq(account.currency, 'USD'), gte(account.balance, '3000')))
    .orderBy(desc(account.balance), asc(account.id))
    .limit(6);
  if (funded.length < 2) return { orders: 0 };
  const clientIds = funded.map((f) => f.clientId);
  let turn = 0;
  const nextClient = () => clientIds[turn++ % clientIds.length];
  // They trade freely: buying and selling allowed, no daily limit, the IPO's leverage granted (their trade settings).
  await db
    .update(client)
    .set({ tradeSettings: { buy_enabled: true, sell_enabled: true, max_leverage: 5, daily_limit: null } })
    .where(inArray(client.id, clientIds));
  // ... and may trade every kind: where the tenant's rules (e.g. a VIP level without block trades) refuse one of them,
  // a client rule allows it (the client rule wins, domain/trading-permission.ts).
  for (const clientId of clientIds) {
    const effective = await effectiveOf(db, staff, clientId);
    const refused = effective.products.filter((p) => !p.allowed).map((p) => p.product);
    if (refused.length)
      await db
        .insert(tradingPermissionRule)
        .values(
          refused.map((product) => ({
            tenantId,
            scope: 'client',
            subjectId: clientId,
            product,
            allowed: true,
            note: '演示交易客户',
          })),
        )
        .onConflictDoNothing();
  }

  // fees on every kind; an IPO bought with leverage (so that some allotments are owed)
  for (const kind of ['stock', 'block', 'daily', 'ipo', 'ai', 'fund', 'quant', 'saving'] as TradeProduct[]) {
    const cur = await readProduct(db, tenantId, kind);
    if (cur.updated_at) continue; // configured already: keep it
    await run((tx) =>
      saveProduct(tx, staff, kind, {
        enabled: cur.enabled,
        sessions: cur.sessions,
        buy_fee: '0.0015',
        sell_fee: '0.002',
        min_amount: '1.00',
        max_amount: cur.max_amount,
        leverage: kind === 'ipo' ? 5 : cur.leverage,
      }),
    );
  }

  // The demo's orders are history booked within their kind's trading hours (npm start seeds at any hour): each kind's
  // orders are placed and acted on by a clock at the kind's next open minute, the rule itself unchanged.
  const zone = await tenantTimeZone(db, tenantId);
  const openAt = new Map<TradeProduct, Date>();
  for (const kind of TRADE_PRODUCTS) {
    const { sessions } = await readProduct(db, tenantId, kind);
    openAt.set(kind, nextOpen(sessions, zone, new Date()) ?? new Date());
  }
  let orders = 0;
  const place = async (kind: TradeProduct, body: Omit<PlaceOrderBody, 'client_id'>) => {
    orders++;
    return run((tx) => placeOrder(tx, actor, kind, { ...body, client_id: nextClient() }, openAt.get(kind)!));
  };
  const act = (kind: TradeProduct, action: OrderRouteAction, id: number, body = {}) =>
    run((tx) => orderAction(tx, actor, kind, action, id, body, openAt.get(kind)!));
  const product = (kind: TradeProduct, code: string, extra: Record<string, unknown> = {}) =>
    run((tx) =>
      createProduct(tx, staff, kind, {
        code, // subtype: the kind's first (the default)
        name: `${code} demo`,
        currency: 'USD',
        price: '10',
        lot_size: 1,
        ...extra,
      }),
    );

  // market: stock, block, daily
  for (const [kind, code] of [
    ['stock', 'LU600519'],
    ['block', 'BLK0700'],
    ['daily', 'DAY9988'],
  ] as const) {
    const p = await product(kind, code, { price: '12.3456', lot_size: 100 });
    const off = await product(kind, `${code}X`, { price: '3.5' });
    await run((tx) => productAction(tx, tenantId, kind, 'disable', off.id));
    const pend = await place(kind, { product_id: p.id, trade_type: 'review', quantity: 100 });
    void pend;
    const held = await place(kind, { product_id: p.id, trade_type: 'holding', quantity: 100 });
    const rej = await place(kind, { product_id: p.id, trade_type: 'review', quantity: 100 });
    await act(kind, 'reject', rej.id, { remark: 'demo' });
    const approved = await place(kind, { product_id: p.id, trade_type: 'review', quantity: 200 });
    await act(kind, 'approve', approved.id);
    if (kind === 'daily') {
      await act(kind, 'close', held.id, { sell_price: '12.9' });
      const done = await place(kind, { product_id: p.id, trade_type: 'holding', quantity: 100 });
      await act(kind, 'close', done.id, { sell_price: '11.8' });
      await act(kind, 'settle', done.id);
    } else {
      await act(kind, 'sell', held.id, { sell_price: '13.1' });
    }
  }

  // period: ai, fund, quant, saving
  for (const [kind, code, days] of [
    ['ai', 'AI30', 30],
    ['fund', 'FUND90', 90],
    ['quant', 'QNT7', 7],
    ['saving', 'SAV365', 365],
  ] as const) {
    const p = await product(kind, code, { price: '1', period_days: days, rate: '0.045' });
    const off = await product(kind, `${code}X`, { price: '1', period_days: days });
    await run((tx) => productAction(tx, tenantId, kind, 'disable', off.id));
    await place(kind, { product_id: p.id, trade_type: 'review', amount: '500' });
    await place(kind, { product_id: p.id, trade_type: 'holding', amount: '800' });
    const rej = await place(kind, { product_id: p.id, trade_type: 'review', amount: '300' });
    await act(kind, 'reject', rej.id);
    const red = await place(kind, { product_id: p.id, trade_type: 'holding', amount: '600' });
    await act(kind, 'redeem', red.id);
    const done = await place(kind, { product_id: p.id, trade_type: 'review', amount: '1000' });
    await act(kind, 'approve', done.id);
    await act(kind, 'settle', done.id, { profit: kind === 'quant' ? '-25.50' : '37.50' });
  }

  // IPO: one product per status
  const ipo = (code: string, offered: number) =>
    product('ipo', code, {
      price: '8.88',
      lot_size: 100,
      offered,
      subscribe_end: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
  const open = await ipo('IPO001', 10_000);
  await place('ipo', { product_id: open.id, trade_type: 'review', quantity: 500 });
  const locked = await ipo('IPO002', 10_000);
  await place('ipo', { product_id: locked.id, trade_type: 'review', quantity: 300 });
  await run((tx) => productAction(tx, tenantId, 'ipo', 'lock', locked.id));
  // listing: oversubscribed, allotted by ratio (leverage 5: some allotments are owed)
  const listing = await ipo('IPO003', 800);
  const subs = [];
  for (const q of [1000, 600, 400, 200, 100])
    subs.push(await place('ipo', { product_id: listing.id, trade_type: 'review', quantity: q }));
  await run((tx) => productAction(tx, tenantId, 'ipo', 'lock', listing.id));
  await run((tx) => allocateIpo(tx, actor, listing.id, 'ratio'));
  const rej = await place('ipo', { product_id: open.id, trade_type: 'review', quantity: 100 });
  await act('ipo', 'reject', rej.id);
  // listed: allotted, one owing order overdue then paid after listing, one holding sold
  const listed = await ipo('IPO004', 400);
  const l1 = await place('ipo', { product_id: listed.id, trade_type: 'review', quantity: 300 });
  const l2 = await place('ipo', { product_id: listed.id, trade_type: 'review', quantity: 300 });
  await run((tx) => productAction(tx, tenantId, 'ipo', 'lock', listed.id));
  await run((tx) => allocateIpo(tx, actor, listed.id, 'lottery'));
  for (const o of [l1, l2]) {
    const [cur] = (await db.execute(sql`SELECT status FROM trade_order WHERE id = ${o.id}`)).rows as {
      status: string;
    }[];
    if (cur.status === 'waiting_payment') await act('ipo', 'pay', o.id);
  }
  await run((tx) => goPublic(tx, actor, listed.id));
  const [h] = (
    await db.execute(sql`SELECT id FROM trade_order WHERE product_id = ${listed.id} AND status = 'holding'
    ORDER BY id LIMIT 1`)
  ).rows as { id: number }[];
  if (h) await act('ipo', 'sell', Number(h.id), { sell_price: '10.5' });
  // of IPO003's owed subscriptions, one goes overdue, one is paid (approved, waiting for the listing)
  let overdue = false;
  for (const o of subs) {
    const [cur] = (await db.execute(sql`SELECT status FROM trade_order WHERE id = ${o.id}`)).rows as {
      status: string;
    }[];
    if (cur.status !== 'waiting_payment') continue;
    await act('ipo', overdue ? 'pay' : 'overdue', o.id);
    if (overdue) break;
    overdue = true;
  }
  return { orders };
}
