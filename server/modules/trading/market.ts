/** Trading hours: the kind's sessions (trade_config) in the tenant's time zone, and the check of a session-bound action. */
import { sessionBound, sessionBoundKind, type MarketStatus, type OrderAction } from '../../../domain/trading';
import { localMinutes, sessionOpen, type TradeProduct } from '../../../domain/trade-config';
import type { Executor } from '../../core/db';
import { readProduct } from '../trade_config/service';
import { tenantTimeZone } from '../setting/service';
import { MarketClosedError } from './errors';

/** The kind's trading hours (trade_config sessions in the tenant's time zone) and whether they are open at `now`. */
export async function marketStatus(
  db: Executor,
  tenantId: string,
  kind: TradeProduct,
  now: Date,
): Promise<MarketStatus> {
  const [cfg, zone] = await Promise.all([readProduct(db, tenantId, kind), tenantTimeZone(db, tenantId)]);
  return {
    kind,
    sessions: cfg.sessions,
    time_zone: zone,
    local_time: localMinutes(now, zone).hhmm,
    open: sessionOpen(cfg.sessions, now, zone),
    session_bound: sessionBoundKind(kind),
  };
}

/** 409 market_closed, nothing written, when `action` of `kind` is session-bound and the sessions are closed at `now`. */
export async function assertSession(
  tx: Executor,
  tenantId: string,
  kind: TradeProduct,
  action: OrderAction,
  now: Date,
) {
  if (!sessionBound(kind, action)) return;
  const m = await marketStatus(tx, tenantId, kind, now);
  if (!m.open) throw new MarketClosedError(m);
}
