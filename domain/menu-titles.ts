/**
 * The title of every menu entry (resources/registry.ts, the menu tree: its node's `menu.<name>` and page title) in
 * both languages, by the entry's name. The API names an export's sheet after its list's entry (server/core/list
 * xlsx.ts listTitle), so a file and the page it came from say the same.
 */
import { l, type Labels, type Language } from './entity';

export const MENU_TITLES = {
  dashboard: l('首页', 'Dashboard'),
  kyc: l('实名认证', 'KYC'),
  client: l('客户管理', 'Clients'),
  funds: l('资金管理', 'Funds'),
  deposit: l('充值记录', 'Deposit records'),
  withdrawal: l('提现记录', 'Withdrawal records'),
  loan: l('借贷记录', 'Loan records'),
  compensation: l('赠分记录', 'Bonus-point records'),
  crypto_deposit: l('加密货币充值', 'Crypto deposits'),
  approval: l('复核队列', 'Approval queue'),
  trades: l('产品交易', 'Trades'),
  'trades/stock': l('涨停股票', 'Limit-up stocks'),
  'trades/block': l('大宗交易', 'Block trades'),
  'trades/ipo': l('新股申购', 'IPO'),
  'trades/ipo_allocation': l('新股配售', 'IPO allocation'),
  'trades/go_public': l('上市管理', 'Go public'),
  'trades/daily': l('日内交易', 'Daily trades'),
  'trades/ai': l('AI 交易', 'AI trading'),
  'trades/fund': l('基金', 'Funds products'),
  'trades/quant': l('量化', 'Quant'),
  trx: l('交易记录', 'Trade records'),
  'trx/stock': l('股票记录', 'Stock records'),
  'trx/block': l('大宗记录', 'Block records'),
  'trx/ipo': l('新股记录', 'IPO records'),
  'trx/daily': l('日内记录', 'Daily records'),
  'trx/subscribe': l('AI 订阅记录', 'AI subscriptions'),
  'trx/ai': l('AI 记录', 'AI records'),
  'trx/fund': l('基金记录', 'Fund records'),
  'trx/quant': l('量化记录', 'Quant records'),
  'trx/sub_allocation': l('配售记录', 'Sub-allocations'),
  users: l('系统用户', 'System users'),
  message: l('站内信', 'Messages'),
  service: l('客服配置', 'Customer service'),
  crypto_address: l('收款地址', 'Crypto addresses'),
  emergency: l('应急处理', 'Emergency'),
  data_exception: l('数据异常', 'Data exceptions'),
  config: l('系统配置', 'Configuration'),
  'settings/app': l('应用配置', 'App settings'),
  permission: l('权限管理', 'Permissions'),
  ip_access: l('IP 白名单', 'IP allow-list'),
  approval_policy: l('复核规则', 'Approval rules'),
  audit_log: l('审计日志', 'Audit log'),
  trade_config: l('交易配置', 'Trade configuration'),
  exchange_config: l('交易所与汇率', 'Exchanges and rates'),
  trading_permission: l('交易权限', 'Trading permissions'),
} as const satisfies Record<string, Labels>;

/**
 * The title of a list in `lang`: its menu entry's (by the list's name, the definition's: `deposit`, `trx/stock`), else
 * `own` (a definition's own title: a declared entity's, a tab's), else null.
 */
export function listTitle(name: string, lang: Language, own?: Labels): string | null {
  const title = (MENU_TITLES as Record<string, Labels>)[name] ?? own;
  return title ? title[lang] : null;
}
