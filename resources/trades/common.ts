/**
 * What the trades pages and the trade records pages share (domain/trading.ts): the kinds' paths with `{kind}` filled
 * in, the status and currency option sets, the product and client pickers, the order fields per family. Declarations
 * only (no React).
 */
import type { RaRecord } from 'ra-core';
import { PLATFORM_CURRENCIES } from '../../domain/exchange-config';
import {
  FAMILY,
  ORDER_STATUSES,
  PRODUCT_STATUSES,
  tradeOrder,
  type Family,
  type TradeOrderRow,
  type TradeProduct,
  type TradeProductRow,
} from '../../domain/trading';
import { clientTypes, dealStatuses, tradeTypes, type OptionSet } from '../labels';
import { fieldsFromEntity, type FieldOverrides } from '../engine/entityFields';
import type { ChoiceLoader, FieldSpec, FilterSpec, RelatedSpec } from '../engine/types';
import { agentFilterChoices, leaderFilterChoices, STAFF_LIST } from '../staffChoices';

/** A product as the API answers it. */
export type ProductRecord = TradeProductRow & RaRecord;
/** An order as the API answers it. */
export type OrderRecord = TradeOrderRow & RaRecord;

/** A path of the trading definitions with its kind (and action) filled in; `{id}` stays for the engine. */
export const kindPath = (path: string, kind: string, action?: string): string =>
  path.replace('{kind}', kind).replace('{action}', action ?? '{action}');

const only = (set: OptionSet, values: readonly string[]): OptionSet => set.filter((o) => values.includes(String(o.id)));

/** Product and order statuses as coloured chips (labels.dealStatus.*, spec section 4). */
export const productStatusOptions = only(dealStatuses, PRODUCT_STATUSES);
export const orderStatusOptions = only(dealStatuses, ORDER_STATUSES);

/** The currencies a product may be priced in: the platform's three-letter ones (the API's pattern), by code. */
export const currencyOptions: OptionSet = PLATFORM_CURRENCIES.filter((c) => /^[A-Z]{3}$/.test(c)).map((c) => ({
  id: c,
  name: `resources.trades.currency.${c}`,
}));

/** The products of a kind that take orders, as picker choices "code name (currency)". */
export const productChoices =
  (kind: TradeProduct, statuses = ['enable', 'available']): ChoiceLoader =>
  async ({ http }) => {
    const answer = await http<{ data: ProductRecord[] }>(kindPath('/trades/admin/v1/{kind}/product/list', kind), {
      query: { page_size: 200, status: statuses.join(','), sort: 'id', order: 'desc' },
    });
    return (answer?.data ?? []).map((p) => ({ id: p.id, name: `${p.code} ${p.name} (${p.currency})` }));
  };

/** The products of a kind (any status), for a list's product filter. */
export const productFilterChoices = (kind: TradeProduct): ChoiceLoader => productChoices(kind, [...PRODUCT_STATUSES]);

export { clientSearch } from '../clientChoices';

/** Order columns each family does not use (an IPO has no sell price until it lists; period products no shares). */
const NOT_IN_FAMILY: Record<Family, readonly string[]> = {
  market: ['allocated_quantity', 'owed'],
  ipo: [],
  period: ['quantity', 'price', 'sell_price', 'proceeds', 'allocated_quantity', 'owed'],
};

/**
 * The order fields of a kind (domain tradeOrder): the client (a link to it), its agent, the product, the amount in
 * its currency, the status; ids shown through names are left out (their pickers are filters of their own).
 */
export function orderFields(kind: TradeProduct, overrides: FieldOverrides = {}): FieldSpec[] {
  const family = FAMILY[kind];
  return fieldsFromEntity(tradeOrder, {
    kind: false,
    client_id: false,
    agent_id: false,
    leader_id: false,
    product_id: false,
    username: { type: 'reference', idSource: 'client_id' },
    fake: { type: 'option', options: clientTypes, list: false },
    // An IPO subscription is always reviewed, at the issue price: those columns say nothing there (the order's page and
    // the column chooser keep them).
    trade_type: { options: tradeTypes, hidden: family === 'ipo' },
    // A period product has no code worth showing; elsewhere the code names the product and its name stays in the
    // column chooser, so that status, result and time stay on screen at 1366 px.
    product_code: { hidden: family === 'period' },
    product_name: { hidden: family !== 'period' },
    // prices as the products list shows them: grouped, without the zeros that end the fraction (1,234.5)
    price: { type: 'number', hidden: family === 'ipo' },
    currency: { list: false, show: false },
    amount: { currencySource: 'currency' },
    fee: { currencySource: 'currency', hidden: true },
    frozen: { currencySource: 'currency', hidden: true },
    owed: { currencySource: 'currency' },
    // What a sale adds stays in the column chooser (and on the order's page): the list keeps its status, result, time
    // and actions on screen at 1366 px.
    proceeds: { currencySource: 'currency', hidden: true },
    sell_price: { type: 'number', hidden: true },
    sell_fee: { currencySource: 'currency', hidden: true },
    profit: { currencySource: 'currency', signed: true },
    // a trade result waiting in the approval queue (the order frozen meanwhile) reads 待复核 / Awaiting review in
    // place of its status (no option of the status filter: the API's statuses only)
    status: {
      options: orderStatusOptions,
      sortable: false,
      value: (r, translate) =>
        (r as OrderRecord).approval_id ? translate('resources.trades.awaiting_review') : (r as OrderRecord).status,
    },
    approval_id: false,
    updated_at: { hidden: true },
    ...Object.fromEntries(NOT_IN_FAMILY[family].map((name) => [name, false])),
    ...overrides,
  });
}

/**
 * The grant the product picker's list call (`GET /trades/admin/v1/{kind}/product/list`) needs: a salesman or a team
 * leader reads the records but not the products (the call would be refused, and audited as a refusal, on every
 * opening of a records page).
 */
export const PRODUCT_LIST = { resource: 'trades', action: 'read' };

/** The filters of an order list beyond its fields' own: agent, team, product. */
export const orderFilters = (kind: TradeProduct): FilterSpec[] => [
  { type: 'remoteOption', source: 'agent_id', load: agentFilterChoices, permission: STAFF_LIST },
  { type: 'remoteOption', source: 'leader_id', load: leaderFilterChoices, permission: STAFF_LIST },
  { type: 'remoteOption', source: 'product_id', load: productFilterChoices(kind), permission: PRODUCT_LIST },
];

/**
 * The order's ledger lines (GET /trx/admin/v1/{segment}/{id}/transactions, oldest first) as a sub-list of its
 * drawer: the spec's transaction kind (or the freeze and release of a review order's money), the signed amount and
 * what it moved of the balance and the frozen money. `segment`: the records path's kind (subscribe for AI orders).
 */
export const transactionsRelated = (segment: string): RelatedSpec => ({
  name: 'transactions',
  path: kindPath(tradeOrder.paths.transactions, segment),
  fields: [
    { source: 'ledger_kind', type: 'option', options: LEDGER_KIND_OPTIONS, label: txn('ledger_kind') },
    { source: 'amount', type: 'money', currencySource: 'currency', signed: true, label: txn('amount') },
    { source: 'balance', type: 'money', signed: true, label: txn('balance') },
    { source: 'frozen', type: 'money', signed: true, label: txn('frozen') },
    { source: 'created_at', type: 'datetime', label: txn('created_at') },
  ],
});

const txn = (key: string) => `resources.trades.txn.${key}`;

/**
 * The ledger kinds of an order's lines: the spec's transaction kinds (labels.transactionKind.*) and the freeze and
 * release of a review order's money (ours).
 */
export const LEDGER_KIND_OPTIONS: OptionSet = [
  ...['buy', 'sell', 'buy_fee', 'sell_fee'].map((k) => ({ id: k, name: `labels.transactionKind.${k}` })),
  { id: 'trade_freeze', name: txn('trade_freeze') },
  { id: 'trade_release', name: txn('trade_release') },
];
