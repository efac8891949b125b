/** What the trading suites share: a funded client, and trade_config's kinds opened for the tests. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../server/db/client';
import { withRetry } from '../../server/core/retry';
import { postTransaction } from '../../server/ledger/post';
import { createClient, openAccount } from '../../server/modules/client/service';
import { call } from './helpers';

/** Deposits `amount` (USD) on a client account through the ledger. */
export async function fund(db: Db, accountId: number, amount: string): Promise<void> {
  await withRetry(db, (tx) =>
    postTransaction(tx, {
      tenantId: 'tr',
      kind: 'deposit',
      lines: [
        {
          accountRef: { type: 'client', id: accountId },
          currency: 'USD',
          amount,
          effect: { balance: amount, deposit: amount },
        },
        { accountRef: { type: 'platform', kind: 'cash' }, currency: 'USD', amount: `-${amount}` },
      ],
    }),
  );
}

/** A client of tenant tr (an agent's, if given) with a USD account holding `funds`. */
export async function fundedClient(
  db: Db,
  username: string,
  funds: string,
  agentId?: number,
): Promise<{ id: number; usd: number }> {
  const c = await withRetry(db, (tx) => createClient(tx, 'tr', { username, agentId }));
  const acc = await withRetry(db, (tx) => openAccount(tx, 'tr', c.id, 'USD'));
  await fund(db, acc.id, funds);
  return { id: c.id, usd: acc.id };
}

/** Opens `kinds` in trade_config with `sessions`: fees buy 0.15 % and sell 0.2 %, amounts 1 to 500,000, leverage 1. */
export async function openKinds(
  app: FastifyInstance,
  token: string,
  kinds: readonly string[],
  sessions: string,
): Promise<void> {
  for (const kind of kinds) {
    const res = await call(app, 'PUT', `/api/trade_config/admin/v1/product/${kind}`, {
      token,
      body: {
        enabled: true,
        sessions,
        buy_fee: '0.0015',
        sell_fee: '0.002',
        min_amount: '1.00',
        max_amount: '500000.00',
        leverage: 1,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}
