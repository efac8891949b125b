/**
 * Hostile input against every /api route the API declares: wrong types, integers beyond any database range, NUL
 * bytes and lone surrogates, huge strings, dates that match the pattern but do not exist, forged cursors, deeply
 * nested and invalid JSON, wrong content types and oversize bodies, sent as the administrator (so each request gets
 * past authentication to the route's own validation and handler). Not one may answer 5xx; each 4xx answers
 * `{ message, code }`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { seedClientExtras } from '../../server/db/seed-client';
import { seedFunds } from '../../server/db/seed-funds';
import { login, makeTestApp, type TestApp } from './helpers';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await makeTestApp({ captcha: false });
  // Records to reach: hostile values then hit handlers that find a client, an account, a record.
  await seedFunds(t.database.db, 'tr', { clients: 5 });
  await seedClientExtras(t.database.db, 'tr');
  token = (await login(t.app, 'admin')).access_token;
});
afterAll(() => t?.close());

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  format?: string;
  pattern?: string;
  enum?: unknown[];
}

const HUGE_INT = '99999999999999999999999';
const NUL = 'a\u0000b';
const SURROGATE = '\ud800x';
const LONG = 'x'.repeat(20_000);
const FORGED_CURSOR = Buffer.from(JSON.stringify(['id', 'desc', "1' OR 1=1", 1e30])).toString('base64url');

/** Hostile values for a path segment. */
const PATH_VALUES = [
  HUGE_INT,
  '9223372036854775808',
  '-1',
  '0',
  '1e3',
  '1e400',
  'abc',
  '%00',
  '%ED%A0%80',
  '1.5',
  'x'.repeat(300),
];

/** Hostile values of a query parameter, by its declared schema. */
function queryValues(s: Schema | undefined): string[] {
  // '1e400': Ajv coerces it to Infinity, which passes `type: integer` and `maximum`.
  const base = [NUL, SURROGATE, LONG, HUGE_INT, '-1', '1e400', '', '[object Object]'];
  if (!s) return base;
  if (s.format === 'date' || s.pattern?.includes('\\d{4}')) base.push('2026-02-30', '2026-13-01', '0000-00-00');
  if (s.format === 'date-time') base.push('2026-02-30T25:61:00Z');
  return base;
}

/** A plausible value of a schema (so a body gets past its other required fields to the one under attack). */
function plausible(s: Schema | undefined): unknown {
  if (!s) return 'x';
  if (s.enum?.length) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object')
    return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, plausible(v)]));
  if (s.format === 'date') return '2026-01-01';
  if (s.format === 'date-time') return '2026-01-01T00:00:00Z';
  return '1';
}

/** Hostile bodies for a route with a JSON body schema. */
function bodies(s: Schema | undefined): { payload: string; type: string }[] {
  const json = (v: unknown) => ({ payload: JSON.stringify(v), type: 'application/json' });
  const out = [
    { payload: '{', type: 'application/json' },
    { payload: '[[[[[[[[[['.repeat(2000) + ']]]]]]]]]]'.repeat(2000), type: 'application/json' },
    json(null),
    json([]),
    json('x'),
    { payload: 'a=1', type: 'text/plain' },
    { payload: 'a=1', type: 'application/x-www-form-urlencoded' },
    json({ x: 'y'.repeat(2_000_000) }),
  ];
  const props = s?.properties ?? {};
  const hostile = [
    HUGE_INT,
    Number(HUGE_INT),
    -1,
    1e308,
    NUL,
    SURROGATE,
    LONG,
    true,
    [],
    {},
    { a: { b: { c: [] } } },
    '2026-02-30',
  ];
  const base = plausible(s) as Record<string, unknown>;
  for (const name of Object.keys(props)) {
    for (const v of hostile) {
      out.push(json({ [name]: v }));
      out.push(json({ ...base, [name]: v }));
    }
  }
  // every property hostile at once
  out.push(json(Object.fromEntries(Object.keys(props).map((k) => [k, NUL]))));
  out.push(json(Object.fromEntries(Object.keys(props).map((k) => [k, HUGE_INT]))));
  return out;
}

/** Percent-encodes a query value; a lone surrogate (which encodeURIComponent refuses) as its CESU-8 bytes. */
const enc = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return '%ED%A0%80x';
  }
};

const fill = (url: string, value: string) => url.replace(/:[A-Za-z_]+/g, value);
const sample = (url: string) => fill(url, '1');

describe('fuzz: hostile input against every route', () => {
  it('answers no 5xx, and every 4xx carries a code', async () => {
    const failures: string[] = [];
    let sent = 0;
    const routes = t.app.routeTable.filter((r) => !r.url.startsWith('/api/s3/object'));
    const send = async (opts: InjectOptions & { url: string }) => {
      sent++;
      const res = await t.app.inject({
        ...opts,
        headers: { 'x-tenant-id': 'tr', authorization: `Bearer ${token}`, ...(opts.headers ?? {}) },
      });
      const what = `${opts.method} ${opts.url.slice(0, 120)} ${typeof opts.payload === 'string' ? opts.payload.slice(0, 60) : ''}`;
      if (res.statusCode >= 500) failures.push(`${res.statusCode} ${what} ${res.body.slice(0, 120)}`);
      else if (res.statusCode >= 400) {
        let code: unknown;
        try {
          code = res.json().code;
        } catch {
          code = undefined;
        }
        if (typeof code !== 'string') failures.push(`${res.statusCode} without code: ${what}`);
      }
    };
    for (const r of routes) {
      const method = r.method as InjectOptions['method'];
      if (r.url.includes(':')) for (const v of PATH_VALUES) await send({ method, url: fill(r.url, v) });
      const q = (r.querystring as Schema | undefined)?.properties ?? {};
      const params = Object.keys(q).length ? Object.keys(q) : ['page', 'cursor'];
      for (const name of params) {
        const values = name === 'cursor' ? [FORGED_CURSOR, 'bm90LWpzb24', NUL] : queryValues(q[name]);
        for (const v of values) await send({ method, url: `${sample(r.url)}?${name}=${enc(v)}` });
        await send({ method, url: `${sample(r.url)}?${name}=1&${name}=2` });
      }
      if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
        for (const b of bodies(r.body as Schema | undefined)) {
          await send({ method, url: sample(r.url), payload: b.payload, headers: { 'content-type': b.type } });
        }
      }
    }
    console.log(`fuzz: ${sent} requests to ${routes.length} routes, ${failures.length} failures`);
    expect(failures.slice(0, 40)).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
  }, 600_000);
});
