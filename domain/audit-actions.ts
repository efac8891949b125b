/**
 * The audit trail's vocabulary, declared once for both sides: every action the API writes (server/core/audit.ts
 * writeAudit, through write(), req.audit and the refusal hook) with its label in zh-CN and en-US, the groups (an
 * action's first word; the audit log filters by prefix, so a group picks all of its actions), and how an action
 * nobody listed by hand is labelled:
 *
 * - `<entity>.create|update|delete` of an entity in AUDIT_ENTITIES (a generic write path's actions): the verb's
 *   label with the entity's own noun ("新增货币对", "Currency pair added"); a hand entry in AUDIT_ACTIONS wins.
 * - `trading.<kind>.product.<action>` and `trading.<kind>.order.<action>`: every action the trading routes register,
 *   from the same domain rules (domain/trading.ts), labelled with the kind's label (PRODUCT_LABELS) and the verb.
 *
 * Checked: tests/server/audit-vocabulary.test.ts finds every action literal and template the server passes to its
 * audit writers and fails when one is not here; under the test runner writeAudit refuses an action that is not
 * (so a path that builds its action at run time, such as a generic write route, fails its own tests); the console's
 * audit log (resources/audit_log) labels and filters exactly this list.
 */
import type { Labels, Language } from './entity';
import { DECLARED_ENTITIES } from './entities';
import { messageTemplate } from './message';
import { PRODUCT_LABELS, TRADE_PRODUCTS, type TradeProduct } from './trade-config';
import {
  ORDER_ROUTE_ACTIONS,
  PRODUCT_ROUTE_ACTIONS,
  PRODUCT_STATUSES,
  orderRouteActionExists,
  productActionAllowed,
  type OrderRouteAction,
} from './trading';

const both = (zh: string, en: string): Labels => ({ 'zh-CN': zh, 'en-US': en });

/** The actions labelled by hand (what no rule below derives, or says better than it). */
export const AUDIT_ACTIONS: Readonly<Record<string, Labels>> = {
  'auth.login': { 'zh-CN': '登录', 'en-US': 'Sign-in' },
  'auth.logout': { 'zh-CN': '退出登录', 'en-US': 'Sign-out' },
  'auth.refresh': { 'zh-CN': '刷新令牌', 'en-US': 'Token refresh' },
  'auth.refresh_reuse': { 'zh-CN': '刷新令牌被重复使用', 'en-US': 'Refresh token reused' },
  'auth.mfa_verify': { 'zh-CN': '二次验证', 'en-US': 'Second factor' },
  'auth.lockout': { 'zh-CN': '账户锁定', 'en-US': 'Account locked' },
  'auth.locked': { 'zh-CN': '锁定期间的请求', 'en-US': 'Request while locked' },
  'access.denied': { 'zh-CN': '拒绝访问', 'en-US': 'Access denied' },
  'access.unauthorized': { 'zh-CN': '未登录或令牌无效', 'en-US': 'Not signed in or invalid token' },
  'access.not_found': { 'zh-CN': '记录不存在或不在权限范围内', 'en-US': 'Record not found or out of scope' },
  'access.rate_limited': { 'zh-CN': '请求过于频繁', 'en-US': 'Too many requests' },
  'audit.suppressed': { 'zh-CN': '未逐条记录的拒绝请求', 'en-US': 'Refusals not recorded one by one' },
  'list.export': { 'zh-CN': '导出', 'en-US': 'Export' },
  'user.create': { 'zh-CN': '新增员工', 'en-US': 'Add staff member' },
  'user.update': { 'zh-CN': '修改员工', 'en-US': 'Edit staff member' },
  'user.enable': { 'zh-CN': '启用员工', 'en-US': 'Enable staff member' },
  'user.disable': { 'zh-CN': '停用员工', 'en-US': 'Disable staff member' },
  'user.delete': { 'zh-CN': '删除员工', 'en-US': 'Delete staff member' },
  'user.invitation_code': { 'zh-CN': '更新邀请码', 'en-US': 'Update invitation code' },
  'user.mfa_close': { 'zh-CN': '关闭员工的身份验证器', 'en-US': "Turn off a staff member's authenticator" },
  'user.change_password': { 'zh-CN': '修改密码', 'en-US': 'Change password' },
  'user.mfa_bind_start': { 'zh-CN': '开始绑定身份验证器', 'en-US': 'Start binding authenticator' },
  'user.mfa_enable': { 'zh-CN': '启用身份验证器', 'en-US': 'Enable authenticator' },
  'user.mfa_disable': { 'zh-CN': '关闭身份验证器', 'en-US': 'Disable authenticator' },
  'user.mfa_recovery_codes': { 'zh-CN': '生成恢复码', 'en-US': 'New recovery codes' },
  'client.create': { 'zh-CN': '创建机器人客户', 'en-US': 'Create robot client' },
  'client.status': { 'zh-CN': '启用/停用客户', 'en-US': 'Enable/disable client' },
  'client.fake': { 'zh-CN': '设置真实/机器人', 'en-US': 'Set real/robot' },
  'client.offline': { 'zh-CN': '强制下线', 'en-US': 'Force offline' },
  'client.reset_password': { 'zh-CN': '重置客户密码', 'en-US': 'Reset client password' },
  'client.reset_code': { 'zh-CN': '生成临时验证码', 'en-US': 'Temporary code' },
  'client.change_agent': { 'zh-CN': '更换代理', 'en-US': 'Change agent' },
  'client.trade_settings': { 'zh-CN': '修改交易设置', 'en-US': 'Trade settings' },
  'client.exchange': { 'zh-CN': '货币兑换', 'en-US': 'Currency exchange' },
  'kyc.fill': { 'zh-CN': '代填实名信息', 'en-US': 'Fill in KYC' },
  'kyc.approve': { 'zh-CN': '实名认证通过', 'en-US': 'KYC approved' },
  'kyc.reject': { 'zh-CN': '实名认证驳回', 'en-US': 'KYC rejected' },
  'kyc.update': { 'zh-CN': '修改实名信息', 'en-US': 'Edit KYC' },
  'deposit.specialized': { 'zh-CN': '提交充值', 'en-US': 'Deposit recorded' },
  'deposit.approve': { 'zh-CN': '充值审核通过', 'en-US': 'Deposit approved' },
  'deposit.reject': { 'zh-CN': '充值审核驳回', 'en-US': 'Deposit rejected' },
  'deposit.rollback': { 'zh-CN': '充值回滚', 'en-US': 'Deposit rolled back' },
  'withdraw.approve': { 'zh-CN': '提现审核通过', 'en-US': 'Withdrawal approved' },
  'withdraw.reject': { 'zh-CN': '提现审核驳回', 'en-US': 'Withdrawal rejected' },
  'withdraw.rollback': { 'zh-CN': '提现回滚', 'en-US': 'Withdrawal rolled back' },
  'overdrawn.compensation': { 'zh-CN': '赠分', 'en-US': 'Bonus points' },
  'overdrawn.bonus': { 'zh-CN': '奖励', 'en-US': 'Bonus' },
  'overdrawn.approve': { 'zh-CN': '赠分审核通过', 'en-US': 'Bonus points approved' },
  'overdrawn.reject': { 'zh-CN': '赠分审核驳回', 'en-US': 'Bonus points rejected' },
  'overdrawn.rollback': { 'zh-CN': '赠分回滚', 'en-US': 'Bonus points rolled back' },
  'loan.pay_fine': { 'zh-CN': '还款', 'en-US': 'Loan repayment' },
  'loan.approve': { 'zh-CN': '借贷审核通过', 'en-US': 'Loan approved' },
  'loan.reject': { 'zh-CN': '借贷审核驳回', 'en-US': 'Loan rejected' },
  'loan.rollback': { 'zh-CN': '借贷回滚', 'en-US': 'Loan rolled back' },
  'setting.app.update': { 'zh-CN': '修改应用配置', 'en-US': 'App settings changed' },
  'setting.company.update': { 'zh-CN': '修改公司信息', 'en-US': 'Company info changed' },
  'setting.product.update': { 'zh-CN': '修改产品展示', 'en-US': 'Product display changed' },
  'setting.locale.update': { 'zh-CN': '修改时区', 'en-US': 'Time zone changed' },
  'approval.approve': { 'zh-CN': '复核通过', 'en-US': 'Approval granted' },
  'approval.reject': { 'zh-CN': '复核驳回', 'en-US': 'Approval refused' },
  'approval.policy': { 'zh-CN': '修改复核规则', 'en-US': 'Approval rules changed' },
  'ip_access.create': { 'zh-CN': '添加 IP 白名单', 'en-US': 'IP allow-list entry added' },
  'ip_access.update': { 'zh-CN': '修改 IP 白名单备注', 'en-US': 'IP allow-list note changed' },
  'ip_access.delete': { 'zh-CN': '删除 IP 白名单', 'en-US': 'IP allow-list entry deleted' },
  'ip_access.enable': { 'zh-CN': '开启 IP 白名单', 'en-US': 'IP allow-list on' },
  'ip_access.disable': { 'zh-CN': '关闭 IP 白名单', 'en-US': 'IP allow-list off' },
  'file.presign': { 'zh-CN': '申请上传地址', 'en-US': 'Upload URL requested' },
  'file.upload': { 'zh-CN': '上传文件', 'en-US': 'File uploaded' },
  'crypto_address.activate': both('启用收款地址', 'Crypto address activated'),
  'crypto_address.deactivate': both('停用收款地址', 'Crypto address deactivated'),
  'data_exception.assign': both('指派数据异常', 'Data exception assigned'),
  'data_exception.resolve': both('处理数据异常', 'Data exception resolved'),
  'data_exception.config': both('修改数据异常阈值', 'Data exception threshold changed'),
  'data_exception.run': both('运行数据检查', 'Data checks started'),
  'data_exception.run_done': both('数据检查完成', 'Data checks finished'),
  'emergency.request': both('申请启用应急预案', 'Emergency plan requested'),
  'emergency.lift_request': both('申请解除应急预案', 'Emergency plan lift requested'),
  'emergency.order.modify': both('应急修改订单', 'Order corrected (emergency)'),
  'exchange_config.rate': both('修改汇率', 'Exchange rate changed'),
  'message.create': both('发送站内信', 'Message composed'),
  'message.cancel': both('撤回站内信', 'Message cancelled'),
  'message.deliver': both('站内信送达', 'Message delivered'),
  'permission.narrow': both('修改角色权限', 'Role permissions narrowed'),
  'service.default.update': both('修改默认客服配置', 'Default customer service changed'),
  'service.team.update': both('修改团队客服配置', 'Team customer service changed'),
  'service.team.delete': both('删除团队客服配置', 'Team customer service removed'),
  'trade_config.product': both('修改产品交易配置', 'Product trade settings changed'),
  'trade_config.global.create': both('新增全局配置', 'Global setting added'),
  'trade_config.global.update': both('修改全局配置', 'Global setting changed'),
  'trade_config.global.delete': both('删除全局配置', 'Global setting deleted'),
  'trading.ipo.allocate': both('新股配售', 'IPO allocated'),
  'trading_permission.client': both('修改客户交易权限', "Client's trading rules changed"),
};

/**
 * The entities whose `<name>.create`, `<name>.update` and `<name>.delete` are labelled from their noun (a generic
 * write path's actions): every declared entity (domain/entities.ts) with its definition's noun, and those listed here.
 */
export const AUDIT_ENTITIES: Readonly<Record<string, Labels>> = {
  ...Object.fromEntries(DECLARED_ENTITIES.map((d) => [d.name, d.noun])),
  crypto_address: both('收款地址', 'Crypto address'),
  exchange_config: both('交易所', 'Exchange'),
  ip_access: both('IP 白名单', 'IP allow-list entry'),
  // a page's second list on the generated writes: its definition's noun
  [messageTemplate.name]: messageTemplate.noun,
  trading_permission: both('交易权限规则', 'Trading rule'),
  user: both('员工', 'Staff member'),
};

/** The verbs of an entity's generic writes; `%{entity}` is the entity's noun. */
export const ENTITY_VERBS = {
  create: both('新增%{entity}', '%{entity} added'),
  update: both('修改%{entity}', '%{entity} changed'),
  delete: both('删除%{entity}', '%{entity} deleted'),
} as const satisfies Record<string, Labels>;
export type EntityVerb = keyof typeof ENTITY_VERBS;

/** A generic write's action: `<entity>.<verb>`. */
export const entityAction = (entity: string, verb: EntityVerb): string => `${entity}.${verb}`;

/** The trading routes' verbs (product and order actions, domain/trading.ts). */
const TRADING_VERBS: Readonly<Record<string, Labels>> = {
  'product.create': both('新增产品', 'product added'),
  'product.update': both('修改产品', 'product changed'),
  'product.enable': both('启用产品', 'product enabled'),
  'product.disable': both('停用产品', 'product disabled'),
  'product.lock': both('截止申购', 'subscription closed'),
  'product.go_public': both('上市', 'listed'),
  'order.place': both('下单', 'order placed'),
  'order.approve': both('订单审核通过', 'order approved'),
  'order.reject': both('订单审核驳回', 'order rejected'),
  'order.sell': both('卖出', 'order sold'),
  'order.close': both('平仓', 'order closed'),
  'order.settle': both('结算', 'order settled'),
  'order.redeem': both('赎回', 'order redeemed'),
  'order.overdue': both('标记逾期', 'order marked overdue'),
  'order.pay': both('补缴', 'order paid'),
};

/** Every `trading.<kind>.<...>` action the trading routes register (server/modules/trading/routes.ts). */
function tradingActions(): [string, Labels][] {
  const of = (kind: TradeProduct, verb: string): [string, Labels] => {
    const k = PRODUCT_LABELS[kind];
    const v = TRADING_VERBS[verb]!;
    return [`trading.${kind}.${verb}`, both(`${k['zh-CN']}：${v['zh-CN']}`, `${k['en-US']}: ${v['en-US']}`)];
  };
  return TRADE_PRODUCTS.flatMap((kind) => [
    of(kind, 'product.create'),
    of(kind, 'product.update'),
    ...PRODUCT_ROUTE_ACTIONS.filter((a) => PRODUCT_STATUSES.some((s) => productActionAllowed(kind, s, a))).map((a) =>
      of(kind, `product.${a}`),
    ),
    of(kind, 'order.place'),
    ...(Object.keys(ORDER_ROUTE_ACTIONS) as OrderRouteAction[])
      .filter((a) => orderRouteActionExists(kind, a))
      .map((a) => of(kind, `order.${a}`)),
  ]);
}

/** The entities' generic actions. */
const entityActions = (): [string, Labels][] =>
  Object.entries(AUDIT_ENTITIES).flatMap(([entity, noun]) =>
    (Object.keys(ENTITY_VERBS) as EntityVerb[]).map((verb): [string, Labels] => [
      entityAction(entity, verb),
      both(
        ENTITY_VERBS[verb]['zh-CN'].replace('%{entity}', noun['zh-CN']),
        ENTITY_VERBS[verb]['en-US'].replace('%{entity}', noun['en-US']),
      ),
    ]),
  );

/** Every action the API writes with its labels: the hand ones, then the derived ones a hand one does not name. */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, Labels>> = {
  ...AUDIT_ACTIONS,
  ...Object.fromEntries([...entityActions(), ...tradingActions()].filter(([a]) => !Object.hasOwn(AUDIT_ACTIONS, a))),
};

/** The action names, in the order above. */
export const AUDIT_ACTION_NAMES: readonly string[] = Object.keys(AUDIT_ACTION_LABELS);

/** Whether the vocabulary has `action`. */
export const isAuditAction = (action: string): boolean => Object.hasOwn(AUDIT_ACTION_LABELS, action);

/** An action's group: its first word. */
export const actionGroup = (action: string): string => action.split('.')[0]!;

/** The groups' labels where an entity's noun does not say it ("(all)" is added). */
const GROUPS: Readonly<Record<string, Labels>> = {
  auth: both('登录与会话', 'Sign-in and sessions'),
  access: both('拒绝的请求', 'Refused requests'),
  list: both('导出', 'Exports'),
  user: both('员工', 'Staff'),
  client: both('客户', 'Clients'),
  kyc: both('实名认证', 'KYC'),
  deposit: both('充值', 'Deposits'),
  withdraw: both('提现', 'Withdrawals'),
  overdrawn: both('赠分与奖励', 'Bonus points and bonuses'),
  loan: both('借贷', 'Loans'),
  setting: both('应用配置', 'App settings'),
  ip_access: both('IP 白名单', 'IP allow-list'),
  approval: both('复核', 'Approvals'),
  file: both('文件', 'Files'),
  audit: both('审计', 'Audit'),
  trading: both('交易', 'Trading'),
  trade_config: both('交易配置', 'Trade configuration'),
  exchange_config: both('交易所与汇率', 'Exchanges and rates'),
  data_exception: both('数据异常', 'Data exceptions'),
  emergency: both('应急处理', 'Emergency'),
  message: both('站内信', 'Messages'),
  service: both('客服配置', 'Customer service'),
  permission: both('权限管理', 'Permissions'),
};

/** Every group with its label ("…（全部）", "… (all)"; undefined for a group nobody named: the tests fail). */
export const AUDIT_ACTION_GROUPS: Readonly<Record<string, Labels | undefined>> = Object.fromEntries(
  [...new Set(AUDIT_ACTION_NAMES.map(actionGroup))].map((g) => {
    const base = GROUPS[g] ?? AUDIT_ENTITIES[g];
    return [g, base && both(`${base['zh-CN']}（全部）`, `${base['en-US']} (all)`)];
  }),
);

/** An action's label in `lang`; an action not in the vocabulary is shown as written. */
export const auditActionLabel = (action: string, lang: Language): string =>
  AUDIT_ACTION_LABELS[action]?.[lang] ?? action;
