/**
 * GET /api/events: the signed-in console's stream of live events (server-sent events over one long response;
 * docs/live-updates.md). The console opens it with fetch and its bearer token (no token in the URL).
 *
 * - Each event the process hears (core/events.ts) goes to the stream only if the staff member may see it:
 *   `visibleTo`, the lists' rules (tenant, data scope on the client's agent, the list's read grant; an approval only
 *   to those who may check its kind, or its maker).
 * - Resume: a request with `Last-Event-ID` gets the events heard after it, then `hello` with `resumed: true`; an id
 *   the process does not hold (too old, another process's restart) gets `hello` with `resumed: false`: refetch.
 * - The session is checked again (token expiry, sign-out, disabled user, role, team and grants) at once when a change
 *   that concerns it is announced (core/events.ts `announceSessions`: a sign-out, revoked sessions, a disabled user, a
 *   password reset, a role, team or grants change, through any process), and before every heartbeat `ping` (every
 *   `liveHeartbeatSec`, 15 s; it carries the newest id heard, the resume point, and keeps proxies from closing the
 *   stream): a stream whose session ended says `end` and closes, and the console reconnects with a fresh token.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { canAny } from '../../../permissions';
import { LIVE_EVENT_NAME, LIVE_RESET_NAME, sseFrame, type LiveEvent } from '../../../domain/live-events';
import { tenantPermissions, effectiveGrants } from '../../core/access';
import { authenticate, type Staff } from '../../core/auth';
import { ctx, signedIn } from '../../core/context';
import { errorResponses } from '../../core/errors';
import { concerns, countStream, type LiveMessage } from '../../core/events';
import { agentInScope } from '../../core/scope';
import { checkableKinds } from '../approval/service';

/** The delay the console waits before reconnecting (SSE `retry`). */
const RETRY_MS = 1_000;
const LAST_ID = /^\d{1,20}$/;
/** A console that reads slower than this much buffered output is dropped (it reconnects and resumes). */
const MAX_BUFFERED = 1 << 20;

/** Whether the staff member (with his grants and team) may see the event. */
export function visibleTo(staff: Staff, m: LiveMessage): boolean {
  if (m.tenant !== staff.tenantId) return false;
  if (m.client_id !== null && !agentInScope(staff, m.agent)) return false;
  const grants = staff.grants ?? [];
  if (!m.read.some((chain) => canAny(grants, chain, 'read'))) return false;
  if (m.check_kind !== null) {
    return m.maker_id === staff.id || (checkableKinds(staff) as string[]).includes(m.check_kind);
  }
  return true;
}

/** The event as the console receives it: without the fields that only filtering needs. */
export function publicEvent(m: LiveMessage): LiveEvent {
  return {
    id: m.id,
    kind: m.kind,
    action: m.action,
    record_id: m.record_id,
    client_id: m.client_id,
    resources: m.resources,
    status: m.status,
    by: m.by ?? null,
    request: m.request,
  };
}

/** The session again (as the access guard checks it): the staff member with his current grants, or null. */
async function recheck(req: FastifyRequest): Promise<Staff | null> {
  try {
    const staff = await authenticate(req, 'access');
    staff.grants = effectiveGrants(staff.role, await tenantPermissions(req.server.db, staff.tenantId));
    return staff.mustChangePassword ? null : staff;
  } catch {
    return null;
  }
}

export const eventRoutes: FastifyPluginAsync = async (app) => {
  const heartbeatSec = app.config.liveHeartbeatSec;
  // Open streams end before the server closes (it would otherwise wait for them).
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of [...open]) close();
  });
  app.get(
    '/events',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['events'],
        description:
          'The live events of the caller (text/event-stream, never ends by itself): `live` events (data: kind, ' +
          'action, record_id, client_id, resources, status, by, request) in his tenant, data scope and grants, ' +
          '`hello` after (re)connecting (`resumed`: whether the events after Last-Event-ID were replayed; false: ' +
          `refetch), \`${LIVE_RESET_NAME}\` when events may have been missed, \`ping\` (carrying the newest id) ` +
          'after each check of the session (every 15 s by default, and at once when its session ended or its role, ' +
          'team or grants changed), `end` when the session ended (reconnect with a fresh token).',
        // no parameters: a query is 400 (a stream must not open on a misspelt request); maxProperties is checked
        // before Ajv's removeAdditional drops unknown ones
        querystring: { type: 'object', properties: {}, additionalProperties: false, maxProperties: 0 },
        headers: {
          type: 'object',
          properties: {
            'x-tenant-id': { type: 'string', description: 'Tenant id (tr, pl, es, kun, sun3)' },
            'last-event-id': { type: 'string', maxLength: 40, description: 'The id of the last event received' },
          },
          required: ['x-tenant-id'],
        },
        response: {
          200: { type: 'string', description: 'text/event-stream: `id`, `event` and `data` (JSON) per message' },
          ...errorResponses(401, 403),
        },
      },
    },
    async (req, reply) => {
      let staff = signedIn(ctx(req));
      const hub = app.live;
      const lastHeader = req.headers['last-event-id'];
      const last = typeof lastHeader === 'string' && LAST_ID.test(lastHeader.trim()) ? lastHeader.trim() : null;

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        connection: 'keep-alive',
      });
      req.raw.socket.setNoDelay(true);
      countStream(1);

      let closed = false;
      // The session checked again: `end` if it is over, else `ping`. Checks may overlap (a heartbeat's and an
      // announced change's): only the last one started decides.
      let checks = 0;
      const check = async () => {
        const n = ++checks;
        const fresh = await recheck(req);
        if (closed || n !== checks) return;
        if (!fresh) {
          res.write(sseFrame('end', { reason: 'session' }));
          close();
          return;
        }
        staff = fresh;
        res.write(sseFrame('ping', {}, hub.lastId));
      };
      // the callbacks run later than everything below is set up
      const beat = setInterval(() => void check(), heartbeatSec * 1000);
      const unwatch = hub.onSession((change) => {
        if (concerns(change, staff)) void check();
      });
      let unsubscribe = () => {};
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(beat);
        open.delete(close);
        unwatch();
        unsubscribe();
        countStream(-1);
        res.end();
      };
      open.add(close);
      res.on('close', close);
      res.on('error', close);

      const send = (m: LiveMessage | null) => {
        if (closed) return;
        if (res.writableLength > MAX_BUFFERED) return close();
        if (m === null) res.write(sseFrame(LIVE_RESET_NAME, {}, hub.lastId));
        else if (visibleTo(staff, m)) res.write(sseFrame(LIVE_EVENT_NAME, publicEvent(m), m.id));
      };
      // Subscribed before replaying: nothing heard meanwhile is lost (JavaScript runs one of them at a time).
      unsubscribe = hub.subscribe(send);
      const replay = last ? hub.after(last) : null;
      res.write(`retry: ${RETRY_MS}\n\n`);
      for (const m of replay ?? []) send(m);
      if (closed) return;
      res.write(sseFrame('hello', { resumed: replay !== null }, hub.lastId));
    },
  );
};
