/**
 * Scheduled message delivery with two API processes on one PostgreSQL database (two connection pools, so deliveries
 * really run side by side): every due message is delivered exactly once, with exactly one audit row, however the
 * deliverers interleave; a message not yet due and a cancelled one are left alone.
 * Runs only with DATABASE_URL (vitest.server.config.ts).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { auditLog, message, staffUser } from '../../server/db/schema';
import { seed } from '../../server/db/seed';
import { deliverDue } from '../../server/modules/message/delivery';
import { DEMO_PASSWORD } from './helpers';

const base = process.env.DATABASE_URL;
if (!base) throw new Error('message-delivery.pg.test.ts needs PostgreSQL: set DATABASE_URL');

const name = `bo_t_${randomBytes(6).toString('hex')}`;
let a: Database;
let b: Database;

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const config = loadConfig(
    { NODE_ENV: 'test', DEMO_PASSWORD, DATA_DIR: '/tmp/bo-test-data' },
    { jwtSecret: randomBytes(32).toString('base64url'), passwordPepper: randomBytes(32).toString('base64url') },
  );
  a = await openDatabase(url.toString(), config.dataDir, 5);
  b = await openDatabase(url.toString(), config.dataDir, 5);
  await seed(a.db, config);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  for (let i = 0; i < 100; i++) {
    const open = await c.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1`, [name]);
    if (open.rows[0].n === 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await c.end();
});

describe('scheduled delivery across processes', () => {
  it('delivers each due message once, with one audit row, whichever process gets there first', async () => {
    const [admin] = await a.db
      .select({ id: staffUser.id })
      .from(staffUser)
      .where(and(eq(staffUser.tenantId, 'tr'), eq(staffUser.username, 'admin')));
    const values = (status: string, due: boolean) => ({
      tenantId: 'tr',
      title: 't',
      body: '<p>b</p>',
      audience: 'all',
      status,
      sendAt: due ? sql`now() - interval '1 second'` : sql`now() + interval '1 day'`,
      createdBy: admin.id,
    });
    const due = await a.db
      .insert(message)
      .values(Array.from({ length: 40 }, () => values('scheduled', true)))
      .returning({ id: message.id });
    const [later] = await a.db.insert(message).values(values('scheduled', false)).returning({ id: message.id });
    const [cancelled] = await a.db.insert(message).values(values('cancelled', true)).returning({ id: message.id });

    const runs = await Promise.all(Array.from({ length: 12 }, (_, i) => deliverDue((i % 2 ? a : b).db)));
    const delivered = runs.flat();
    const ids = due.map((d) => d.id);
    expect([...delivered].sort((x, y) => x - y)).toEqual(ids);
    // more than one deliverer did some of the work, or one did it all: either way no id twice
    expect(new Set(delivered).size).toBe(delivered.length);

    const rows = await a.db
      .select({ target: auditLog.targetId, n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.action, 'message.deliver'))
      .groupBy(auditLog.targetId);
    expect(rows).toHaveLength(ids.length);
    expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
    const states = await a.db
      .select({ id: message.id, status: message.status })
      .from(message)
      .where(inArray(message.id, [later.id, cancelled.id]));
    expect(Object.fromEntries(states.map((s) => [s.id, s.status]))).toEqual({
      [later.id]: 'scheduled',
      [cancelled.id]: 'cancelled',
    });
    expect(await deliverDue(b.db)).toEqual([]);
  });
});
