/** Delivery of scheduled messages: once, whichever API process gets there first, on a timer of every API process. */
import { and, eq, lte, sql } from 'drizzle-orm';
import { message } from '../../db/schema';
import type { Db } from '../../core/db';
import { writeAudit } from '../../core/audit';
import { readCache } from '../../core/read-cache';
import { withRetry } from '../../core/retry';
import { iso } from '../records/common';

/**
 * Delivers the scheduled messages that are due (of one tenant, or all): one `UPDATE ... WHERE status = 'scheduled'
 * AND send_at <= now() RETURNING`, so a message is delivered once however many API processes run this at the same
 * time (the row lock makes the second wait, then skip it), each with its audit row (actor: system) in the same
 * transaction. Answers the ids delivered.
 */
export async function deliverDue(db: Db, tenantId?: string): Promise<number[]> {
  const rows = await withRetry(db, async (tx) => {
    const due = await tx
      .update(message)
      .set({ status: 'sent', sentAt: sql`now()` })
      .where(
        and(
          eq(message.status, 'scheduled'),
          lte(message.sendAt, sql`now()`),
          tenantId ? eq(message.tenantId, tenantId) : undefined,
        ),
      )
      .returning({ id: message.id, tenantId: message.tenantId, sendAt: message.sendAt, sentAt: message.sentAt });
    for (const m of due) {
      await writeAudit(tx, {
        action: 'message.deliver',
        resource: 'message',
        targetId: m.id,
        result: 'success',
        userId: null,
        username: 'system',
        tenantId: m.tenantId,
        before: { status: 'scheduled', send_at: iso(m.sendAt) },
        after: { status: 'sent', sent_at: iso(m.sentAt) },
        detail: 'scheduled delivery',
      });
    }
    return due;
  });
  if (rows.length) readCache(db).invalidate();
  return rows.map((r) => r.id);
}

/** Delivers due messages every `ms` until the app closes (a run still going is not doubled); a failure is logged. */
export function startScheduler(db: Db, ms: number, log: (e: unknown) => void): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    deliverDue(db)
      .catch(log)
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, ms);
  timer.unref();
  return () => clearInterval(timer);
}
