/**
 * Trading permissions (spec section 2 "trading permissions", config group; administrators only: the
 * `tradingPermission` grant; paths are ours): rules saying whether clients may trade a product, at four levels:
 * - default: every client of the tenant;
 * - vip: the clients of one VIP level (client.vip);
 * - team: the clients of one team (the team leader's id: a client's team is his agent's team, i.e. the agent himself
 *   when he is a team leader, else the agent's leader);
 * - client: one client (also edited from the client drawer's trade-settings tab, by who may update that client).
 * The most specific rule wins: client > team > VIP level > default; with no rule at all, trading is allowed. On top,
 * a product closed in the trade configuration (domain/trade-config.ts) cannot be traded by anyone: `tradable` is
 * `product_enabled && allowed`. resolveTrading below is that rule; the API's effective answer uses it.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { defineEntity, type Row, changedByField, changedAtField } from './entity';
import { PRODUCT_LABELS, TRADE_PRODUCTS, type TradeProduct } from './trade-config';

/** Rule levels, most specific first (the order of precedence). */
export const PERMISSION_SCOPES = ['client', 'team', 'vip', 'default'] as const;
export type PermissionScope = (typeof PERMISSION_SCOPES)[number];

export const PERMISSION_MAX = { note: 200, vip: 99 } as const;

export const tradingPermission = defineEntity({
  name: 'trading_permission',
  resource: 'tradingPermission',
  parents: ['config'],
  paths: {
    list: '/trading_permission/admin/v1/list',
    export: '/trading_permission/admin/v1/list/export',
    create: '/trading_permission/admin/v1/create',
    update: '/trading_permission/admin/v1/{id}',
    delete: '/trading_permission/admin/v1/{id}',
    effective: '/trading_permission/admin/v1/effective/{id}',
    client: '/trading_permission/admin/v1/client/{id}',
  },
  sort: { field: 'id', order: 'desc' },
  fields: [
    { name: 'id', kind: 'id', list: true, sort: true, label: { 'zh-CN': '编号', 'en-US': 'ID' } },
    {
      name: 'scope',
      kind: 'enum',
      values: PERMISSION_SCOPES,
      list: true,
      filter: 'in',
      create: true,
      required: true,
      label: { 'zh-CN': '适用范围', 'en-US': 'Applies to' },
      valueLabels: {
        client: { 'zh-CN': '单个客户', 'en-US': 'One client' },
        team: { 'zh-CN': '团队', 'en-US': 'Team' },
        vip: { 'zh-CN': 'VIP 等级', 'en-US': 'VIP level' },
        default: { 'zh-CN': '默认', 'en-US': 'Default' },
      },
    },
    {
      name: 'subject_id',
      kind: 'integer',
      nullable: true,
      filter: 'eq',
      detail: true,
      // client: a client id in the caller's scope; team: a team leader's staff id; vip: the level 0-99; default: none
      create: true,
      requiredIf: { field: 'scope', values: ['client', 'team', 'vip'] },
      min: 0,
      max: Number.MAX_SAFE_INTEGER,
      label: { 'zh-CN': '对象编号', 'en-US': 'Subject ID' },
    },
    {
      name: 'subject_name',
      kind: 'text',
      nullable: true,
      list: true,
      label: { 'zh-CN': '适用对象', 'en-US': 'Subject' },
    },
    {
      name: 'product',
      kind: 'enum',
      values: TRADE_PRODUCTS,
      list: true,
      filter: 'in',
      create: true,
      required: true,
      // one rule per level, subject and product (a default rule's subject is stored as 0)
      unique: ['scope', 'subject_id'],
      label: { 'zh-CN': '产品', 'en-US': 'Product' },
      valueLabels: PRODUCT_LABELS,
    },
    {
      name: 'allowed',
      kind: 'boolean',
      list: true,
      filter: 'eq',
      create: true,
      edit: true,
      required: true,
      label: { 'zh-CN': '交易权限', 'en-US': 'Trading' },
      valueLabels: { true: { 'zh-CN': '允许', 'en-US': 'Allowed' }, false: { 'zh-CN': '禁止', 'en-US': 'Denied' } },
    },
    {
      name: 'note',
      kind: 'text',
      nullable: true,
      maxLength: PERMISSION_MAX.note,
      list: true,
      create: true,
      edit: true,
      label: { 'zh-CN': '备注', 'en-US': 'Note' },
    },
    changedByField,
    changedAtField,
  ],
});

/** A rule as answered. */
export type TradingPermissionRow = Row<typeof tradingPermission>;

/** The body of PUT client/{id}: the client's own rules as the drawer saves them, per product. */
export const clientRulesBody = {
  type: 'object',
  additionalProperties: false,
  propertyNames: { enum: ['rules'] },
  properties: {
    rules: {
      type: 'object',
      propertyNames: { enum: TRADE_PRODUCTS },
      additionalProperties: { type: ['boolean', 'null'], description: 'true allow, false deny, null: no own rule' },
      minProperties: 1,
    },
  },
  required: ['rules'],
} as const;
export type ClientPermissionsBody = FromSchema<typeof clientRulesBody>;

/** Where a client's answer for a product comes from: a rule's level, or `none` (no rule: allowed). */
export type PermissionSource = PermissionScope | 'none';

/** One product of a client's effective permissions. */
const effectiveProduct = {
  type: 'object',
  additionalProperties: false,
  properties: {
    product: { type: 'string', enum: TRADE_PRODUCTS },
    allowed: {
      type: 'boolean',
      description: 'What the rules say (client > team > VIP level > default; none: allowed)',
    },
    source: { type: 'string', enum: [...PERMISSION_SCOPES, 'none'], description: 'The deciding level' },
    rule_id: { type: ['integer', 'null'], description: 'The deciding rule (null with source none)' },
    own: { type: ['boolean', 'null'], description: "The client's own rule, if any (what the drawer edits)" },
    product_enabled: { type: 'boolean', description: 'Open in the trade configuration' },
    tradable: { type: 'boolean', description: 'The client may trade it: product_enabled && allowed' },
  },
  required: ['product', 'allowed', 'source', 'rule_id', 'own', 'product_enabled', 'tradable'],
} as const;
export type EffectiveProduct = FromSchema<typeof effectiveProduct>;

/** A client's effective permissions (GET effective/{id}, PUT client/{id}). */
export const effectivePermissionsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    client_id: { type: 'integer' },
    vip: { type: 'integer' },
    team_id: { type: ['integer', 'null'], description: "The client's team: its leader's staff id" },
    products: { type: 'array', items: effectiveProduct },
  },
  required: ['client_id', 'vip', 'team_id', 'products'],
} as const;
export type EffectivePermissions = FromSchema<typeof effectivePermissionsSchema>;

/** A rule as the resolution needs it. */
export interface RuleFacts {
  id: number;
  scope: PermissionScope;
  subject_id: number | null;
  product: string;
  allowed: boolean;
}

/**
 * A client's effective permission per product from the rules that may apply (any rules: those of other subjects
 * are ignored): the client's own rule, else his team's, else his VIP level's, else the default rule, else allowed.
 */
export function resolveTrading(
  rules: readonly RuleFacts[],
  who: { client_id: number; vip: number; team_id: number | null },
  productEnabled: (p: TradeProduct) => boolean,
): EffectiveProduct[] {
  const subjectOf: Record<PermissionScope, number | null> = {
    client: who.client_id,
    team: who.team_id,
    vip: who.vip,
    default: null,
  };
  return TRADE_PRODUCTS.map((product) => {
    const applies = (scope: PermissionScope) =>
      rules.find(
        (r) =>
          r.product === product &&
          r.scope === scope &&
          (scope === 'default' || (subjectOf[scope] !== null && r.subject_id === subjectOf[scope])),
      );
    const rule = PERMISSION_SCOPES.map(applies).find((r) => r !== undefined);
    const allowed = rule ? rule.allowed : true;
    const enabled = productEnabled(product);
    return {
      product,
      allowed,
      source: rule ? rule.scope : 'none',
      rule_id: rule ? rule.id : null,
      own: applies('client')?.allowed ?? null,
      product_enabled: enabled,
      tradable: enabled && allowed,
    };
  });
}

/** The problems of a new rule's fields: the subject required (and a whole number) except for default. */
export function tradingPermissionProblems(v: Record<string, unknown>) {
  const out: Partial<Record<'scope' | 'subject_id' | 'product' | 'note', 'required' | 'invalid' | 'too_long'>> = {};
  if (!(PERMISSION_SCOPES as readonly unknown[]).includes(v.scope)) out.scope = v.scope ? 'invalid' : 'required';
  if (!(TRADE_PRODUCTS as readonly unknown[]).includes(v.product)) out.product = v.product ? 'invalid' : 'required';
  const raw = v.subject_id;
  const subject = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : raw;
  if (v.scope !== 'default' && v.scope !== undefined) {
    if (subject === undefined || subject === null || subject === '') out.subject_id = 'required';
    else if (typeof subject !== 'number' || !Number.isSafeInteger(subject) || subject < 0) out.subject_id = 'invalid';
    else if (v.scope === 'vip' && subject > PERMISSION_MAX.vip) out.subject_id = 'invalid';
    else if (v.scope !== 'vip' && subject < 1) out.subject_id = 'invalid';
  }
  if (typeof v.note === 'string' && v.note.trim().length > PERMISSION_MAX.note) out.note = 'too_long';
  return out;
}
