/**
 * The demo trading seed (server/db/seed-trading.ts), after the rest of the demo data as `npm start` seeds it
 * (server/db/seed-demo.ts: clients' trade settings and the trading permission rules come first): every product and
 * order status, made through the service; ledger:check holds.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, PRODUCT_STATUSES } from '../../domain/trading';
import { seedDemoTenant } from '../../server/db/seed-demo';
import { seedTrading } from '../../server/db/seed-trading';
import { checkLedger } from '../../server/ledger';
import { createStorage } from '../../server/storage';
import { makeTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  // Every client a multiple of 5 has saved trade settings, VIP 0 may not trade block: the seed must still trade.
  await seedDemoTenant(t.database.db, createStorage(t.config), 'tr', 20);
});
afterAll(async () => {
  await t?.close();
});

describe('seedTrading', () => {
  it('seeds every product status and every order status, once, and the ledger checks', async () => {
    // seeded once (by seedDemoTenant): a second run adds nothing
    expect((await seedTrading(t.database.db, 'tr')).orders).toBe(0);
    const n = await t.database.db.execute(sql`SELECT count(*)::int AS n FROM trade_order WHERE tenant_id = 'tr'`);
    expect((n.rows[0] as { n: number }).n).toBeGreaterThan(30);
    const p = await t.database.db.execute(sql`SELECT DISTINCT status FROM trade_product WHERE tenant_id = 'tr'`);
    expect((p.rows as { status: string }[]).map((r) => r.status).sort()).toEqual([...PRODUCT_STATUSES].sort());
    const o = await t.database.db.execute(sql`SELECT DISTINCT status FROM trade_order WHERE tenant_id = 'tr'`);
    expect((o.rows as { status: string }[]).map((r) => r.status).sort()).toEqual([...ORDER_STATUSES].sort());
    const k = await t.database.db.execute(
      sql`SELECT count(DISTINCT kind)::int AS n FROM trade_order WHERE tenant_id = 'tr'`,
    );
    expect((k.rows[0] as { n: number }).n).toBe(8);
    expect((await checkLedger(t.database.db)).violations).toEqual([]);
  });
});
