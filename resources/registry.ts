import DashboardIcon from '@mui/icons-material/Dashboard';
import BadgeIcon from '@mui/icons-material/Badge';
import PeopleIcon from '@mui/icons-material/People';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import CandlestickChartIcon from '@mui/icons-material/CandlestickChart';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MailIcon from '@mui/icons-material/Mail';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import CurrencyBitcoinIcon from '@mui/icons-material/CurrencyBitcoin';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import RuleIcon from '@mui/icons-material/Rule';
import SettingsIcon from '@mui/icons-material/Settings';
import ApprovalBadge from './approval/ApprovalBadge';
import { declared } from './engine/define';
import settings from './settings';
import type { MenuNode } from './types';
import { resourceChains } from './menu';
import type { ResourceChains } from '../authProvider/access';
import { ordersName, TRADES_PAGES } from './trades/entries';

/** A trades page's node: every trades page's declaration is one module (trades/pages.ts), loaded with the first. */
const trade = (entry: string, resource?: string) =>
  declared(`trades/${entry}`, () => import('./trades').then((m) => ({ default: m.tradesEntries[entry]! })), resource);
/** A trade records page's node (trx/index.ts declares them all). */
const records = (entry: string) =>
  declared(`trx/${entry}`, () => import('./trx').then((m) => ({ default: m.trxEntries[entry]! })));

/**
 * The whole menu tree of spec section 2, declared once. Routes, the side menu, page titles and the
 * i18n keys `menu.<name>` all come from here. Deployment hide lists are our design where the spec
 * only says "some are hidden" (documented in README, "Deployments"). Entries declared through the resource engine
 * (resources/<name>/index.ts) spread `declared(...)`: name and permission key as plain data, the declaration (fields,
 * actions, icons, views) loaded with the page, so the menu, titles and access checks load none of it.
 */
export const registry: MenuNode[] = [
  {
    name: 'dashboard',
    icon: DashboardIcon,
    title: { 'zh-CN': '首页', 'en-US': 'Dashboard' },
    page: () => import('../src/dashboard/DashboardPage'),
  },
  {
    ...declared('kyc', () => import('./kyc')),
    icon: BadgeIcon,
    title: { 'zh-CN': '实名认证', 'en-US': 'KYC' },
  },
  {
    ...declared('client', () => import('./client')),
    icon: PeopleIcon,
    title: { 'zh-CN': '客户管理', 'en-US': 'Clients' },
  },
  {
    name: 'funds',
    icon: AccountBalanceWalletIcon,
    title: { 'zh-CN': '资金管理', 'en-US': 'Funds' },
    children: [
      {
        ...declared('deposit', () => import('./deposit')),
        title: { 'zh-CN': '充值记录', 'en-US': 'Deposit records' },
      },
      {
        ...declared('withdrawal', () => import('./withdrawal')),
        title: { 'zh-CN': '提现记录', 'en-US': 'Withdrawal records' },
      },
      {
        ...declared('loan', () => import('./loan')),
        title: { 'zh-CN': '借贷记录', 'en-US': 'Loan records' },
      },
      {
        ...declared('compensation', () => import('./compensation')),
        title: { 'zh-CN': '赠分记录', 'en-US': 'Bonus-point records' },
      },
      {
        ...declared('crypto_deposit', () => import('./crypto_deposit')),
        title: { 'zh-CN': '加密货币充值', 'en-US': 'Crypto deposits' },
      },
      {
        ...declared('approval', () => import('./approval')),
        badge: ApprovalBadge,
        title: { 'zh-CN': '复核队列', 'en-US': 'Approval queue' },
      },
    ],
  },
  {
    name: 'trades',
    icon: CandlestickChartIcon,
    title: { 'zh-CN': '产品交易', 'en-US': 'Trades' },
    children: [
      { ...trade('stock', 'fo'), title: { 'zh-CN': '涨停股票', 'en-US': 'Limit-up stocks' } },
      { ...trade('block'), title: { 'zh-CN': '大宗交易', 'en-US': 'Block trades' }, hide: ['pl', 'es'] },
      { ...trade('ipo'), title: { 'zh-CN': '新股申购', 'en-US': 'IPO' } },
      { ...trade('ipo_allocation'), title: { 'zh-CN': '新股配售', 'en-US': 'IPO allocation' }, hide: ['pl', 'es'] },
      { ...trade('go_public'), title: { 'zh-CN': '上市管理', 'en-US': 'Go public' }, hide: ['pl', 'es', 'kun'] },
      { ...trade('daily'), title: { 'zh-CN': '日内交易', 'en-US': 'Daily trades' }, hide: ['tr', 'kun'] },
      { ...trade('ai'), title: { 'zh-CN': 'AI 交易', 'en-US': 'AI trading' }, hide: ['tr'] },
      { ...trade('fund'), title: { 'zh-CN': '基金', 'en-US': 'Funds products' } },
      { ...trade('quant'), title: { 'zh-CN': '量化', 'en-US': 'Quant' }, hide: ['pl'] },
    ],
  },
  {
    name: 'trx',
    icon: ReceiptLongIcon,
    title: { 'zh-CN': '交易记录', 'en-US': 'Trade records' },
    children: [
      { ...records('stock'), title: { 'zh-CN': '股票记录', 'en-US': 'Stock records' } },
      { ...records('block'), title: { 'zh-CN': '大宗记录', 'en-US': 'Block records' }, hide: ['pl', 'es'] },
      { ...records('ipo'), title: { 'zh-CN': '新股记录', 'en-US': 'IPO records' } },
      { ...records('daily'), title: { 'zh-CN': '日内记录', 'en-US': 'Daily records' }, hide: ['kun'] },
      {
        ...records('subscribe'),
        title: { 'zh-CN': 'AI 订阅记录', 'en-US': 'AI subscriptions' },
        hide: ['pl', 'es', 'sun3'],
      },
      { ...records('ai'), title: { 'zh-CN': 'AI 记录', 'en-US': 'AI records' }, hide: ['sun3'] },
      { ...records('fund'), title: { 'zh-CN': '基金记录', 'en-US': 'Fund records' } },
      { ...records('quant'), title: { 'zh-CN': '量化记录', 'en-US': 'Quant records' }, hide: ['pl'] },
      {
        ...records('sub_allocation'),
        title: { 'zh-CN': '配售记录', 'en-US': 'Sub-allocations' },
        hide: ['pl', 'es', 'kun'],
      },
    ],
  },
  {
    ...declared('users', () => import('./users')),
    icon: ManageAccountsIcon,
    title: { 'zh-CN': '系统用户', 'en-US': 'System users' },
  },
  {
    ...declared('message', () => import('./message')),
    icon: MailIcon,
    title: { 'zh-CN': '站内信', 'en-US': 'Messages' },
  },
  {
    ...declared('service', () => import('./service')),
    icon: SupportAgentIcon,
    title: { 'zh-CN': '客服配置', 'en-US': 'Customer service' },
  },
  {
    ...declared('crypto_address', () => import('./crypto_address'), 'cryptoAddress'),
    icon: CurrencyBitcoinIcon,
    title: { 'zh-CN': '收款地址', 'en-US': 'Crypto addresses' },
  },
  {
    ...declared('emergency', () => import('./emergency')),
    icon: ReportProblemIcon,
    title: { 'zh-CN': '应急处理', 'en-US': 'Emergency' },
  },
  {
    ...declared('data_exception', () => import('./data_exception'), 'dataException'),
    icon: RuleIcon,
    title: { 'zh-CN': '数据异常', 'en-US': 'Data exceptions' },
  },
  {
    name: 'config',
    icon: SettingsIcon,
    title: { 'zh-CN': '系统配置', 'en-US': 'Configuration' },
    children: [
      { ...settings, title: { 'zh-CN': '应用配置', 'en-US': 'App settings' } },
      {
        name: 'permission',
        title: { 'zh-CN': '权限管理', 'en-US': 'Permissions' },
        page: () => import('./permission/PermissionPage'),
      },
      {
        ...declared('ip_access', () => import('./ip_access'), 'ipAccess'),
        title: { 'zh-CN': 'IP 白名单', 'en-US': 'IP allow-list' },
      },
      {
        ...declared('approval_policy', () => import('./approval_policy')),
        title: { 'zh-CN': '复核规则', 'en-US': 'Approval rules' },
      },
      {
        ...declared('audit_log', () => import('./audit_log'), 'auditLog'),
        title: { 'zh-CN': '审计日志', 'en-US': 'Audit log' },
      },
      {
        ...declared('trade_config', () => import('./trade_config'), 'tradeConfig'),
        title: { 'zh-CN': '交易配置', 'en-US': 'Trade configuration' },
      },
      {
        ...declared('exchange_config', () => import('./exchange_config'), 'exchangeConfig'),
        title: { 'zh-CN': '交易所与汇率', 'en-US': 'Exchanges and rates' },
      },
      {
        ...declared('trading_permission', () => import('./trading_permission'), 'tradingPermission'),
        title: { 'zh-CN': '交易权限', 'en-US': 'Trading permissions' },
      },
      {
        ...declared('currency_pair', () => import('./currency_pair'), 'currencyPair'),
        title: { 'zh-CN': '货币对', 'en-US': 'Currency pairs' },
      },
    ],
  },
];

/**
 * react-admin resources that are a page's second list, not a menu leaf, with their permission chains: the message
 * page's templates tab (resources/message/templates.ts) and each trades page's orders (resources/trades/pages.ts).
 */
const TAB_CHAINS: [string, string[]][] = [
  ['message_template', ['message']],
  ...TRADES_PAGES.filter((p) => !p.stage).map((p): [string, string[]] => [ordersName(`trades/${p.entry}`), ['trades']]),
];

/**
 * The permission chain of every react-admin resource of the console (the menu's leaves along the menu, and the tabs
 * above), given to createAuthProvider: react-admin's access checks (authProvider.canAccess) follow them.
 */
export const registryChains: ResourceChains = new Map([...resourceChains(registry), ...TAB_CHAINS]);
