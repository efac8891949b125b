/**
 * A kind's orders (review, sell/close/settle/redeem/pay/overdue as ORDER_TRANSITIONS allows, modification, bulk
 * review, placing an order for a client), instantiated per kind (domain/trading.ts).
 */
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import EditNoteIcon from '@mui/icons-material/EditNote';
import PaymentsIcon from '@mui/icons-material/Payments';
import SellIcon from '@mui/icons-material/Sell';
import UndoIcon from '@mui/icons-material/Undo';
import WarningIcon from '@mui/icons-material/Warning';
import type { ComponentType } from 'react';
import {
  BULK_ORDER_ACTIONS,
  FAMILY,
  ORDER_MODIFY,
  orderActionAllowed,
  orderModifiable,
  orderRouteActionExists,
  ORDER_ROUTE_ACTIONS,
  tradeOrder,
  TRADE_TYPES,
  transitionOf,
  type OrderRouteAction,
  type TradeProduct,
} from '../../domain/trading';
import type { ActionInput, ActionSpec, FormValues, ResourceConfig } from '../engine/types';
import { tradeTypes } from '../labels';
import {
  clientSearch,
  kindPath,
  orderFields,
  orderFilters,
  productChoices,
  transactionsRelated,
  type OrderRecord,
} from './common';
import { totalsFinder } from './ListTotals';
import { t, text, decimalRule, quantityRule } from './rules';

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
    { source: 'client_id', type: 'remoteOption', label: t('inputs.client_id'), required: true, search: clientSearch },
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
