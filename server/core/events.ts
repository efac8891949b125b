/**
 * Live events (docs/live-updates.md): what changed, sent to the signed-in consoles' streams in every API process.
 *
 * - A service announces a change with `emitLive(tx, ...)` inside its own transaction: one `pg_notify` statement whose
 *   payload takes its id from the sequence `live_event_id` (migration 0033) and the client's agent (the data scope)
 *   from the client row. PostgreSQL delivers a notification only when its transaction commits, so a rolled-back or
 *   retried attempt sends nothing, and every listener of the database hears committed events in commit order.
 * - Each process hears them on the LISTEN connection it already keeps for cache invalidation (core/notify.ts, a second
 *   channel); PGlite through its own `listen`. The process keeps the last RING_SIZE in a ring (`LiveHub`), in the
 *   order heard, and hands each to its open streams (server/modules/events), which filter per staff member.
 * - Ids come from one sequence, so they are the same in every process, but taken before commit they are not in commit
 *   order; a stream resumes *after the position* of its Last-Event-ID in the ring (the order every process heard),
 *   never by comparing ids. An id the ring no longer (or never) holds answers `reset`: the console refetches.
 * - A session that ended, or grants that changed, are announced the same way on SESSION_CHANNEL (`announceSessions`,
 *   inside the writing transaction): every process drops its read cache (the session checks) and the open streams
 *   concerned check their session again at once, ending those whose session is over.
 */
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LiveAction, LiveEvent, LiveKind } from '../../domain/live-events';
import type { Staff } from './auth';
import type { Executor } from './db';
import { readCache } from './read-cache';

/** The channel of live events (per database). */
export const LIVE_CHANNEL = 'bo_live_events';
/** How many events a process keeps for resuming streams. */
export const RING_SIZE = 2_000;

/** What a service says about a change. */
export interface LiveInput {
  tenantId: string;
  kind: LiveKind;
  action: LiveAction;
  recordId: number;
  /** null: tenant-wide (seen by everyone in the tenant with the grants). */
  clientId: number | null;
  resources: string[];
  status?: string | null;
  /** The staff member who made the change (null: the client or the system). */
  byId?: number | null;
  /** Grant chains of which one must allow `read` (e.g. [['deposit', 'funds']]). */
  read: string[][];
  /** Approvals: the kind whose `approve` grant checks it, and its maker (who sees his own approvals). */
  checkKind?: string;
  makerId?: number | null;
  /** A new deposit or withdrawal request (the console may ring). */
  request?: boolean;
}

/** An event as processes pass it: the console's LiveEvent plus what filtering needs (never sent to a console). */
export interface LiveMessage extends LiveEvent {
  tenant: string;
  /** The client's agent (null: none, or no client). */
  agent: number | null;
  read: string[][];
  check_kind: string | null;
  maker_id: number | null;
}

/**
 * Announces changes inside the caller's transaction (delivered at commit; never if it rolls back), in one statement
 * that also reads each client's agent and the staff member's name.
 */
export async function emitLive(tx: Executor, ...events: LiveInput[]): Promise<void> {
  if (!events.length) return;
  const fixed = events.map((e) => ({
    tenant: e.tenantId,
    kind: e.kind,
    action: e.action,
    record_id: e.recordId,
    client_id: e.clientId,
    resources: e.resources,
    status: e.status ?? null,
    request: !!e.request,
    read: e.read,
    check_kind: e.checkKind ?? null,
    maker_id: e.makerId ?? null,
    by_id: e.byId ?? null,
  }));
  await tx.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ((e - 'by_id') || jsonb_build_object(
      'id', nextval('live_event_id')::text,
      'agent', (SELECT c.agent_id FROM client c WHERE c.id = (e->>'client_id')::bigint AND c.tenant_id = e->>'tenant'),
      'by', (SELECT jsonb_build_object('id', s.id, 'name', s.name) FROM staff_user s WHERE s.id = (e->>'by_id')::bigint)
    ))::text)
    FROM jsonb_array_elements(${JSON.stringify(fixed)}::jsonb) WITH ORDINALITY AS x(e, n) ORDER BY n`);
}

/** The channel of session changes (per database): a session ended, or a staff member's grants or team changed. */
export const SESSION_CHANNEL = 'bo_session_changes';

/**
 * Whose open streams must check their session again: one session's, a staff member's (all his sessions ended, his
 * role or team changed), or every staff member's of a role (its grants in the tenant changed).
 */
export type SessionChange = { tenant: string } & ({ session: string } | { user: number } | { role: string });

/** Announces session changes inside the caller's transaction (delivered at commit; never if it rolls back). */
export async function announceSessions(tx: Executor, ...changes: SessionChange[]): Promise<void> {
  if (!changes.length) return;
  await tx.execute(
    sql`SELECT pg_notify(${SESSION_CHANNEL}, e::text) FROM jsonb_array_elements(${JSON.stringify(changes)}::jsonb) AS e`,
  );
}

/** Whether a session change concerns the signed-in staff member's stream (null: any may have changed). */
export function concerns(change: SessionChange | null, staff: Pick<Staff, 'id' | 'role' | 'tenantId' | 'sessionId'>) {
  if (change === null) return true;
  if (change.tenant !== staff.tenantId) return false;
  if ('session' in change) return change.session === staff.sessionId;
  if ('user' in change) return change.user === staff.id;
  return change.role === staff.role;
}

/** An open stream's side of session changes: one heard, or null when some may have been missed. */
export type SessionListener = (change: SessionChange | null) => void;

/** One open stream's side: an event heard, or null when events may have been lost (the stream sends `reset`). */
export type LiveListener = (message: LiveMessage | null) => void;

/** A notification's JSON payload, or null when it is not JSON (another writer's: ignored). */
function parsed<T>(payload: string): T | null {
  try {
    return JSON.parse(payload) as T;
  } catch {
    return null;
  }
}

/** The events heard by this process: a bounded ring for resuming, and the open streams' listeners. */
export class LiveHub {
  private ring: LiveMessage[] = [];
  private readonly listeners = new Set<LiveListener>();
  private readonly sessionListeners = new Set<SessionListener>();
  constructor(private readonly size = RING_SIZE) {}

  /** A notification's payload arrived. */
  receive(payload: string): void {
    const message = parsed<LiveMessage>(payload);
    if (!message) return;
    this.ring.push(message);
    if (this.ring.length > this.size) this.ring.splice(0, this.ring.length - this.size);
    for (const listener of this.listeners) listener(message);
  }

  /** A session change's payload arrived. */
  receiveSession(payload: string): void {
    const change = parsed<SessionChange>(payload);
    if (!change) return;
    for (const listener of this.sessionListeners) listener(change);
  }

  /** Events may have been missed (the listening connection came back): nothing before now can be resumed. */
  gap(): void {
    this.ring = [];
    for (const listener of this.listeners) listener(null);
    for (const listener of this.sessionListeners) listener(null);
  }

  /** The id of the last event heard (a stream's resume point when it has sent nothing newer), or null. */
  get lastId(): string | null {
    return this.ring.at(-1)?.id ?? null;
  }

  /** The events heard after `id`, in the order heard; null when the ring does not hold `id` (resume impossible). */
  after(id: string): LiveMessage[] | null {
    for (let i = this.ring.length - 1; i >= 0; i--) if (this.ring[i].id === id) return this.ring.slice(i + 1);
    return null;
  }

  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Hears the session changes (until the answered function is called). */
  onSession(listener: SessionListener): () => void {
    this.sessionListeners.add(listener);
    return () => this.sessionListeners.delete(listener);
  }
}

let openStreams = 0;
/** The event streams open in this process (every app of it): for the metrics. */
export const sseConnections = (): number => openStreams;
/** Counts a stream opened (+1) or closed (-1). */
export const countStream = (delta: 1 | -1): void => {
  openStreams += delta;
};

/**
 * Decorates `app.live` with this process's hub and feeds it: on PostgreSQL through the read cache's LISTEN
 * connection (register after readCachePlugin), on PGlite through its own listen.
 */
export const livePlugin = fp(async (app: FastifyInstance) => {
  const hub = new LiveHub();
  app.decorate('live', hub);
  // What a stream's listener reads next because of an event (a session check, a list's total: the console refetches
  // its pending counts on an event) must read the change, not a cached answer from before it. The event is heard at
  // its commit, before the writing request's own invalidation (its onSend), and a write by another process (the
  // client app) invalidates nothing here: so the cache is dropped before the event is passed on.
  const afterDrop = (pass: (payload: string) => void) => (payload: string) => {
    readCache(app.db).invalidate();
    pass(payload);
  };
  const heard = afterDrop((payload) => hub.receive(payload));
  const sessionChanged = afterDrop((payload) => hub.receiveSession(payload));
  if (app.cacheListener) {
    let connected = false;
    app.cacheListener.listen(LIVE_CHANNEL, heard, () => {
      // the first connection lost nothing; a later one may have
      if (connected) hub.gap();
      connected = true;
    });
    app.cacheListener.listen(SESSION_CHANNEL, sessionChanged);
    return;
  }
  const pglite = (app.db as unknown as { $client?: { listen?: unknown } }).$client;
  if (app.database.kind === 'pglite' && pglite && typeof pglite.listen === 'function') {
    const listen = pglite.listen as (channel: string, cb: (payload: string) => void) => Promise<() => Promise<void>>;
    const stops = [
      await listen.call(pglite, LIVE_CHANNEL, heard),
      await listen.call(pglite, SESSION_CHANNEL, sessionChanged),
    ];
    app.addHook('onClose', async () => {
      // the database may already be closed by its owner
      for (const stop of stops) await stop().catch(() => {});
    });
  }
});

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's live events (core/events.ts). */
    live: LiveHub;
  }
}
