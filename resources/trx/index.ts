/**
 * The trade records menu's pages (spec section 2, trx group): every order of a kind (stock, block, ipo, daily, ai,
 * fund, quant), the AI subscriptions and the IPO sub-allocations, filterable by client, agent, team, status, product
 * and placing day, exported as CSV (every matching row), totals per currency; a row opens the order with its ledger
 * transactions. Read only: orders are acted on from the trades pages. One configuration, instantiated per entry.
 */
import { openStatusFilter } from '../../domain/dashboard';
import { tradeOrder, type TradeProduct } from '../../domain/trading';
import { defineResource, type ResourceEntry } from '../engine/define';
import type { FieldSpec, ResourceConfig } from '../engine/types';
import { kindPath, orderFields, orderFilters, transactionsRelated, type OrderRecord } from '../trades/common';
import { TRX_PAGES, type TrxPage } from '../trades/entries';
import { totalsFinder } from '../trades/ListTotals';
import { allocationConfig } from './allocations';

export { TRX_PAGES };

/**
 * The order fields of a kind with, first among the status filter's choices, "open" (every status in which the order's
 * money is in the product: the dashboard's exposure counts these, and its product links choose this).
 */
const withOpenChoice = (fields: FieldSpec[], kind: TradeProduct): FieldSpec[] =>
  fields.map((f) =>
    f.source === 'status'
      ? { ...f, options: [{ id: openStatusFilter(kind), name: 'resources.trades.open_orders' }, ...(f.options ?? [])] }
      : f,
  );

/** The records of one kind's orders (`trx/<entry>`). */
export function recordsConfig({ entry, kind }: TrxPage): ResourceConfig<OrderRecord> {
  const name = `trx/${entry}`;
  const path = kindPath(tradeOrder.paths.list, entry);
  return {
    name,
    endpoints: {
      list: path,
      export: kindPath(tradeOrder.paths.export, entry),
      one: kindPath(tradeOrder.paths.one, entry),
    },
    fields: withOpenChoice(orderFields(kind), kind),
    filters: orderFilters(kind),
    sort: { field: 'id', order: 'DESC' },
    drawer: 'show',
    related: [transactionsRelated(entry)],
    finder: totalsFinder(name),
  };
}

/** Each trade records page's registry entry, by entry. */
export const trxEntries: Record<string, ResourceEntry> = {
  ...Object.fromEntries(TRX_PAGES.map((page) => [page.entry, defineResource(recordsConfig(page))])),
  sub_allocation: defineResource(allocationConfig),
};
