/**
 * The lists the dashboard's "today" cards open, each filtered to what its figure counts (the figures:
 * server/modules/dashboard/service.ts): approved deposits and withdrawals by the tenant's day they were decided
 * (resolved_at, as the kept sums count them), clients by the day they registered, and the approval queue's default
 * view (what waits for me, as the badge counts it), and a product's orders that are open now (the exposure figure).
 */
import { openStatusFilter } from '../../domain/dashboard';
import { isTradeProduct, type TradeProduct } from '../../domain/trade-config';

/** A list's URL with react-admin's filter (what a filter form writes into the address). */
export const filteredList = (path: string, filter: Record<string, unknown>): string =>
  `${path}?${new URLSearchParams({ filter: JSON.stringify(filter) })}`;

/**
 * The list each figure of `day` (YYYY-MM-DD, the tenant's) opens. The approvals link names its (empty) filter so that
 * the queue opens on its default view, not on the view the list last remembered.
 */
export const todayLinks = (day: string) => ({
  deposits: filteredList('/deposit', { status: 'approved', resolved_at_from: day, resolved_at_to: day }),
  withdrawals: filteredList('/withdrawal', { status: 'approved', resolved_at_from: day, resolved_at_to: day }),
  clients: filteredList('/client', { created_from: day, created_to: day }),
  approvals: filteredList('/approval', {}),
});

/** The records list of a product's orders (the trade records menu), when it has one. */
const ORDERS_LIST: Partial<Record<TradeProduct, string>> = {
  stock: '/trx/stock',
  block: '/trx/block',
  ipo: '/trx/ipo',
  daily: '/trx/daily',
  ai: '/trx/ai',
  fund: '/trx/fund',
  quant: '/trx/quant',
};

/** The orders list an exposure line opens: the product's open orders; undefined for a product without a list. */
export function openOrdersLink(kind: string): string | undefined {
  const path = isTradeProduct(kind) ? ORDERS_LIST[kind] : undefined;
  return path && filteredList(path, { status: openStatusFilter(kind as TradeProduct) });
}
