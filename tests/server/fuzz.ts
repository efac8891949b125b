/**
 * Hostile input against every /api route the API declares: wrong types, integers beyond any database range, NUL
 * bytes and lone surrogates, huge strings, dates that match the pattern but do not exist, forged cursors, deeply
 * nested and invalid JSON, wrong content types and oversize bodies, sent as the administrator (so each request gets
 * past authentication to the route's own validation and handler). Not one may answer 5xx; each 4xx answers
 * `{ message, code }`.
 *
 * The routes are fuzzed in shards, one test file each (fuzz-<n>.test.ts): on PGlite the files run on every core, and
 * one file of all the routes (634 s) was the suite's long pole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { InjectOptions } from 'fastify';
import { seedClientExtras } from '../../server/db/seed-client';
import { seedFunds } from '../../server/db/seed-funds';
import { call, login, loginBody, makeTestApp, type TestApp } from './helpers';

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

/**
 * Numbers outside every integer column and outside the schema's own types, in every form a path or a query string
 * can carry them: beyond int4, int8 and uint64, exponent forms (which Ajv coerces to integers), negative zero, a
 * float of a whole value, Infinity.
 */
const OUT_OF_RANGE = [
  '99999999999999999999',
  '9223372036854775808',
  '2147483648',
  '1e20',
  '1e+25',
  '-0',
  '1.0',
  'Infinity',
];

/** Dates that a loose parser accepts and PostgreSQL refuses or misreads: five- and six-digit years, year 0, signs. */
const DATES_OUT = ['99999-01-01', '99999-01-01T00:00:00Z', '+275760-09-13', '0000-01-01', '2026-01-01T00:00:00+99:00'];

/** A value written into a JSON body as it stands (exponent forms and negative zero, which JSON.stringify rewrites). */
class Raw {
  constructor(readonly text: string) {}
}
const RAW_BODY_NUMBERS = ['1e20', '1E+25', '-0', '2147483648', '9223372036854775808', '1.0'].map((x) => new Raw(x));

/** JSON text of `v` with its Raw values written as they stand. */
function jsonText(v: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(v, (_k, x: unknown) => {
    if (x instanceof Raw) {
      raws.push(x.text);
      return `\u0000raw${raws.length - 1}\u0000`;
    }
    return x;
  });
  return text.replace(/"\\u0000raw(\d+)\\u0000"/g, (_m, i: string) => raws[Number(i)]);
}

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');

/**
 * Forged cursors of every shape for a list sorted by `sort` in `order`: well-formed ones whose sort value is not of
 * the column's type (not a date, not a number, a five-digit year, beyond bigint) or whose id is out of range, and
 * ones of the wrong shape (not an array, too short, too long, not JSON, not base64url).
 */
function forgedCursors(sort: string, order: string): string[] {
  const keys: unknown[] = ['not-a-date', '99999-01-01', '1e400', '99999999999999999999', '', 5, null];
  const ids: unknown[] = [1e20, 1.5, '1'];
  return [
    ...keys.map((k) => b64([sort, order, k, 1])),
    ...ids.map((id) => b64([sort, order, '1', id])),
    b64([sort, order]),
    b64([sort, order, '1', 1, 'extra']),
    b64({ sort, order }),
    '!!!',
  ];
}

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
  ...OUT_OF_RANGE,
];

/** Hostile values of a query parameter, by its declared schema. */
function queryValues(s: Schema | undefined): string[] {
  // '1e400': Ajv coerces it to Infinity, which passes `type: integer` and `maximum`.
  // Every parameter also gets numbers and dates outside its declared type: a string parameter may be read as either.
  const base = [NUL, SURROGATE, LONG, HUGE_INT, '-1', '1e400', '', '[object Object]', ...OUT_OF_RANGE, ...DATES_OUT];
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
  const json = (v: unknown) => ({ payload: jsonText(v), type: 'application/json' });
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
    '99999999999999999999',
    '1e25',
    '99999-01-01',
    ...RAW_BODY_NUMBERS,
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

/** The number of shards (fuzz-1.test.ts ... fuzz-<SHARDS>.test.ts). */
export const SHARDS = 4;

/**
 * The fuzz of shard `shard` (1..SHARDS): every SHARDS-th route of the route table, from the shard's own, against an
 * app and a database of its own.
 */
export function fuzzShard(shard: number): void {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    // One connection on PostgreSQL too, as on PGlite: the fuzz runs on PostgreSQL only (vitest.server.config.ts), and a
    // query made outside a transaction while inside it would then hang the request (a 30-minute timeout), not pass.
    t = await makeTestApp({ captcha: false }, undefined, { poolSize: 1 });
    // Records to reach: hostile values then hit handlers that find a client, an account, a record.
    await seedFunds(t.database.db, 'tr', { clients: 5 });
    await seedClientExtras(t.database.db, 'tr');
    token = (await login(t.app, 'admin')).access_token;
  });
  afterAll(() => t?.close());

  describe(`fuzz: hostile input against every route (shard ${shard} of ${SHARDS})`, () => {
    it('answers no 5xx, and every 4xx carries a code', async () => {
      const failures: string[] = [];
      let sent = 0;
      let relogins = 0;
      const statuses: Record<number, number> = {};
      const all = t.app.routeTable.filter((r) => !r.url.startsWith('/api/s3/object'));
      const routes = all.filter((_r, i) => i % SHARDS === shard - 1);
      // Some hostile requests end the fuzzer's own session (logout; wrong old passwords in change_pwd lock the account
      // from this address, which revokes the session). A 401 on a route that needs a token is then answered by signing
      // in again from another address and sending the request again: every request must reach its route, else it
      // tests nothing (before 2026-11-27 all but the first 1,000 requests answered 401 and hid 5 classes of 5xx).
      const signIn = async () => {
        relogins++;
        const res = await call(t.app, 'POST', '/api/auth/admin/v1/login', {
          body: await loginBody(t.app, 'admin'),
          ip: `10.99.${relogins >> 8}.${relogins & 255}`,
        });
        expect(res.statusCode, res.body).toBe(200);
        token = res.json().access_token;
      };
      const send = async (opts: InjectOptions & { url: string }, permission: unknown) => {
        sent++;
        const what = `${opts.method} ${opts.url.slice(0, 120)} ${typeof opts.payload === 'string' ? opts.payload.slice(0, 60) : ''}`;
        // A streamed answer (CSV export) that fails after its headers is destroyed mid-way: a server error too.
        const inject = () =>
          t.app
            .inject({
              ...opts,
              headers: { 'x-tenant-id': 'tr', authorization: `Bearer ${token}`, ...(opts.headers ?? {}) },
            })
            .catch((e: Error) => ({ statusCode: 599, body: `stream broken: ${e.message}`, json: () => ({}) }));
        let res = await inject();
        if (res.statusCode === 401 && permission !== 'public') {
          await signIn();
          res = await inject();
          // the session routes (mfa/verify, refresh...) answer 401 to a token of the wrong kind: their own answer
          if (res.statusCode === 401 && !opts.url.startsWith('/api/auth/')) {
            failures.push(`401 after signing in again: ${what} ${res.body.slice(0, 120)}`);
          }
        }
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
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
        if (r.url.includes(':')) for (const v of PATH_VALUES) await send({ method, url: fill(r.url, v) }, r.permission);
        const q = (r.querystring as Schema | undefined)?.properties ?? {};
        const params = Object.keys(q).length ? Object.keys(q) : ['page', 'cursor'];
        for (const name of params) {
          const values = name === 'cursor' ? [FORGED_CURSOR, 'bm90LWpzb24', NUL] : queryValues(q[name]);
          for (const v of values) await send({ method, url: `${sample(r.url)}?${name}=${enc(v)}` }, r.permission);
          if (name === 'cursor') {
            // a cursor of each sort key and order the list takes, forged in every shape
            const sorts = ((q.sort as Schema | undefined)?.enum as string[] | undefined) ?? ['id'];
            for (const [i, sort] of sorts.entries()) {
              const order = i % 2 ? 'asc' : 'desc';
              for (const c of forgedCursors(sort, order)) {
                await send(
                  { method, url: `${sample(r.url)}?sort=${sort}&order=${order}&cursor=${enc(c)}` },
                  r.permission,
                );
              }
            }
          }
          await send({ method, url: `${sample(r.url)}?${name}=1&${name}=2` }, r.permission);
        }
        if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
          for (const b of bodies(r.body as Schema | undefined)) {
            await send(
              { method, url: sample(r.url), payload: b.payload, headers: { 'content-type': b.type } },
              r.permission,
            );
          }
        }
      }
      console.log(
        `fuzz: ${sent} requests to ${routes.length} routes, ${failures.length} failures, ${relogins} new sign-ins; ` +
          `answers by status ${JSON.stringify(statuses)}`,
      );
      if (process.env.FUZZ_OUT) writeFileSync(`${process.env.FUZZ_OUT}.${shard}`, failures.join('\n'));
      expect(failures.slice(0, 40)).toEqual([]);
      // every route in one shard or another (one test file per shard), each with its share of the requests
      expect(
        readdirSync(fileURLToPath(new URL('.', import.meta.url))).filter((f) => /^fuzz-\d+\.test\.ts$/.test(f)),
      ).toHaveLength(SHARDS);
      expect(routes.length).toBeGreaterThanOrEqual(Math.floor(all.length / SHARDS));
      expect(sent).toBeGreaterThan(1000 / SHARDS);
    });
  });
}
