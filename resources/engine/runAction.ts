import type { RaRecord } from 'ra-core';
import { fillPath } from './schema';
import type { ActionContext, ActionSpec } from './types';

/** A fresh Idempotency-Key (UUID v4). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * Runs an action: its handler, or its declarative request for the row (for a bulk action, one request per
 * selected id, each with its own key derived from the dialog's). Answers the API's answer (an array for bulk).
 */
export async function runAction<R extends RaRecord>(action: ActionSpec<R>, ctx: ActionContext<R>): Promise<unknown> {
  if (typeof action.run === 'function') return action.run(ctx);
  const { method, path, body } = action.run;
  const call = (record: R | undefined, key: string) =>
    ctx.http(fillPath(path, record?.id), {
      method,
      body: body ? body(record as R, ctx.values) : method === 'GET' || method === 'DELETE' ? undefined : {},
      headers: action.idempotent ? { 'Idempotency-Key': key } : undefined,
    });
  if (ctx.ids && !ctx.record) {
    return Promise.all(ctx.ids.map((id) => call({ id } as R, `${ctx.idempotencyKey}-${id}`)));
  }
  return call(ctx.record, ctx.idempotencyKey);
}
