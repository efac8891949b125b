/**
 * Cache invalidation across API processes on one PostgreSQL database, with LISTEN/NOTIFY.
 *
 * Each process keeps one dedicated connection (not one of the pool's) that LISTENs on CACHE_CHANNEL. A request that
 * may have written (core/read-cache.ts) sends `pg_notify(CACHE_CHANNEL, <this process's id>)` through the pool before
 * its answer leaves; every other process drops its read cache when the notification arrives. PostgreSQL delivers a
 * notification once it is committed (here at once: the statement runs on its own after the write's transaction), to
 * every listener of the same database; no privilege is needed to LISTEN or NOTIFY.
 *
 * If the listening connection drops, the process reconnects (backing off up to 5 s) and then drops its cache, since
 * notifications sent meanwhile are lost; until then cached entries live their own short TTL, as before. A silently
 * dead connection is found by a ping every PING_MS.
 *
 * The same connection carries other channels (`listen`): the live events of core/events.ts. Their handler hears
 * every notification of its channel, this process's own included, and `onConnect` says when one may have been lost.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** The channel of read-cache invalidations (per database: another database's processes never hear it). */
export const CACHE_CHANNEL = 'bo_read_cache';

const PING_MS = 10_000;
const MAX_BACKOFF_MS = 5_000;

export interface CacheListenerOptions {
  /** How to connect: the pool's own options (a pg.Pool's `options`) or a connection string. */
  connection: pg.ClientConfig | string;
  /** Called when another process wrote, and after every reconnection. */
  onInvalidate: () => void;
  log?: (message: string) => void;
}

/** The listening side of one process. */
export class CacheListener {
  /** This process's id, sent as the payload so that a process ignores its own notifications. */
  readonly instanceId = randomUUID();
  private client: pg.Client | null = null;
  private closed = false;
  private backoff = 250;
  private retry: NodeJS.Timeout | null = null;
  private ping: NodeJS.Timeout | null = null;
  private listening = false;
  private readonly log: (message: string) => void;
  private readonly channels = new Map<string, { onNotify: (payload: string) => void; onConnect?: () => void }>();

  constructor(private readonly options: CacheListenerOptions) {
    this.log = options.log ?? ((m) => console.error(m));
  }

  /** Whether notifications are being received right now. */
  get connected(): boolean {
    return this.listening;
  }

  /**
   * Also LISTENs on `channel` (a lower-case identifier), from the next connection on (call before start()): `onNotify`
   * gets every payload, `onConnect` runs after every (re)connection (notifications sent meanwhile are lost).
   */
  listen(channel: string, onNotify: (payload: string) => void, onConnect?: () => void): void {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
    this.channels.set(channel, { onNotify, onConnect });
  }

  /** Connects and LISTENs; resolves once listening (or rejects: the caller decides; reconnection is scheduled). */
  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const config =
      typeof this.options.connection === 'string'
        ? { connectionString: this.options.connection }
        : this.options.connection;
    const client = new pg.Client({ ...config, keepAlive: true, application_name: 'bo-cache-listener' });
    this.client = client;
    client.on('notification', (msg) => {
      if (msg.channel === CACHE_CHANNEL && msg.payload !== this.instanceId) this.options.onInvalidate();
      else this.channels.get(msg.channel)?.onNotify(msg.payload ?? '');
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${CACHE_CHANNEL}`);
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      this.lost(client, error as Error);
      throw error;
    }
    if (this.client !== client || this.closed) return;
    this.listening = true;
    this.backoff = 250;
    // Whatever was written while nobody listened is unknown: start clean.
    this.options.onInvalidate();
    for (const { onConnect } of this.channels.values()) onConnect?.();
    // one ping at a time: a ping still waiting (a loaded server) is not queued behind by another on this client
    let pinging = false;
    this.ping = setInterval(() => {
      if (pinging) return;
      pinging = true;
      client
        .query('SELECT 1')
        .catch((error: Error) => this.lost(client, error))
        .finally(() => (pinging = false));
    }, PING_MS);
    this.ping.unref();
  }

  /** The connection failed: forget it and reconnect later (once per connection). */
  private lost(client: pg.Client, error: Error) {
    if (this.client !== client) return;
    this.client = null;
    this.listening = false;
    if (this.ping) clearInterval(this.ping);
    this.ping = null;
    client.removeAllListeners('end');
    client.on('error', () => {});
    client.end().catch(() => {});
    if (this.closed) return;
    this.log(`cache listener: ${error.message}; reconnecting in ${this.backoff} ms`);
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().catch(() => {});
    }, this.backoff);
    this.retry.unref();
    this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF_MS);
  }

  /** Stops listening and closes the connection. */
  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    if (this.retry) clearTimeout(this.retry);
    if (this.ping) clearInterval(this.ping);
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
}
