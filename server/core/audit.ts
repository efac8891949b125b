/**
 * The audit trail's writer (DESIGN.md section 5: every mutation and every denied request writes an append-only row).
 *
 * - `writeAudit(db, entry)`: one row. A write's row goes through core/write.ts, inside its transaction.
 * - `req.audit(entry)`: one row for the request (who, tenant and address filled in).
 * - Refusals, in one place (the `onError` hook below): every 401 answered to a request that bears a token or signs in,
 *   every 403, every 404 `not_found` of a route with a record id, every 423 and every 429 writes a row, unless the code
 *   that refused has already written its own, richer row for the request (a failed sign-in, a denied grant, a write's
 *   failure after its rollback): `writeAudit` marks the request (AsyncLocalStorage) when it writes a refusal.
 *   Rows of refusals are written outside any transaction, before the answer leaves.
 * - Exports: core/list/csv.ts `sendCsv` writes one `list.export` row per CSV (who, which list, its filters, rows).
 *
 * Write amplification: every row takes its tenant's chain head (core/audit-chain.ts) for the length of its
 * statement, so a flood of refused requests turned into rows would queue every audited write of the tenant (money
 * included) behind it. Every `denied` row (the refusals of the hook, and those core/access.ts and core/ip-allow.ts
 * write themselves) is therefore throttled (`RefusalThrottle`): per source (tenant, action, route and the staff member,
 * or the address when nobody is signed in) at most REFUSAL_BURST rows per REFUSAL_WINDOW_MS, per tenant at most
 * REFUSAL_TENANT_CAP; what is not written is counted, and the count is written once per tenant and window
 * (`audit.suppressed`, with the busiest sources) and on the source's next row. Sign-in failures, writes and exports
 * are not throttled: sign-in is rate-limited per address (its 429s are throttled), writes and exports need a
 * signed-in staff member. The throttle is per API process: N processes write at most N times as many rows.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { isAuditAction } from '../../domain/audit-actions';
import type { Executor } from './db';
import { auditLog } from '../db/schema';
import { checkpointState, rowMac, writeCheckpoints, type CheckpointState } from './audit-chain';
import { resolveTenant } from './tenant';

/** One audit row; who/tenant/ip default to the request's. */
export interface AuditEntry {
  action: string;
  resource?: string;
  targetId?: string | number;
  before?: unknown;
  after?: unknown;
  result: 'success' | 'failure' | 'denied' | 'pending';
  detail?: string;
  /** For requests without a signed-in staff member (sign-in itself). */
  userId?: number | null;
  username?: string | null;
  tenantId?: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Appends an audit row for this request (append-only table). */
    audit(entry: AuditEntry): Promise<void>;
  }
}

/** What the audit knows of the request being answered (AsyncLocalStorage, set for every request). */
interface RequestAudit {
  /** A row saying the request failed or was refused has been written. */
  refusalWritten: boolean;
  /** Who a public request concerned, when the code that refused it knew (a refresh token's owner). */
  subject?: { userId: number | null; username: string | null };
  /** The request's id (core/request-id.ts): every row the request writes carries it. */
  requestId?: string;
}

const current = new AsyncLocalStorage<RequestAudit>();

/**
 * Names who the request being refused concerns (a public route that found the staff member, e.g. the refresh token's
 * owner), for the refusal's row.
 */
export function auditSubject(userId: number | null, username: string | null): void {
  const state = current.getStore();
  if (state) state.subject = { userId, username };
}

/**
 * The key rows are signed with (core/audit-chain.ts rowMac): AUDIT_HMAC_KEY, set by the audit plugin when the API
 * starts. A row written before (or by a process without it) is unsigned and shows as written outside the API.
 */
let signingKey: string | null = null;
export function setAuditSigningKey(key: string | null): void {
  signingKey = key;
}
export const auditSigningKey = () => signingKey;

/** Text as the database will keep it (a lone UTF-16 surrogate becomes U+FFFD), so the signature matches it. */
const text = (v: string | null | undefined) =>
  v == null ? null : v.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
/** JSON as the database will keep it (what JSON drops is dropped before signing). */
const json = (v: unknown) => (v === undefined || v === null ? null : (JSON.parse(JSON.stringify(v)) as unknown));

/**
 * Under the test runner, an action the audit log cannot label is refused (domain/audit-actions.ts): a write path that
 * builds its action at run time (a generic write route's `<entity>.<verb>`) fails its own tests until the vocabulary
 * has it. The group `test` is left to test fixtures' routes. In any other run the row is written as it is.
 */
const checkVocabulary = !!process.env.VITEST;
function assertKnownAction(action: string): void {
  if (checkVocabulary && !isAuditAction(action) && !action.startsWith('test.'))
    throw new Error(`audit action '${action}' is not in the audit vocabulary (domain/audit-actions.ts)`);
}

/** Writes one audit row, signed with the API's key. */
export async function writeAudit(db: Executor, entry: AuditEntry & { ip?: string | null }): Promise<void> {
  assertKnownAction(entry.action);
  const row = {
    tenantId: text(entry.tenantId),
    userId: entry.userId ?? null,
    username: text(entry.username),
    action: entry.action,
    resource: text(entry.resource),
    targetId: entry.targetId == null ? null : text(String(entry.targetId)),
    before: json(entry.before),
    after: json(entry.after),
    ip: text(entry.ip),
    result: entry.result,
    detail: text(entry.detail),
    requestId: current.getStore()?.requestId ?? null,
  };
  await db.insert(auditLog).values({ ...row, mac: signingKey ? rowMac(signingKey, row) : null });
  if (entry.result !== 'success') {
    const state = current.getStore();
    if (state) state.refusalWritten = true;
  }
}

/** How long a source's refusal budget lasts. */
export const REFUSAL_WINDOW_MS = 60_000;
/** Rows per source (tenant, status, route, staff member or address) and window. */
export const REFUSAL_BURST = 5;
/** Rows per tenant and window, all sources together. */
export const REFUSAL_TENANT_CAP = 100;
/** Sources tracked at once; beyond, new sources of a tenant share one (tenant, status) source. */
export const REFUSAL_SOURCES_MAX = 10_000;

interface Source {
  tenant: string;
  action: string;
  label: string;
  windowStart: number;
  written: number;
  suppressed: number;
  suppressedSince: number;
}

/** What the throttle decided for one refusal: write it (with the count suppressed before it), or count it. */
export type ThrottleDecision = { write: true; suppressedBefore: number; since: number } | { write: false };

/** The per-source and per-tenant budgets of refusal rows (see the file's comment). In memory, per process. */
export class RefusalThrottle {
  private sources = new Map<string, Source>();
  private tenants = new Map<string, { windowStart: number; written: number }>();

  constructor(
    private readonly windowMs = REFUSAL_WINDOW_MS,
    private readonly burst = REFUSAL_BURST,
    private readonly tenantCap = REFUSAL_TENANT_CAP,
    private readonly maxSources = REFUSAL_SOURCES_MAX,
  ) {}

  /** Whether the refusal of `key` (for `tenant`, audited as `action`) gets its row now. */
  take(key: string, tenant: string, action: string, now = Date.now()): ThrottleDecision {
    let k = key;
    if (!this.sources.has(k) && this.sources.size >= this.maxSources) k = `${tenant}|${action}|*`;
    let s = this.sources.get(k);
    if (!s) {
      s = { tenant, action, label: k, windowStart: now, written: 0, suppressed: 0, suppressedSince: 0 };
      this.sources.set(k, s);
    }
    let carried = { n: 0, since: 0 };
    if (now - s.windowStart >= this.windowMs) {
      carried = { n: s.suppressed, since: s.suppressedSince };
      Object.assign(s, { windowStart: now, written: 0, suppressed: 0, suppressedSince: 0 });
    }
    let t = this.tenants.get(tenant);
    if (!t || now - t.windowStart >= this.windowMs) this.tenants.set(tenant, (t = { windowStart: now, written: 0 }));
    if (s.written >= this.burst || t.written >= this.tenantCap) {
      if (s.suppressed === 0) s.suppressedSince = now;
      s.suppressed += 1 + carried.n;
      if (carried.n) s.suppressedSince = carried.since;
      return { write: false };
    }
    s.written++;
    t.written++;
    return { write: true, suppressedBefore: carried.n, since: carried.since };
  }

  /**
   * The counts not yet written of sources whose window has ended, per tenant (busiest first), forgetting those
   * sources; sources idle for a window are forgotten too.
   */
  drain(now = Date.now()): Map<string, { total: number; sources: { source: string; count: number; since: string }[] }> {
    const out = new Map<string, { total: number; sources: { source: string; count: number; since: string }[] }>();
    for (const [key, s] of this.sources) {
      if (now - s.windowStart < this.windowMs) continue;
      this.sources.delete(key);
      if (!s.suppressed) continue;
      const t = out.get(s.tenant) ?? { total: 0, sources: [] };
      t.total += s.suppressed;
      t.sources.push({ source: s.label, count: s.suppressed, since: new Date(s.suppressedSince).toISOString() });
      out.set(s.tenant, t);
    }
    for (const t of out.values()) t.sources.sort((a, b) => b.count - a.count).splice(20);
    for (const [tenant, t] of this.tenants) if (now - t.windowStart >= this.windowMs) this.tenants.delete(tenant);
    return out;
  }
}

/** Sign-in routes: their 401 is audited even without a token, under their own action. */
const AUTH_ACTIONS: Record<string, string> = {
  '/api/auth/admin/v1/login': 'auth.login',
  '/api/auth/admin/v1/mfa/verify': 'auth.mfa_verify',
  '/api/auth/admin/v1/token/refresh': 'auth.refresh',
};

/** The audit action of a refused request, or null when that refusal is not audited. */
function refusalAction(req: FastifyRequest, status: number, code: string): string | null {
  const route = req.routeOptions.url ?? '';
  const own = AUTH_ACTIONS[route];
  switch (status) {
    case 401:
      // Anybody can send requests without a token: only a presented token or a sign-in attempt is worth a row.
      if (own) return own;
      return req.headers.authorization ? 'access.unauthorized' : null;
    case 403:
      return 'access.denied';
    case 404:
      // A record looked up by id, not found in the caller's tenant and scope (or not at all: the same answer).
      return code === 'not_found' && req.staff && (req.params as { id?: unknown } | undefined)?.id !== undefined
        ? 'access.not_found'
        : null;
    case 423:
      return own ?? 'auth.locked';
    case 429:
      return 'access.rate_limited';
    default:
      return null;
  }
}

/** The first resource of a route's permission (the audit row's target type). */
function routeResource(req: FastifyRequest): string | undefined {
  const p = req.routeOptions.config.permission;
  if (!p || typeof p === 'string') return undefined;
  return typeof p.resource === 'string' ? p.resource : p.resource[0];
}

const clock = (ms: number) => new Date(ms).toISOString().slice(11, 19);

/** Decorates `req.audit(...)`, filling in user, tenant and ip; audits refused requests and throttles those rows. */
export const auditPlugin = fp(async (app) => {
  const throttle = new RefusalThrottle();
  setAuditSigningKey(app.config.auditHmacKey);
  auditCheckpoints(app);

  // A `denied` row (a refusal: here, core/access.ts, core/ip-allow.ts) goes through the throttle.
  app.decorateRequest('audit', async function (this: FastifyRequest, entry: AuditEntry) {
    const row = {
      ...entry,
      userId: entry.userId !== undefined ? entry.userId : (this.staff?.id ?? null),
      username: entry.username !== undefined ? entry.username : (this.staff?.username ?? null),
      tenantId: entry.tenantId ?? this.staff?.tenantId ?? (this.tenantId || null),
      ip: this.ip,
    };
    if (entry.result !== 'denied' || !row.tenantId) return writeAudit(this.server.db, row);
    const route = `${this.method} ${this.routeOptions.url ?? '-'}`;
    const who = this.staff ? `user ${this.staff.id}` : `address ${this.ip}`;
    const decision = throttle.take(`${row.tenantId}|${entry.action}|${route}|${who}`, row.tenantId, entry.action);
    if (!decision.write) {
      const state = current.getStore();
      if (state) state.refusalWritten = true;
      return;
    }
    const more = decision.suppressedBefore
      ? ` (${decision.suppressedBefore} more since ${clock(decision.since)} not recorded)`
      : '';
    return writeAudit(this.server.db, { ...row, detail: `${row.detail ?? ''}${more}` || undefined });
  });

  // Every request runs in its own audit state (a hook with `done`, so the rest of the request runs inside it).
  app.addHook('onRequest', (req, _reply, done) => current.run({ refusalWritten: false, requestId: req.id }, done));

  // onError runs before the error handler answers: the row is written (or counted) before the refusal leaves.
  app.addHook('onError', async (req, _reply, error: FastifyError) => {
    const status = error.statusCode ?? 500;
    const code = typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : '';
    const state = current.getStore();
    if (state?.refusalWritten || !req.routeOptions.config.permission) return;
    const action = refusalAction(req, status, code);
    if (!action) return;
    // A rate limit may answer before the tenant is read: a known tenant only (no rows, and no chains, for made-up ones).
    if (!req.tenantId && !(await resolveTenant(req).catch(() => null))) return;
    const route = `${req.method} ${req.routeOptions.url}`;
    const id = (req.params as { id?: unknown } | undefined)?.id;
    const subject = state?.subject;
    try {
      await req.audit({
        action,
        resource: routeResource(req),
        targetId:
          status === 404 && (typeof id === 'string' || typeof id === 'number') ? String(id).slice(0, 64) : undefined,
        result: 'denied',
        detail: `${status} ${code}: ${route}: ${error.message}`.slice(0, 500),
        ...(subject && !req.staff ? subject : {}),
      });
    } catch (e) {
      req.log.error({ err: e }, 'audit row of a refused request not written');
    }
  });

  // What the throttle did not write, once per tenant and window.
  const flush = async () => {
    for (const [tenant, t] of throttle.drain()) {
      await writeAudit(app.db, {
        tenantId: tenant,
        action: 'audit.suppressed',
        result: 'denied',
        detail: `${t.total} refused requests not recorded one by one (more than ${REFUSAL_BURST} per source per minute)`,
        after: { total: t.total, sources: t.sources },
      }).catch((e: unknown) => app.log.error({ err: e }, 'audit summary not written'));
    }
  };
  const timer = setInterval(() => void flush(), REFUSAL_WINDOW_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
});

/**
 * Signed checkpoints of the chains' heads (core/audit-chain.ts writeCheckpoints): every AUDIT_CHECKPOINT_SECONDS when a
 * head moved, and once more when the API closes (server/main.ts closes the app on SIGINT and SIGTERM). Off when the
 * interval is 0 (the default in test mode).
 */
function auditCheckpoints(app: FastifyInstance): void {
  const { auditCheckpointSec: seconds, auditHmacKey: key, auditCheckpointFile: file } = app.config;
  if (!seconds) return;
  let state: CheckpointState | undefined;
  let running: Promise<void> | null = null;
  const pass = () =>
    (running ??= (async () => {
      try {
        state ??= checkpointState(key, file);
        const { refused, flagged } = await writeCheckpoints(app.db, key, file, state);
        for (const r of refused) {
          app.log.error(
            { tenant: r.tenant, problems: r.problems.slice(0, 20) },
            'audit chain does not verify: no checkpoint',
          );
        }
        if (flagged.length) app.log.warn({ rows: flagged.slice(0, 20) }, 'audit rows not signed by the API');
      } catch (e) {
        app.log.error({ err: e }, 'audit checkpoint not written');
      } finally {
        running = null;
      }
    })());
  const timer = setInterval(() => void pass(), seconds * 1000);
  timer.unref();
  app.addHook('onReady', async () => {
    void pass();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
    await pass();
  });
}
