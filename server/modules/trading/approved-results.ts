/** Executing an approved trade result: through the same functions as the direct routes (actions.ts, modification.ts). */
import type { OrderModifyBody } from '../emergency/schemas';
import type { ApprovalRowDb } from '../approval/gate';
import type { Executor, Tx } from '../../core/db';
import type { Actor } from '../records/common';
import { orderAction } from './actions';
import type { TradeResultPayload } from './trade-results';
import { modifyOrder } from './modification';

/**
 * Executes an approved trade result (approval/service.ts decide, after its last checker): the action asked, once,
 * as the checker, through the same function as the direct route (re-validated: status, bounds, funds; the sessions
 * are the maker's); a refusal rolls the decision back and the approval stays pending (a checker may reject it).
 */
export async function executeTradeResult(tx: Executor, actor: Actor, a: ApprovalRowDb): Promise<void> {
  const p = a.payload as unknown as TradeResultPayload;
  if (p.route === 'modify') await modifyOrder(tx as Tx, actor, a.targetId, p.body as unknown as OrderModifyBody, true);
  else await orderAction(tx as Tx, actor, p.trade_kind, p.route, a.targetId, p.body, new Date(), true);
}
