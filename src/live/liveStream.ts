import { LIVE_EVENT_NAME, LIVE_RESET_NAME, type LiveEvent } from '../../domain/live-events';
import { readSse } from './sse';

/** The first reconnection delay, doubled on each failure up to MAX_RETRY_MS (with jitter). */
export const RETRY_MS = 1_000;
export const MAX_RETRY_MS = 30_000;
/** A stream silent this long is taken for dead (the server pings every 15 s) and opened again. */
export const SILENCE_MS = 45_000;

export interface LiveStreamHandlers {
  /** A live event. */
  onEvent(event: LiveEvent): void;
  /**
   * The stream (re)connected: `resumed` true when every event since the last one received was replayed; false when
   * some may have been missed (first connection, or the server could not resume): refetch what is shown.
   */
  onSync(resumed: boolean): void;
  /** The stream is up (true) or down, reconnecting (false). */
  onState(up: boolean): void;
}

/** Opens the stream (GET /events through the http client, with its bearer and refresh), resuming after `lastId`. */
export type OpenStream = (lastId: string | undefined, signal: AbortSignal) => Promise<Response>;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Keeps the console's event stream open: reads it, reconnects after a drop or an API restart (backing off, resuming
 * from the last id received, as EventSource would), and opens it again when it falls silent. Answers the stop function.
 */
export function startLiveStream(open: OpenStream, handlers: LiveStreamHandlers): () => void {
  const stop = new AbortController();
  let lastId: string | undefined;
  let delay = RETRY_MS;
  void (async () => {
    while (!stop.signal.aborted) {
      const attempt = new AbortController();
      const abortAttempt = () => attempt.abort();
      stop.signal.addEventListener('abort', abortAttempt);
      let silence = setTimeout(abortAttempt, SILENCE_MS);
      try {
        const res = await open(lastId, attempt.signal);
        if (!res.body) throw new Error('no stream');
        for await (const m of readSse(res.body)) {
          clearTimeout(silence);
          silence = setTimeout(abortAttempt, SILENCE_MS);
          if (m.id) lastId = m.id;
          if (m.event === LIVE_EVENT_NAME) handlers.onEvent(JSON.parse(m.data) as LiveEvent);
          else if (m.event === 'hello') {
            delay = RETRY_MS;
            handlers.onState(true);
            handlers.onSync((JSON.parse(m.data) as { resumed?: boolean }).resumed === true);
          } else if (m.event === LIVE_RESET_NAME) handlers.onSync(false);
          else if (m.event === 'end') break;
        }
      } catch {
        // dropped, refused or aborted: reconnect below (unless stopped)
      } finally {
        clearTimeout(silence);
        stop.signal.removeEventListener('abort', abortAttempt);
      }
      if (stop.signal.aborted) return;
      handlers.onState(false);
      await sleep(delay * (0.75 + Math.random() / 2), stop.signal);
      delay = Math.min(delay * 2, MAX_RETRY_MS);
    }
  })();
  return () => stop.abort();
}
