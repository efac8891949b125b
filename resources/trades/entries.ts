/**
 * The trades and trade records menus' entries as plain data: the registry's nodes and the messages are made from these
 * lists without loading the pages' configurations (pages.ts, ../trx), which come with the pages.
 */
import type { TradeProduct } from '../../domain/trading';

/** An IPO stage shown as a page of its own (configs.ts holds what each stage lists and does). */
export type IpoStage = 'ipo_allocation' | 'go_public';

/** A trades menu entry: its kind, its permission key (stock is resource fo), and an IPO stage page's stage. */
export interface TradesPage {
  entry: string;
  kind: TradeProduct;
  resource?: string;
  stage?: IpoStage;
}

/** The trades menu's entries, in menu order (their titles and deployment hide lists are the registry's). */
export const TRADES_PAGES: readonly TradesPage[] = [
  { entry: 'stock', kind: 'stock', resource: 'fo' },
  { entry: 'block', kind: 'block' },
  { entry: 'ipo', kind: 'ipo' },
  { entry: 'ipo_allocation', kind: 'ipo', stage: 'ipo_allocation' },
  { entry: 'go_public', kind: 'ipo', stage: 'go_public' },
  { entry: 'daily', kind: 'daily' },
  { entry: 'ai', kind: 'ai' },
  { entry: 'fund', kind: 'fund' },
  { entry: 'quant', kind: 'quant' },
];

/** The react-admin name of a trades page's orders list. */
export const ordersName = (page: string): string => `${page}/orders`;

/** A trx menu entry (also its paths' segment: `/trx/admin/v1/<entry>/...`) and the kind whose orders it lists. */
export interface TrxPage {
  entry: string;
  kind: TradeProduct;
}

/** The trade records menu's order entries, in menu order (sub_allocation is ../trx/allocations.ts's). */
export const TRX_PAGES: readonly TrxPage[] = [
  { entry: 'stock', kind: 'stock' },
  { entry: 'block', kind: 'block' },
  { entry: 'ipo', kind: 'ipo' },
  { entry: 'daily', kind: 'daily' },
  { entry: 'subscribe', kind: 'ai' },
  { entry: 'ai', kind: 'ai' },
  { entry: 'fund', kind: 'fund' },
  { entry: 'quant', kind: 'quant' },
];
