/**
 * The live events of deposit and withdrawal records (core/events.ts): a request created, a record decided or rolled
 * back. Their lists (and the funds menu's counts) refresh; a new request may ring.
 */
import type { LiveAction } from '../../../domain/live-events';
import { depositRecord, withdrawRecord } from '../../db/schema';
import type { Executor } from '../../core/db';
import { emitLive } from '../../core/events';
import type { Actor } from './common';

interface RecordRow {
  id: number;
  tenantId: string;
  clientId: number;
  status: string;
  subType?: string | null;
}

/** Announces a change of a deposit or withdrawal record (other tables: nothing), delivered if the write commits. */
export async function recordLive(
  tx: Executor,
  table: object,
  row: RecordRow,
  action: Extract<LiveAction, 'created' | 'decided'>,
  actor: Actor,
): Promise<void> {
  const kind = table === depositRecord ? 'deposit' : table === withdrawRecord ? 'withdrawal' : null;
  if (!kind) return;
  const resources = kind === 'deposit' && row.subType === 'crypto' ? ['deposit', 'crypto_deposit'] : [kind];
  await emitLive(tx, {
    tenantId: row.tenantId,
    kind,
    action,
    recordId: row.id,
    clientId: row.clientId,
    resources,
    status: row.status,
    byId: actor.staff?.id ?? null,
    read: resources.map((r) => [r, 'funds']),
    request: action === 'created',
  });
}
