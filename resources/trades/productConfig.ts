/**
 * A kind's products page (create and edit forms, enable/disable, IPO lock) and the IPO stage pages (allocation, go
 * public): one configuration per family, instantiated per kind (the kinds' differences are data: domain/trading.ts
 * FAMILY, KIND_SUBTYPES and the transition tables).
 */
import LockIcon from '@mui/icons-material/Lock';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import PublicIcon from '@mui/icons-material/Public';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import type { ComponentType } from 'react';
import {
  ALLOCATION_METHODS,
  FAMILY,
  KIND_SUBTYPES,
  productActionAllowed,
  tradeProduct,
  type Family,
  type ProductAction,
  type TradeProduct,
} from '../../domain/trading';
import { fieldsFromEntity } from '../engine/entityFields';
import type { ActionSpec, FieldSpec, ResourceConfig } from '../engine/types';
import { subtypes } from '../labels';
import { currencyOptions, kindPath, productStatusOptions, type ProductRecord } from './common';
import type { IpoStage } from './entries';
import { t, decimalRule, wholeRule, codeRule, productFormProblems } from './rules';

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
