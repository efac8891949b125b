/**
 * The trading model (docs/trading.md): products of every kind, orders and their life cycle over the deal statuses of
 * spec section 4, positions (holdings) and the exact arithmetic of amounts and fees. Plain data and pure functions
 * that the API (server/modules/trading) and the console (resources/trades, resources/trx) both import.
 *
 * Three families of product share one order table:
 * - market (stock = limit-up stocks, resource fo; block; daily): buy a quantity at a price, hold, sell; a daily
 *   trade's sale is settled at the end of the day (unsettled, then completed);
 * - ipo: subscribe a quantity at the issue price, allocation (by ratio or by lottery), payment of what the
 *   subscription did not cover, listing (go public), then a holding like a stock;
 * - period (ai, fund, quant, saving): subscribe an amount for the product's period, hold, redeem, settle with the
 *   result (profit or loss).
 * Every status change is an action of TRANSITIONS; the API refuses any other (409 invalid_transition, nothing
 * changed).
 */
import { defineEntity, l, type Labels, type Row } from './entity';
import { PRODUCT_LABELS, TRADE_PRODUCTS, type TradeProduct } from './trade-config';

export { TRADE_PRODUCTS, PRODUCT_LABELS, type TradeProduct };

/** The family of each product kind. */
export const FAMILY = {
  stock: 'market',
  block: 'market',
  daily: 'market',
  ipo: 'ipo',
  ai: 'period',
  fund: 'period',
  quant: 'period',
  saving: 'period',
} as const satisfies Record<TradeProduct, 'market' | 'ipo' | 'period'>;
export type Family = (typeof FAMILY)[TradeProduct];

/** Spec subtypes a product of each kind may carry (the first is the default). */
export const KIND_SUBTYPES: Readonly<Record<TradeProduct, readonly string[]>> = {
  stock: ['fo', 'standard'],
  block: ['otc', 'spo', 'da'],
  daily: ['daily'],
  ipo: ['ipo', 'apo', 'allocation'],
  ai: ['ai'],
  fund: ['fund', 'hy'],
  quant: ['quant'],
  saving: ['savings', 'fixed'],
};
export const SUBTYPES = [
  'standard',
  'fo',
  'ai',
  'daily',
  'ipo',
  'otc',
  'spo',
  'fund',
  'quant',
  'da',
  'apo',
  'allocation',
  'fixed',
  'hy',
  'savings',
] as const;

/* ------------------------------------------------------------------------------------------------------------- */
/* Statuses and transitions                                                                                       */

import { DEAL_STATUS_LABELS } from './deal-status';

export { DEAL_STATUSES, DEAL_STATUS_LABELS, type DealStatus } from './deal-status';

/** The statuses of a product: market and period products are enabled or disabled; an IPO goes through its issue. */
export const PRODUCT_STATUSES = ['enable', 'disabled', 'available', 'order_locked', 'listing', 'listed'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** The statuses of an order. */
export const ORDER_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'waiting_payment',
  'outstanding',
  'fund_released',
  'holding',
  'sold',
  'awaiting',
  'unsettled',
  'completed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Product actions: from → to. An IPO is issued available, closes (order_locked), is allocated (listing), lists. */
export const PRODUCT_TRANSITIONS = {
  enable: { from: ['disabled'], to: 'enable', families: ['market', 'period'] },
  disable: { from: ['enable'], to: 'disabled', families: ['market', 'period'] },
  lock: { from: ['available'], to: 'order_locked', families: ['ipo'] },
  allocate: { from: ['order_locked'], to: 'listing', families: ['ipo'] },
  go_public: { from: ['listing'], to: 'listed', families: ['ipo'] },
} as const satisfies Record<string, { from: readonly ProductStatus[]; to: ProductStatus; families: readonly Family[] }>;
export type ProductAction = keyof typeof PRODUCT_TRANSITIONS;

/**
 * Order actions: from → to, per family. `place` has no `from` (a new order). What each moves is in docs/trading.md
 * and server/modules/trading/orders.ts; the table is the one authority on which change is allowed.
 */
export const ORDER_TRANSITIONS = {
  /** A buy or subscription for review: its money is frozen. */
  place_review: { from: [], to: 'pending', families: ['market', 'ipo', 'period'] },
  /** A Direct (holding) buy or subscription: its money is debited at once (not for an IPO). */
  place_direct: { from: [], to: 'holding', families: ['market', 'period'] },
  /** Review accepted: the frozen money is spent, the position opens. */
  approve: { from: ['pending'], to: 'holding', families: ['market', 'period'] },
  /** Review refused: the frozen money is released. */
  reject: { from: ['pending'], to: 'rejected', families: ['market', 'ipo', 'period'] },
  /** Sold at a price: proceeds less the sell fee credited (stock, block). */
  sell: { from: ['holding'], to: 'sold', families: ['market'] },
  /** A daily trade closed at a price, settled later. */
  close: { from: ['holding'], to: 'unsettled', families: ['market'] },
  /** A closed daily trade, or a redeemed or matured period product, paid out. */
  settle: { from: ['unsettled', 'holding', 'awaiting'], to: 'completed', families: ['market', 'period'] },
  /** A period product redeemed: awaiting settlement. */
  redeem: { from: ['holding'], to: 'awaiting', families: ['period'] },
  /** IPO allocation with the frozen money covering the allocated amount and its fee (the rest released). */
  allot: { from: ['pending'], to: 'approved', families: ['ipo'] },
  /** IPO allocation above what was frozen: the rest is owed (arrears). */
  allot_owing: { from: ['pending'], to: 'waiting_payment', families: ['ipo'] },
  /** IPO subscription without allocation: everything frozen released. */
  release: { from: ['pending'], to: 'fund_released', families: ['ipo'] },
  /** The owed amount not paid in time: outstanding (arrears). */
  overdue: { from: ['waiting_payment'], to: 'outstanding', families: ['ipo'] },
  /** The owed amount paid from the balance. */
  pay: { from: ['waiting_payment', 'outstanding'], to: 'approved', families: ['ipo'] },
  /** The IPO lists: an allocated and paid subscription becomes a holding. */
  list: { from: ['approved'], to: 'holding', families: ['ipo'] },
  /** A listed IPO holding sold like a stock. */
  sell_listed: { from: ['holding'], to: 'sold', families: ['ipo'] },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus; families: readonly Family[] }>;
export type OrderAction = keyof typeof ORDER_TRANSITIONS;

/** Whether `action` may move an order of `kind` from `status` (daily trades close; stocks and blocks sell). */
export function orderActionAllowed(kind: TradeProduct, status: OrderStatus | null, action: OrderAction): boolean {
  const t = ORDER_TRANSITIONS[action];
  if (!(t.families as readonly Family[]).includes(FAMILY[kind])) return false;
  if (action === 'sell' && kind === 'daily') return false;
  if (action === 'close' && kind !== 'daily') return false;
  if (action === 'settle' && FAMILY[kind] === 'market' && status !== 'unsettled') return false;
  if (status === null) return t.from.length === 0;
  return (t.from as readonly OrderStatus[]).includes(status);
}

/** Whether `action` may move a product of `kind` from `status`. */
export function productActionAllowed(kind: TradeProduct, status: ProductStatus, action: ProductAction): boolean {
  const t = PRODUCT_TRANSITIONS[action];
  return (t.families as readonly Family[]).includes(FAMILY[kind]) && (t.from as readonly string[]).includes(status);
}

/** The status a new product of `kind` starts in. */
export const initialProductStatus = (kind: TradeProduct): ProductStatus =>
  FAMILY[kind] === 'ipo' ? 'available' : 'enable';

/**
 * Whether an order action of `kind` happens only in the kind's trading sessions (trade_config `sessions`, the
 * tenant's time zone; docs/trading.md "Trading hours"): what trades at a market price does, i.e. a market order
 * placed (Direct or review) or approved (its buy executes then), sold or closed, and a listed IPO's shares sold.
 * A rejection, a daily settlement (after the close), IPO subscriptions, allocation and payment, and the period
 * products' subscriptions, redemptions and settlements are not session-bound.
 */
export function sessionBound(kind: TradeProduct, action: OrderAction): boolean {
  if (FAMILY[kind] === 'market') return ['place_direct', 'place_review', 'approve', 'sell', 'close'].includes(action);
  return action === 'sell_listed';
}

/** Whether any action of `kind`'s orders is session-bound (the orders page shows the kind's hours). */
export const sessionBoundKind = (kind: TradeProduct): boolean => FAMILY[kind] !== 'period';

/** Whether a product in `status` takes new orders. */
export const productOpenForOrders = (status: ProductStatus): boolean => status === 'enable' || status === 'available';

/** The period kinds (ai, fund, quant, saving): bought by amount, settled with a result entered at settlement. */
export const PERIOD_KINDS: readonly TradeProduct[] = TRADE_PRODUCTS.filter((k) => FAMILY[k] === 'period');

/**
 * Whether a position of `kind` is valued at cost: a period product's position holds its amount and is worth what was
 * paid until it settles (its result is entered then, not read from the product's price, which may be other than 1: a
 * fund at 1.2345 bought for 1,000.00 is worth 1,000.00, no unrealised profit). Holdings, the client drawer and the
 * statistics (order amounts) all agree on it.
 */
export const valuedAtCost = (kind: TradeProduct): boolean => FAMILY[kind] === 'period';

/** Order statuses in which the client holds a position. */
export const POSITION_STATUSES: readonly OrderStatus[] = ['holding'];
/** Order statuses in which money is frozen for the order. */
export const FROZEN_STATUSES: readonly OrderStatus[] = ['pending'];
/** Order statuses that owe money (arrears). */
export const ARREARS_STATUSES: readonly OrderStatus[] = ['waiting_payment', 'outstanding'];

/** Trade types (spec section 3): holding (shown as Direct) and review. */
export const TRADE_TYPES = ['holding', 'review'] as const;
export type TradeType = (typeof TRADE_TYPES)[number];

/** Order sides. */
export const ORDER_SIDES = ['buy', 'subscribe'] as const;

/** IPO allocation methods. */
export const ALLOCATION_METHODS = ['ratio', 'lottery'] as const;
export type AllocationMethod = (typeof ALLOCATION_METHODS)[number];

/**
 * Spec transaction kinds (section 3) and the ledger transactions they name: a trade's buy, sell and fees are ledger
 * transactions of those kinds; bank and crypto are approved deposits of those types; exchange and repay are the
 * exchange and loan repayment transactions.
 */
export const TRANSACTION_KINDS = ['buy', 'sell', 'exchange', 'buy_fee', 'sell_fee', 'bank', 'crypto', 'repay'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];
export const TRANSACTION_KIND_LABELS: Readonly<Record<TransactionKind, Labels>> = {
  buy: l('买入', 'Buy'),
  sell: l('卖出', 'Sell'),
  exchange: l('兑换', 'Exchange'),
  buy_fee: l('买入手续费', 'Buy fee'),
  sell_fee: l('卖出手续费', 'Sell fee'),
  bank: l('银行入金', 'Bank'),
  crypto: l('加密货币入金', 'Crypto'),
  repay: l('还款', 'Repay'),
};

/* ------------------------------------------------------------------------------------------------------------- */
/* Exact arithmetic                                                                                               */

const PRICE_SCALE = 10_000n; // prices carry 4 decimals
const RATE_SCALE = 1_000_000n; // fee rates carry 6 decimals

/** A decimal string with at most `decimals` places as an integer of that scale, or null when it is not one. */
export function scaled(value: string, decimals: number): bigint | null {
  const m = /^(-?)(\d{1,16})(?:\.(\d+))?$/.exec(value.trim());
  if (!m || (m[3] ?? '').length > decimals) return null;
  const v = BigInt(m[2] + (m[3] ?? '').padEnd(decimals, '0'));
  return m[1] ? -v : v;
}

/** An integer of scale 10^decimals as its decimal string. */
export function unscaled(v: bigint, decimals: number): string {
  const neg = v < 0n;
  const s = (neg ? -v : v).toString().padStart(decimals + 1, '0');
  const out = decimals ? `${s.slice(0, -decimals)}.${s.slice(-decimals)}` : s;
  return neg ? `-${out}` : out;
}

/** Rounds n / d half away from zero (d > 0). */
function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (2n * (r < 0n ? -r : r) >= d) return n < 0n ? q - 1n : q + 1n;
  return q;
}

/** The amount in cents of `quantity` units at `price` (4 decimals), rounded half up to the cent. */
export function amountCents(quantity: bigint, price: string): bigint {
  const p = scaled(price, 4);
  if (p === null) throw new RangeError(`Not a price: ${price}`);
  return divRound(quantity * p * 100n, PRICE_SCALE);
}

/** The fee in cents of `cents` at `rate` (a decimal with at most 6 places: 0.0015 = 0.15 %), rounded half up. */
export function feeCents(cents: bigint, rate: string): bigint {
  const r = scaled(rate, 6);
  if (r === null) throw new RangeError(`Not a fee rate: ${rate}`);
  return divRound(cents * r, RATE_SCALE);
}

/** The average price (4 decimals) of a position that cost `costCents` for `quantity` units. */
export function averagePrice(costCents: bigint, quantity: bigint): string {
  if (quantity <= 0n) return '0.0000';
  return unscaled(divRound(costCents * PRICE_SCALE, quantity * 100n), 4);
}

/**
 * Allocation of an IPO by ratio: each subscription gets floor(requested × offered / subscribed) lots, whole lots
 * only; what remains of the offer goes one lot at a time to the largest subscriptions first (then the earliest).
 * Amounts in shares; `lot` divides every request. Never allocates more than requested nor more than offered.
 */
export function allocateByRatio(
  requests: readonly { id: number; quantity: bigint }[],
  offered: bigint,
  lot: bigint,
): Map<number, bigint> {
  const out = new Map<number, bigint>();
  const total = requests.reduce((s, r) => s + r.quantity, 0n);
  if (total <= offered) {
    for (const r of requests) out.set(r.id, r.quantity);
    return out;
  }
  let left = offered;
  for (const r of requests) {
    const lots = (r.quantity * offered) / total / lot;
    out.set(r.id, lots * lot);
    left -= lots * lot;
  }
  const order = [...requests].sort((a, b) =>
    a.quantity === b.quantity ? a.id - b.id : a.quantity > b.quantity ? -1 : 1,
  );
  while (left >= lot) {
    let gave = false;
    for (const r of order) {
      if (left < lot) break;
      const got = out.get(r.id)!;
      if (got + lot <= r.quantity) {
        out.set(r.id, got + lot);
        left -= lot;
        gave = true;
      }
    }
    if (!gave) break;
  }
  return out;
}

/**
 * Allocation of an IPO by lottery: lots are drawn one at a time among the subscriptions' remaining lots, with
 * `random(n)` giving 0..n-1 (the API passes a cryptographic one; tests a seeded one), until the offer is gone.
 */
export function allocateByLottery(
  requests: readonly { id: number; quantity: bigint }[],
  offered: bigint,
  lot: bigint,
  random: (n: number) => number,
): Map<number, bigint> {
  const out = new Map<number, bigint>(requests.map((r) => [r.id, 0n]));
  const tickets: number[] = [];
  for (const r of requests) for (let i = 0n; i < r.quantity / lot; i++) tickets.push(r.id);
  let left = offered / lot;
  while (left > 0n && tickets.length) {
    const i = random(tickets.length);
    const id = tickets[i];
    tickets[i] = tickets[tickets.length - 1];
    tickets.pop();
    out.set(id, out.get(id)! + lot);
    left -= 1n;
  }
  return out;
}

/* ------------------------------------------------------------------------------------------------------------- */
/* Definitions                                                                                                    */

const kindLabels = PRODUCT_LABELS as Record<string, Labels>;
const statusField = <const V extends readonly string[]>(values: V) =>
  ({
    name: 'status',
    kind: 'enum',
    values,
    list: true,
    filter: 'in',
    sort: true,
    label: l('状态', 'Status'),
    valueLabels: DEAL_STATUS_LABELS,
  }) as const;

/** A product of any kind (the trades pages list one kind each: `kind` is fixed by the path). */
export const tradeProduct = defineEntity({
  name: 'trade_product',
  resource: 'trades',
  paths: {
    list: '/trades/admin/v1/{kind}/product/list',
    export: '/trades/admin/v1/{kind}/product/list/export',
    one: '/trades/admin/v1/{kind}/product/{id}',
    create: '/trades/admin/v1/{kind}/product/create',
    update: '/trades/admin/v1/{kind}/product/{id}',
    action: '/trades/admin/v1/{kind}/product/{action}/{id}',
  },
  sort: { field: 'id', order: 'desc' },
  fields: [
    { name: 'id', kind: 'id', list: true, sort: true, label: l('编号', 'ID') },
    {
      name: 'kind',
      kind: 'enum',
      values: TRADE_PRODUCTS,
      label: l('产品类型', 'Product type'),
      valueLabels: kindLabels,
    },
    {
      name: 'subtype',
      kind: 'enum',
      values: SUBTYPES,
      list: true,
      filter: 'eq',
      label: l('子类型', 'Subtype'),
    },
    { name: 'code', kind: 'text', maxLength: 20, list: true, filter: 'prefix', label: l('代码', 'Code') },
    { name: 'name', kind: 'text', maxLength: 100, list: true, filter: 'prefix', label: l('名称', 'Name') },
    { name: 'currency', kind: 'currency', list: true, filter: 'eq', label: l('币种', 'Currency') },
    { name: 'price', kind: 'decimal', decimals: 4, list: true, label: l('价格', 'Price') },
    { name: 'lot_size', kind: 'integer', list: true, label: l('每手数量', 'Lot size') },
    { name: 'period_days', kind: 'integer', nullable: true, list: true, label: l('周期（天）', 'Period (days)') },
    {
      name: 'rate',
      kind: 'decimal',
      decimals: 6,
      nullable: true,
      list: true,
      label: l('预期收益率', 'Expected return'),
    },
    { name: 'offered', kind: 'integer', nullable: true, list: true, label: l('发行数量', 'Shares offered') },
    {
      name: 'subscribe_start',
      kind: 'datetime',
      nullable: true,
      list: true,
      label: l('申购开始', 'Subscription starts'),
    },
    {
      name: 'subscribe_end',
      kind: 'datetime',
      nullable: true,
      list: true,
      label: l('申购截止', 'Subscription ends'),
    },
    { name: 'listing_date', kind: 'date', nullable: true, list: true, label: l('上市日期', 'Listing date') },
    statusField(PRODUCT_STATUSES),
    { name: 'order_count', kind: 'integer', list: true, label: l('订单数', 'Orders') },
    { name: 'created_at', kind: 'datetime', list: true, sort: true, label: l('创建时间', 'Created at') },
    { name: 'updated_at', kind: 'datetime', detail: true, label: l('更新时间', 'Updated at') },
  ],
});
export type TradeProductRow = Row<typeof tradeProduct>;

/** An order of any kind: a trade record (trx pages) and the trades pages' review queue. */
export const tradeOrder = defineEntity({
  name: 'trade_order',
  resource: 'trx',
  paths: {
    list: '/trx/admin/v1/{kind}/list',
    export: '/trx/admin/v1/{kind}/list/export',
    one: '/trx/admin/v1/{kind}/{id}',
    transactions: '/trx/admin/v1/{kind}/{id}/transactions',
    place: '/trades/admin/v1/{kind}/order/create',
    action: '/trades/admin/v1/{kind}/order/{action}/{id}',
    bulk: '/trades/admin/v1/{kind}/order/{action}',
  },
  sort: { field: 'id', order: 'desc' },
  fields: [
    { name: 'id', kind: 'id', list: true, sort: true, label: l('订单号', 'Order ID') },
    {
      name: 'kind',
      kind: 'enum',
      values: TRADE_PRODUCTS,
      label: l('产品类型', 'Product type'),
      valueLabels: kindLabels,
    },
    { name: 'client_id', kind: 'id', filter: 'eq', export: true, label: l('客户 ID', 'Client ID') },
    { name: 'account_id', kind: 'id', detail: true, label: l('账户', 'Account') },
    { name: 'username', kind: 'text', list: true, filter: 'prefix', label: l('客户', 'Client') },
    { name: 'fake', kind: 'boolean', filter: 'eq', export: true, label: l('机器人', 'Robot') },
    { name: 'agent_id', kind: 'id', nullable: true, filter: 'eq', export: false, label: l('业务员', 'Agent') },
    { name: 'agent_name', kind: 'text', nullable: true, list: true, label: l('业务员', 'Agent') },
    { name: 'leader_id', kind: 'id', nullable: true, filter: 'eq', export: false, label: l('团队', 'Team') },
    { name: 'product_id', kind: 'id', filter: 'eq', export: true, label: l('产品编号', 'Product ID') },
    { name: 'product_code', kind: 'text', list: true, label: l('代码', 'Code') },
    { name: 'product_name', kind: 'text', list: true, label: l('产品', 'Product') },
    {
      name: 'trade_type',
      kind: 'enum',
      values: TRADE_TYPES,
      list: true,
      filter: 'eq',
      label: l('交易方式', 'Trade type'),
      valueLabels: { holding: l('直接成交', 'Direct'), review: l('审核', 'Review') },
    },
    { name: 'currency', kind: 'currency', list: true, filter: 'eq', label: l('币种', 'Currency') },
    { name: 'quantity', kind: 'integer', nullable: true, list: true, label: l('数量', 'Quantity') },
    { name: 'price', kind: 'decimal', decimals: 4, nullable: true, list: true, label: l('价格', 'Price') },
    { name: 'amount', kind: 'money', list: true, sort: true, label: l('金额', 'Amount') },
    statusField(ORDER_STATUSES),
    // A trade result awaiting its checkers (approval kind trade_result, docs/trading.md "Trade results"): the
    // pending approval's id, null when none; the order is frozen meanwhile (409 approval_pending).
    {
      name: 'approval_id',
      kind: 'id',
      nullable: true,
      list: true,
      export: false,
      label: l('复核', 'Review'),
    },
    { name: 'fee', kind: 'money', list: true, label: l('手续费', 'Fee') },
    { name: 'frozen', kind: 'money', list: true, label: l('冻结金额', 'Frozen') },
    { name: 'allocated_quantity', kind: 'integer', nullable: true, list: true, label: l('中签数量', 'Allocated') },
    { name: 'owed', kind: 'money', list: true, label: l('欠款', 'Owed') },
    { name: 'sell_price', kind: 'decimal', decimals: 4, nullable: true, list: true, label: l('卖出价', 'Sell price') },
    { name: 'proceeds', kind: 'money', nullable: true, list: true, label: l('卖出金额', 'Proceeds') },
    { name: 'sell_fee', kind: 'money', nullable: true, list: true, label: l('卖出手续费', 'Sell fee') },
    { name: 'profit', kind: 'money', nullable: true, list: true, label: l('盈亏', 'Profit') },
    { name: 'remark', kind: 'text', nullable: true, detail: true, label: l('备注', 'Remark') },
    {
      name: 'created_at',
      kind: 'datetime',
      list: true,
      sort: true,
      filter: 'range',
      label: l('下单时间', 'Placed at'),
    },
    { name: 'updated_at', kind: 'datetime', list: true, label: l('更新时间', 'Updated at') },
  ],
});
export type TradeOrderRow = Row<typeof tradeOrder>;

/**
 * The fields an order body may carry beside client_id, product_id, trade_type and remark, per family: a market order
 * and an IPO subscription are a quantity (and a price: the market's, or the issue price itself), a period product an
 * amount. Any other field with a value is refused (400, field code unknown_field), never ignored.
 */
export const ORDER_BODY_FIELDS: Readonly<Record<Family, readonly ('quantity' | 'price' | 'amount')[]>> = {
  market: ['quantity', 'price'],
  ipo: ['quantity', 'price'],
  period: ['amount'],
};

/** The fields an order action's body may carry beside remark (sale price for a sale, the period's result to settle). */
export function orderActionFields(kind: TradeProduct, action: OrderAction): readonly ('sell_price' | 'profit')[] {
  if (action === 'sell' || action === 'close' || action === 'sell_listed') return ['sell_price'];
  if (action === 'settle' && FAMILY[kind] === 'period') return ['profit'];
  return [];
}

/* ------------------------------------------------------------------------------------------------------------- */
/* Routes and permissions of the trading pages                                                                    */

/** The permission resource of a kind's trades page (the menu's key: limit-up stocks are `fo`). */
export const tradesResource = (kind: TradeProduct): string => (kind === 'stock' ? 'fo' : `trades/${kind}`);
/** The permission resource of a kind's trade records page. */
export const trxResource = (kind: TradeProduct): string => `trx/${kind}`;

/** The actions of `PUT /trades/admin/v1/{kind}/order/{action}/{id}` and the permission action each needs. */
export const ORDER_ROUTE_ACTIONS = {
  approve: 'approve',
  reject: 'approve',
  sell: 'settle',
  close: 'settle',
  settle: 'settle',
  redeem: 'settle',
  overdue: 'settle',
  pay: 'settle',
} as const;
export type OrderRouteAction = keyof typeof ORDER_ROUTE_ACTIONS;

/** The transition an order route action is for an order of `kind` (a listed IPO's sale is `sell_listed`). */
export const transitionOf = (kind: TradeProduct, action: OrderRouteAction): OrderAction =>
  action === 'sell' && FAMILY[kind] === 'ipo' ? 'sell_listed' : action;

/** Whether the route action exists for orders of `kind` (from some status). */
export const orderRouteActionExists = (kind: TradeProduct, action: OrderRouteAction): boolean => {
  const t = transitionOf(kind, action);
  return ORDER_TRANSITIONS[t].from.some((from) => orderActionAllowed(kind, from, t));
};

/** The actions a bulk `PUT /trades/admin/v1/{kind}/order/{action}` takes (`{ ids, remark?, profit? }`). */
export const BULK_ORDER_ACTIONS = ['approve', 'reject', 'settle'] as const satisfies readonly OrderRouteAction[];

/** The product actions of `PUT /trades/admin/v1/{kind}/product/{action}/{id}` (allocation is its own POST). */
export const PRODUCT_ROUTE_ACTIONS = ['enable', 'disable', 'lock', 'go_public'] as const;

/** One IPO allocation row per subscription (the trx sub-allocation page, `/trx/admin/v1/sub_allocation/list`). */
export const tradeAllocation = defineEntity({
  name: 'trx/sub_allocation',
  resource: 'trx/sub_allocation',
  parents: ['trx'],
  paths: {
    list: '/trx/admin/v1/sub_allocation/list',
    export: '/trx/admin/v1/sub_allocation/list/export',
  },
  sort: { field: 'id', order: 'desc' },
  fields: [
    { name: 'id', kind: 'id', list: true, sort: true, label: l('编号', 'ID') },
    { name: 'product_id', kind: 'id', list: true, filter: 'eq', label: l('产品编号', 'Product ID') },
    { name: 'product_code', kind: 'text', list: true, label: l('代码', 'Code') },
    { name: 'product_name', kind: 'text', list: true, label: l('产品', 'Product') },
    { name: 'order_id', kind: 'id', list: true, filter: 'eq', label: l('订单号', 'Order ID') },
    { name: 'client_id', kind: 'id', filter: 'eq', export: true, label: l('客户 ID', 'Client ID') },
    { name: 'username', kind: 'text', list: true, filter: 'prefix', label: l('客户', 'Client') },
    { name: 'agent_name', kind: 'text', nullable: true, list: true, label: l('业务员', 'Agent') },
    {
      name: 'method',
      kind: 'enum',
      values: ALLOCATION_METHODS,
      list: true,
      filter: 'eq',
      label: l('配售方式', 'Method'),
      valueLabels: { ratio: l('按比例', 'By ratio'), lottery: l('抽签', 'Lottery') },
    },
    { name: 'currency', kind: 'currency', list: true, filter: 'eq', label: l('币种', 'Currency') },
    { name: 'requested', kind: 'integer', list: true, label: l('申购数量', 'Requested') },
    { name: 'allocated', kind: 'integer', list: true, label: l('中签数量', 'Allocated') },
    { name: 'amount', kind: 'money', list: true, label: l('中签金额', 'Amount') },
    { name: 'fee', kind: 'money', list: true, label: l('手续费', 'Fee') },
    { name: 'released', kind: 'money', list: true, label: l('退还金额', 'Released') },
    { name: 'owed', kind: 'money', list: true, label: l('欠款', 'Owed') },
    {
      name: 'order_status',
      kind: 'enum',
      values: ORDER_STATUSES,
      list: true,
      label: l('订单状态', 'Order status'),
      valueLabels: DEAL_STATUS_LABELS,
    },
    {
      name: 'created_at',
      kind: 'datetime',
      list: true,
      sort: true,
      filter: 'range',
      label: l('配售时间', 'Allocated at'),
    },
  ],
});
export type TradeAllocationRow = Row<typeof tradeAllocation>;

/** The per-currency sums a trading list answers beside its page (`totals`): every row the filters match. */
export interface ListTotals {
  currency: string;
  count: number;
  amount: string;
  fee: string;
  profit: string;
}

/** `GET /trades/admin/v1/{kind}/market`: the kind's trading hours and whether they are open now. */
export interface MarketStatus {
  kind: TradeProduct;
  /** trade_config's sessions, e.g. `09:30-11:30,13:00-15:00`. */
  sessions: string;
  /** The tenant's time zone the sessions are in. */
  time_zone: string;
  /** The tenant's local time now, `HH:MM`. */
  local_time: string;
  open: boolean;
  /** Whether the kind's orders are held to the sessions at all (sessionBoundKind). */
  session_bound: boolean;
}

/**
 * Emergency order modification (spec section 2 "emergency", docs/trading.md "Order modification"): staff with the
 * emergency grant correct the price and/or quantity of an open market order (pending or holding) with a reason.
 */
export const ORDER_MODIFY = { path: '/emergency/admin/v1/order/modify/{id}', reasonMax: 500 } as const;

/** The statuses of a market order that a modification may correct (a pending or executed, not yet sold, buy). */
export const MODIFIABLE_STATUSES: readonly OrderStatus[] = ['pending', 'holding'];

/** Whether an order of `kind` in `status` may be modified: market orders, pending or holding. */
export const orderModifiable = (kind: TradeProduct, status: OrderStatus): boolean =>
  FAMILY[kind] === 'market' && MODIFIABLE_STATUSES.includes(status);

/** What a modification answers: the order after, the reason, the booking before and what the account moved. */
export interface OrderModification {
  order: TradeOrderRow;
  reason: string;
  before: { price: string | null; quantity: number | null; amount: string; fee: string; frozen: string };
  /** The client's balance change (negative: debited), exact. */
  balance_change: string;
  /** The client's frozen change, exact. */
  frozen_change: string;
}
