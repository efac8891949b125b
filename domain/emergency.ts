/**
 * Emergency plans (spec section 2 "emergency"; administrators only: the `emergency` grant of spec section 6; paths
 * are ours): halt trading of a product, freeze the tenant's withdrawals, force every client offline, or show a
 * banner. Each carries a reason; activating and lifting are requested by a maker and take effect only when a checker
 * (another staff member who may approve emergency plans) approves the `emergency` approval in the approvals queue.
 * While a plan is active (or its lift awaits a checker) the API enforces its effect.
 *
 * Plain data both sides import: kinds, statuses, the entity and the one validation rule of a request.
 */
import { defineEntity, type Labels, type Row, l } from './entity';
import { PRODUCT_LABELS, TRADE_PRODUCTS, type TradeProduct } from './trade-config';

export const EMERGENCY_KINDS = ['halt_trading', 'freeze_withdrawals', 'force_offline', 'banner'] as const;
export type EmergencyKind = (typeof EMERGENCY_KINDS)[number];

/** pending_activation → active → pending_lift → lifted; a refused activation: rejected (a refused lift: active). */
export const EMERGENCY_STATUSES = ['pending_activation', 'active', 'pending_lift', 'lifted', 'rejected'] as const;
export type EmergencyStatus = (typeof EMERGENCY_STATUSES)[number];

/** The statuses in which a plan's effect holds. */
export const EFFECTIVE_STATUSES: readonly EmergencyStatus[] = ['active', 'pending_lift'];

export const EMERGENCY_MAX = { reason: 500, message: 500 } as const;

export const EMERGENCY_KIND_LABELS: Readonly<Record<EmergencyKind, Labels>> = {
  halt_trading: l('暂停产品交易', 'Halt trading'),
  freeze_withdrawals: l('冻结出金', 'Freeze withdrawals'),
  force_offline: l('全部客户强制下线', 'Force all clients offline'),
  banner: l('横幅公告', 'Banner'),
};

export const EMERGENCY_STATUS_LABELS: Readonly<Record<EmergencyStatus, Labels>> = {
  pending_activation: l('待复核启用', 'Awaiting activation check'),
  active: l('生效中', 'Active'),
  pending_lift: l('待复核解除', 'Awaiting lift check'),
  lifted: l('已解除', 'Lifted'),
  rejected: l('已拒绝', 'Rejected'),
};

export const emergencyPlan = defineEntity({
  name: 'emergency',
  resource: 'emergency',
  paths: {
    list: '/emergency/admin/v1/list',
    export: '/emergency/admin/v1/list/export',
    one: '/emergency/admin/v1/detail/{id}',
    create: '/emergency/admin/v1/create',
    lift: '/emergency/admin/v1/lift/{id}',
    active: '/emergency/admin/v1/active',
  },
  sort: { field: 'id', order: 'desc' },
  fields: [
    { name: 'id', kind: 'id', list: true, sort: true, label: l('编号', 'ID') },
    {
      name: 'kind',
      kind: 'enum',
      values: EMERGENCY_KINDS,
      valueLabels: EMERGENCY_KIND_LABELS,
      list: true,
      filter: 'eq',
      label: l('预案类型', 'Plan'),
    },
    {
      name: 'product',
      kind: 'enum',
      values: TRADE_PRODUCTS,
      valueLabels: PRODUCT_LABELS,
      nullable: true,
      list: true,
      label: l('产品', 'Product'),
    },
    {
      name: 'message_zh',
      kind: 'text',
      nullable: true,
      maxLength: EMERGENCY_MAX.message,
      list: true,
      label: l('公告（中文）', 'Banner (Chinese)'),
    },
    {
      name: 'message_en',
      kind: 'text',
      nullable: true,
      maxLength: EMERGENCY_MAX.message,
      detail: true,
      label: l('公告（英文）', 'Banner (English)'),
    },
    { name: 'reason', kind: 'text', maxLength: EMERGENCY_MAX.reason, list: true, label: l('原因', 'Reason') },
    {
      name: 'status',
      kind: 'enum',
      values: EMERGENCY_STATUSES,
      valueLabels: EMERGENCY_STATUS_LABELS,
      list: true,
      filter: 'eq',
      label: l('状态', 'Status'),
    },
    { name: 'maker_name', kind: 'text', nullable: true, list: true, label: l('发起人', 'Requested by') },
    { name: 'approval_id', kind: 'id', nullable: true, detail: true, label: l('待复核编号', 'Pending approval') },
    { name: 'created_at', kind: 'datetime', list: true, sort: true, label: l('发起时间', 'Requested') },
    { name: 'activated_at', kind: 'datetime', nullable: true, list: true, label: l('生效时间', 'Activated') },
    {
      name: 'lift_reason',
      kind: 'text',
      nullable: true,
      maxLength: EMERGENCY_MAX.reason,
      detail: true,
      label: l('解除原因', 'Lift reason'),
    },
    { name: 'lifted_at', kind: 'datetime', nullable: true, detail: true, label: l('解除时间', 'Lifted') },
  ],
});

/** A plan as the API answers it. */
export type EmergencyPlanRow = Row<typeof emergencyPlan>;

/** The body of a request to activate a plan. */
export interface EmergencyPlanCreate {
  kind: EmergencyKind;
  product?: TradeProduct | null;
  message_zh?: string | null;
  message_en?: string | null;
  reason: string;
}

/** An active plan as every signed-in staff member (and the client app) reads it. */
export interface ActiveEmergency {
  id: number;
  kind: EmergencyKind;
  product: TradeProduct | null;
  message_zh: string | null;
  message_en: string | null;
  activated_at: string | null;
}

/** A problem of a request: the field and its stable code (the console and the API say the same). */
export type EmergencyProblem = { field: 'product' | 'message_zh' | 'message_en' | 'reason'; code: 'required' };

const blank = (v: unknown) => typeof v !== 'string' || !v.trim();

/** The one rule of a request (both sides): a reason; halt_trading names a product; a banner both messages. */
export function emergencyProblems(v: Partial<Record<keyof EmergencyPlanCreate, unknown>>): EmergencyProblem[] {
  const out: EmergencyProblem[] = [];
  if (v.kind === 'halt_trading' && !TRADE_PRODUCTS.includes(v.product as TradeProduct))
    out.push({ field: 'product', code: 'required' });
  if (v.kind === 'banner') {
    if (blank(v.message_zh)) out.push({ field: 'message_zh', code: 'required' });
    if (blank(v.message_en)) out.push({ field: 'message_en', code: 'required' });
  }
  if (blank(v.reason)) out.push({ field: 'reason', code: 'required' });
  return out;
}
