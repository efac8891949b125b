/**
 * A test's reader of the live event stream (GET /api/events): opens it over real HTTP with fetch, as the console does,
 * and keeps every message parsed (`id`, `event`, `data` as JSON).
 */
import type { LiveEvent } from '../../domain/live-events';

export interface SseMessage {
  id?: string;
  event: string;
  data: unknown;
}

/** The `live` events among the messages. */
export const liveEvents = (messages: SseMessage[]): LiveEvent[] =>
  messages.filter((m) => m.event === 'live').map((m) => m.data as LiveEvent);

export class StreamReader {
  readonly messages: SseMessage[] = [];
  status = 0;
  private readonly abort = new AbortController();
  private waiters: (() => void)[] = [];
  ended = false;

  private constructor() {}

  /** Opens the stream of `base` (http://host:port) with the token; answers once the headers arrived. */
  static async open(base: string, token: string, opts: { tenant?: string; lastEventId?: string } = {}) {
    const reader = new StreamReader();
    const res = await fetch(`${base}/api/events`, {
      headers: {
        accept: 'text/event-stream',
        'x-tenant-id': opts.tenant ?? 'tr',
        authorization: `Bearer ${token}`,
        ...(opts.lastEventId ? { 'last-event-id': opts.lastEventId } : {}),
      },
      signal: reader.abort.signal,
    });
    reader.status = res.status;
    if (res.ok && res.body) void reader.pump(res.body);
    else reader.ended = true;
    return reader;
  }

  private async pump(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const m: Partial<SseMessage> & { raw?: string } = {};
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            if (colon <= 0) continue;
            const field = line.slice(0, colon);
            const value = line.slice(colon + 1).replace(/^ /, '');
            if (field === 'id') m.id = value;
            else if (field === 'event') m.event = value;
            else if (field === 'data') m.data = JSON.parse(value);
          }
          if (m.event) this.messages.push(m as SseMessage);
        }
        this.wake();
      }
    } catch {
      // aborted or dropped
    }
    this.ended = true;
    this.wake();
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Waits until a message satisfies `pred` (searching those already received too); fails after `ms`. */
  async until(pred: (m: SseMessage) => boolean, ms = 5_000): Promise<SseMessage> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.messages.find(pred);
      if (found) return found;
      if (this.ended) throw new Error(`stream ended; got ${JSON.stringify(this.messages)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching message in ${ms} ms; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits until the stream has ended (the server closed it); fails after `ms`. */
  async closed(ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!this.ended) {
      if (Date.now() > deadline) throw new Error('the stream is still open');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits for the live event of `kind` about `recordId`. */
  event(kind: string, recordId: number, ms?: number): Promise<SseMessage> {
    return this.until((m) => {
      const e = m.data as LiveEvent;
      return m.event === 'live' && e.kind === kind && e.record_id === recordId;
    }, ms);
  }

  /** The id of the last message that carried one (what a browser would send as Last-Event-ID). */
  get lastId(): string | undefined {
    return this.messages.filter((m) => m.id).at(-1)?.id;
  }

  close() {
    this.abort.abort();
  }
}
