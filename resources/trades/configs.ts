/**
 * One configuration per family, instantiated per kind (the kinds' differences are data: domain/trading.ts FAMILY,
 * KIND_SUBTYPES and the transition tables). A trades page is its kind's products (create, edit, enable/disable, IPO
 * lock) beside its orders (review, sell/close/settle/redeem/pay/overdue as ORDER_TRANSITIONS allows, bulk review,
 * placing an order for a client); the IPO stage pages (allocation, go public) list the IPO products of one status
 * with that stage's action.
 */
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import EditNoteIcon from '@mui/icons-material/EditNote';
import LockIcon from '@mui/icons-material/Lock';
import PaymentsIcon from '@mui/icons-material/Payments';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import PublicIcon from '@mui/icons-material/Public';
import SellIcon from '@mui/icons-material/Sell';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import UndoIcon from '@mui/icons-material/Undo';
import WarningIcon from '@mui/icons-material/Warning';
import type { ComponentType } from 'react';
import {
  ALLOCATION_METHODS,
  BULK_ORDER_ACTIONS,
  FAMILY,
  KIND_SUBTYPES,
  ORDER_MODIFY,
  orderActionAllowed,
  orderModifiable,
  orderRouteActionExists,
  ORDER_ROUTE_ACTIONS,
  productActionAllowed,
  scaled,
  tradeOrder,
  tradeProduct,
  TRADE_TYPES,
  transitionOf,
  type Family,
  type OrderRouteAction,
  type ProductAction,
  type TradeProduct,
} from '../../domain/trading';
import { fieldsFromEntity } from '../engine/entityFields';
import type { ActionInput, ActionSpec, FieldSpec, FormValues, ResourceConfig } from '../engine/types';
import { subtypes, tradeTypes } from '../labels';
import {
  currencyOptions,
  clientChoices,
  kindPath,
  orderFields,
  orderFilters,
  productChoices,
  productStatusOptions,
  transactionsRelated,
  type OrderRecord,
  type ProductRecord,
} from './common';
import { totalsFinder } from './ListTotals';
import type { IpoStage } from './entries';

/** Messages shared by every trades page: `resources.trades.*`. */
const t = (key: string) => `resources.trades.${key}`;

/* ------------------------------------------------------------------------------------------------------------ */
/* Rules (the API's: domain/trading.ts scaled)                                                                   */

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : String(v));

/** A decimal with at most `decimals` places, above zero (or any sign with `signed`); the problem as an i18n key. */
export const decimalRule =
  (decimals: number, { signed = false, optional = false } = {}) =>
  (value: unknown): string | undefined => {
    const s = text(value);
    if (!s) return optional ? undefined : 'ra.validation.required';
    const v = scaled(s, decimals);
    if (v === null) return t(`problems.decimals${decimals}`);
    if (!signed && v <= 0n) return t('problems.positive');
    return undefined;
  };

/** A whole number of at least `min` (and at most `max`). */
const wholeRule =
  (min = 1, max = Number.MAX_SAFE_INTEGER) =>
  (value: unknown): string | undefined => {
    const s = text(value);
    if (!s) return undefined;
    const n = Number(s);
    return /^\d+$/.test(s) && n >= min && n <= max && Number.isSafeInteger(n) ? undefined : t('problems.whole');
  };

/** A product code: 1-20 letters, digits, `.`, `_` or `-`, starting with a letter or digit (the API's pattern). */
const codeRule = (value: unknown): string | undefined =>
  !text(value) || /^[A-Za-z0-9][A-Za-z0-9._-]{0,19}$/.test(text(value)) ? undefined : t('problems.code');

/** The form's cross-field rule: an IPO offers whole lots (the API's). */
export function productFormProblems(values: FormValues): Record<string, string> | undefined {
  const offered = Number(values.offered);
  const lot = Number(values.lot_size);
  if (values.offered == null || values.offered === '' || !Number.isSafeInteger(offered)) return undefined;
  if (Number.isSafeInteger(lot) && lot > 0 && offered % lot !== 0) return { offered: t('problems.lots') };
  return undefined;
}

/** An order's quantity: a whole number of shares, a multiple of the product's lot (the API checks the lot). */
const quantityRule = wholeRule(1);

/* ------------------------------------------------------------------------------------------------------------ */
/* Products                                                                                                      */

/** Product fields a family does not have. */
const PRODUCT_NOT_IN_FAMILY: Record<Family, readonly string[]> = {
  market: ['period_days', 'rate', 'offered', 'subscribe_start', 'subscribe_end', 'listing_date'],
  ipo: ['period_days', 'rate'],
  period: ['offered', 'subscribe_start', 'subscribe_end', 'listing_date'],
};

/** The form flags of a product field: created and edited, `required` where the API requires it. */
const form = (required = false) => ({ create: true, edit: true, required });

/** The product fields of a kind: list columns, and the create and edit form as the API validates it. */
function productFields(kind: TradeProduct) {
  const family = FAMILY[kind];
  return fieldsFromEntity(tradeProduct, {
    id: { hidden: true },
    kind: false,
    // the API takes the kind's first subtype when none is given
    subtype: {
      ...form(),
      options: subtypes.filter((o) => KIND_SUBTYPES[kind].includes(String(o.id))),
      filter: KIND_SUBTYPES[kind].length > 1,
      hidden: KIND_SUBTYPES[kind].length < 2,
    },
    code: { ...form(true), validate: codeRule },
    name: { ...form(true) },
    currency: { ...form(true), type: 'option', options: currencyOptions },
    price: {
      ...form(true),
      type: 'number',
      input: 'text',
      validate: decimalRule(4),
      helperText: t(family === 'period' ? 'hints.unitPrice' : 'hints.price'),
    },
    lot_size: { ...form(true), integer: true, validate: wholeRule(1, 1_000_000) },
    period_days: { ...form(true), integer: true, validate: wholeRule(1, 36_500) },
    rate: { ...form(), type: 'number', input: 'text', validate: decimalRule(6, { signed: true, optional: true }) },
    offered: { ...form(true), integer: true, validate: wholeRule(1) },
    // days in the tenant's zone: the window runs from the start day's 00:00 through the end day's 23:59:59
    subscribe_start: { ...form(), input: 'date', list: false },
    subscribe_end: { ...form(true), input: 'date' },
    listing_date: { ...form() },
    status: { options: productStatusOptions, sortable: false },
    order_count: { type: 'number' },
    updated_at: { list: false },
    ...Object.fromEntries(PRODUCT_NOT_IN_FAMILY[family].map((name) => [name, false])),
  });
}

/** A product action of PRODUCT_TRANSITIONS as a row action, shown only where productActionAllowed says so. */
function productAction(
  kind: TradeProduct,
  action: ProductAction,
  icon: ComponentType,
  extra: Partial<ActionSpec<ProductRecord>> = {},
): ActionSpec<ProductRecord> {
  return {
    name: action,
    label: t(`actions.${action}`),
    confirm: t(`confirm.${action}`),
    icon,
    permission: { action: 'update' },
    when: (r) => productActionAllowed(kind, r.status, action),
    run: { method: 'PUT', path: kindPath(tradeProduct.paths.action, kind, action) },
    ...extra,
  };
}

/** The IPO allocation: by ratio or by lottery, confirmed first (the button shows its progress while it runs). */
const allocateAction = productAction('ipo', 'allocate', PlaylistAddCheckIcon, {
  permission: { action: 'approve' },
  inputs: [
    {
      source: 'method',
      type: 'option',
      label: t('inputs.method'),
      required: true,
      options: ALLOCATION_METHODS.map((m) => ({ id: m, name: t(`method.${m}`) })),
    },
  ],
  prefill: () => ({ method: 'ratio' }),
  idempotent: true,
  success: t('done.allocate'),
  run: {
    method: 'POST',
    path: '/trades/admin/v1/ipo/product/allocate/{id}',
    body: (_r, v) => ({ method: v.method }),
  },
});

/** The subscription totals of an IPO product (the allocation list's row). */
const IPO_TOTALS: FieldSpec[] = [
  ...['subscriptions', 'pending', 'requested_quantity'].map((source) => ({ source, type: 'number' as const })),
  // in the product's currency, which the row's currency column shows once
  { source: 'requested_amount', type: 'money' },
  { source: 'frozen', type: 'money' },
  { source: 'allocated_quantity', type: 'number' },
  { source: 'allocated_amount', type: 'money' },
  { source: 'owed', type: 'money' },
  { source: 'approved', type: 'number' },
].map((f) => ({ ...f, label: t(`ipo.${f.source}`) }) as FieldSpec);

/**
 * The IPO stages shown as pages of their own: the products of one status and the action that moves them on; the
 * totals that say nothing yet (before the allocation nothing is allotted) or any more (after it nothing is pending or
 * frozen) start in the column chooser, so that the row fits 1366 px.
 */
export const IPO_STAGES = {
  ipo_allocation: {
    status: 'order_locked',
    action: allocateAction,
    hidden: ['allocated_quantity', 'allocated_amount', 'owed', 'approved'],
  },
  go_public: {
    status: 'listing',
    action: productAction('ipo', 'go_public', PublicIcon),
    hidden: ['subscribe_end', 'pending', 'frozen'],
  },
} as const satisfies Record<IpoStage, unknown>;

/**
 * A kind's products (`name`: the trades page, `resource`: its permission key): list with totals, create and edit
 * forms, enable/disable (market and period), lock (IPO); `stage`: an IPO stage page (no form, its stage's action).
 */
export function productConfig(
  name: string,
  kind: TradeProduct,
  resource?: string,
  stage?: IpoStage,
): ResourceConfig<ProductRecord> {
  const list = stage
    ? `/trades/admin/v1/ipo_allocation/list?status=${IPO_STAGES[stage].status}`
    : kindPath(tradeProduct.paths.list, kind);
  // a stage page: the products of its status with their subscription totals, filtered by code only
  const fields = stage
    ? productFields(kind)
        .filter((f) => !['status', 'order_count', 'created_at', 'lot_size'].includes(f.source))
        .map((f): FieldSpec => ({ ...f, create: false, edit: false, filter: f.source === 'code', sortable: false }))
        .concat(IPO_TOTALS)
        .map((f) => ((IPO_STAGES[stage].hidden as readonly string[]).includes(f.source) ? { ...f, hidden: true } : f))
    : productFields(kind);
  return {
    name,
    ...(resource ? { resource } : {}),
    endpoints: {
      list,
      export: false,
      one: kindPath(tradeProduct.paths.one, kind),
      ...(stage
        ? {}
        : { create: kindPath(tradeProduct.paths.create, kind), update: kindPath(tradeProduct.paths.update, kind) }),
    },
    fields,
    validate: productFormProblems,
    sort: { field: 'id', order: 'DESC' },
    rowClick: stage ? false : 'edit',
    rowActions: stage
      ? [IPO_STAGES[stage].action]
      : [
          productAction(kind, 'enable', ToggleOnIcon),
          productAction(kind, 'disable', ToggleOffIcon),
          productAction(kind, 'lock', LockIcon),
        ].filter((a) => FAMILY[kind] === 'ipo' || a.name !== 'lock'),
  };
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Orders                                                                                                        */

/** An order action's icon, dialog inputs and body (what the API's `PUT .../order/{action}/{id}` takes). */
interface OrderActionData {
  icon: ComponentType;
  inputs?: (kind: TradeProduct) => ActionInput[];
  body?: (values: FormValues, kind: TradeProduct) => Record<string, unknown>;
}

const remark: ActionInput = {
  source: 'remark',
  type: 'textarea',
  label: t('inputs.remark'),
  required: true,
  maxLength: 200,
};
const sellPrice: ActionInput = {
  source: 'sell_price',
  type: 'text',
  label: t('inputs.sell_price'),
  required: true,
  validate: decimalRule(4),
};
const sell: OrderActionData = {
  icon: SellIcon,
  inputs: () => [sellPrice],
  body: (v) => ({ sell_price: text(v.sell_price) }),
};

/** The order route actions of the API (domain ORDER_ROUTE_ACTIONS), in the order a row shows them. */
const ORDER_ACTIONS: Record<OrderRouteAction, OrderActionData> = {
  approve: { icon: CheckIcon },
  reject: { icon: CloseIcon, inputs: () => [remark], body: (v) => ({ remark: text(v.remark) }) },
  sell,
  close: sell,
  settle: {
    icon: DoneAllIcon,
    // a period product settles with its result; a closed daily trade with the price it closed at
    inputs: (kind) =>
      FAMILY[kind] === 'period'
        ? [
            {
              source: 'profit',
              type: 'text',
              label: t('inputs.profit'),
              required: true,
              validate: decimalRule(2, { signed: true }),
              helperText: t('hints.profit'),
            },
          ]
        : [],
    body: (v, kind) => (FAMILY[kind] === 'period' ? { profit: text(v.profit) } : {}),
  },
  redeem: { icon: UndoIcon },
  pay: { icon: PaymentsIcon },
  overdue: { icon: WarningIcon },
};

const ROUTE_ACTIONS = Object.keys(ORDER_ACTIONS) as OrderRouteAction[];

/** Whether an order of `kind` in `status` takes the route action (ORDER_TRANSITIONS, through orderActionAllowed). */
export const orderTakes = (kind: TradeProduct, status: OrderRecord['status'], action: OrderRouteAction): boolean =>
  orderActionAllowed(kind, status, transitionOf(kind, action));

/**
 * Whether a kind's orders have the route action at all: as the API says (orderRouteActionExists), less a settlement
 * of stocks and blocks (only daily trades settle a sale; theirs is paid when sold).
 */
const kindTakes = (kind: TradeProduct, action: OrderRouteAction): boolean =>
  orderRouteActionExists(kind, action) && (action !== 'settle' || FAMILY[kind] !== 'market' || kind === 'daily');

/**
 * A settlement, sale or close whose result reaches the approval tier answers the order unchanged with its pending
 * approval (docs/trading.md "Trade results"): the dialog says it awaits review instead of done.
 */
const AWAITING_REVIEW = {
  key: t('done.awaiting_review'),
  when: (answer: unknown) => !!(answer as OrderRecord | undefined)?.approval_id,
};

/** The row actions of a kind's orders: each route action the kind has, shown where the transitions allow it. */
function orderRowActions(kind: TradeProduct): ActionSpec<OrderRecord>[] {
  return ROUTE_ACTIONS.filter((action) => kindTakes(kind, action)).map((action) => {
    const data = ORDER_ACTIONS[action];
    return {
      name: action,
      label: t(`actions.${action}`),
      confirm: t(`confirm.${action}`),
      icon: data.icon,
      permission: { action: ORDER_ROUTE_ACTIONS[action] },
      // a trade result awaiting its checkers freezes the order
      when: (r: OrderRecord) => orderTakes(kind, r.status, action) && !r.approval_id,
      inputs: data.inputs?.(kind),
      idempotent: true,
      awaiting: AWAITING_REVIEW,
      run: {
        method: 'PUT' as const,
        path: kindPath(tradeOrder.paths.action, kind, action),
        body: (_r: OrderRecord, v: FormValues) => data.body?.(v, kind) ?? {},
      },
    };
  });
}

/**
 * Emergency order modification (spec section 2 "emergency"; the emergency grant, not the trades grants): corrects a
 * pending or holding market order's price and/or quantity with a reason (`PUT /emergency/admin/v1/order/modify/{id}`);
 * the API moves only the difference through the ledger.
 */
function modifyOrderAction(kind: TradeProduct): ActionSpec<OrderRecord>[] {
  if (FAMILY[kind] !== 'market') return [];
  return [
    {
      name: 'modify',
      label: t('actions.modify'),
      confirm: t('confirm.modify'),
      icon: EditNoteIcon,
      permission: { resource: 'emergency', action: 'update' },
      when: (r) => orderModifiable(kind, r.status) && !r.approval_id,
      inputs: [
        { source: 'price', type: 'text', label: t('inputs.price'), required: true, validate: decimalRule(4) },
        {
          source: 'quantity',
          type: 'number',
          integer: true,
          label: t('inputs.quantity'),
          required: true,
          validate: quantityRule,
          helperText: t('hints.quantity'),
        },
        {
          source: 'reason',
          type: 'textarea',
          label: t('inputs.reason'),
          required: true,
          maxLength: ORDER_MODIFY.reasonMax,
          helperText: t('hints.reason'),
        },
      ],
      prefill: (r) => ({ price: r.price ?? '', quantity: r.quantity ?? '' }),
      idempotent: true,
      success: t('done.modify'),
      awaiting: {
        key: t('done.awaiting_review'),
        when: (answer) => !!(answer as { order?: OrderRecord } | undefined)?.order?.approval_id,
      },
      run: {
        method: 'PUT',
        path: ORDER_MODIFY.path,
        body: (_r, v) => ({ price: text(v.price), quantity: Number(v.quantity), reason: text(v.reason) }),
      },
    },
  ];
}

/**
 * Bulk review, and the settlement of many at once where one call settles them all (daily trades at the end of the
 * day): one `PUT .../order/{action}` with the selected ids. A period product settles one by one (each its result).
 */
function orderBulkActions(kind: TradeProduct): ActionSpec<OrderRecord>[] {
  return BULK_ORDER_ACTIONS.filter(
    (action) => kindTakes(kind, action) && !(action === 'settle' && FAMILY[kind] === 'period'),
  ).map((action) => {
    const data = ORDER_ACTIONS[action];
    return {
      name: `bulk_${action}`,
      label: t(`actions.${action}`),
      confirm: t(`confirm.bulk_${action}`),
      icon: data.icon,
      permission: { action: ORDER_ROUTE_ACTIONS[action] },
      inputs: data.inputs?.(kind),
      idempotent: true,
      run: ({ ids, values, http, idempotencyKey }) =>
        http(kindPath(tradeOrder.paths.bulk, kind, action), {
          method: 'PUT',
          body: { ids: (ids ?? []).map(Number), ...(data.body?.(values, kind) ?? {}) },
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
    };
  });
}

/** Placing an order for a client: the client, a product taking orders, Direct or Review, shares or an amount. */
function placeOrderAction(kind: TradeProduct): ActionSpec<OrderRecord> {
  const family = FAMILY[kind];
  const inputs: ActionInput[] = [
    { source: 'client_id', type: 'remoteOption', label: t('inputs.client_id'), required: true, load: clientChoices },
    {
      source: 'product_id',
      type: 'remoteOption',
      label: t('inputs.product_id'),
      required: true,
      load: productChoices(kind),
    },
    {
      source: 'trade_type',
      type: 'option',
      label: t('inputs.trade_type'),
      required: true,
      // an IPO subscription is always reviewed (allocated later)
      options: tradeTypes.filter((o) => family !== 'ipo' || o.id === 'review'),
    },
    ...(family === 'period'
      ? [{ source: 'amount', type: 'money' as const, label: t('inputs.amount'), required: true }]
      : [
          {
            source: 'quantity',
            type: 'number' as const,
            integer: true,
            label: t('inputs.quantity'),
            required: true,
            validate: quantityRule,
            helperText: t('hints.quantity'),
          },
        ]),
    ...(family === 'market'
      ? [
          {
            source: 'price',
            type: 'text' as const,
            label: t('inputs.price'),
            validate: decimalRule(4, { optional: true }),
            helperText: t('hints.orderPrice'),
          },
        ]
      : []),
    { source: 'remark', type: 'text', label: t('inputs.remark'), maxLength: 200 },
  ];
  return {
    name: 'place',
    label: t('actions.place'),
    confirm: t('confirm.place'),
    icon: AddShoppingCartIcon,
    permission: { action: 'create' },
    inputs,
    prefill: () => ({ trade_type: family === 'ipo' ? 'review' : 'holding' }),
    idempotent: true,
    success: t('done.place'),
    run: {
      method: 'POST',
      path: kindPath(tradeOrder.paths.place, kind),
      body: (_r, v) => ({
        client_id: Number(v.client_id),
        product_id: Number(v.product_id),
        trade_type: TRADE_TYPES.find((x) => x === v.trade_type) ?? 'review',
        ...(family === 'period' ? { amount: text(v.amount) } : { quantity: Number(v.quantity) }),
        ...(family === 'market' && text(v.price) ? { price: text(v.price) } : {}),
        ...(text(v.remark) ? { remark: text(v.remark) } : {}),
      }),
    },
  };
}

/**
 * A kind's orders on its trades page (`name`: `<page>/orders`): every order of the kind with the records' filters,
 * its row, bulk and placing actions under the `trades` grants; a row opens the order with its ledger transactions.
 */
export function orderConfig(name: string, kind: TradeProduct): ResourceConfig<OrderRecord> {
  const list = kindPath(tradeOrder.paths.list, kind);
  return {
    name,
    resource: 'trades',
    endpoints: { list, one: kindPath(tradeOrder.paths.one, kind), export: false },
    // Orders are acted on here: the agent stays in the records pages (and the column chooser), the actions on screen.
    fields: orderFields(kind, { agent_name: { hidden: true } }),
    filters: orderFilters(kind),
    sort: { field: 'id', order: 'DESC' },
    drawer: 'show',
    related: [transactionsRelated(kind)],
    finder: totalsFinder(name, kind),
    rowActions: [...orderRowActions(kind), ...modifyOrderAction(kind)],
    bulkActions: orderBulkActions(kind),
    listActions: [placeOrderAction(kind)],
  };
}
