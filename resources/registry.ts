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
import client from './client';
import compensation from './compensation';
import cryptoDeposit from './crypto_deposit';
import deposit from './deposit';
import kyc from './kyc';
import ipAccess from './ip_access';
import cryptoAddress from './crypto_address';
import tradeConfig from './trade_config';
import tradingPermission from './trading_permission';
import exchangeConfig from './exchange_config';
import currencyPair from './currency_pair';
import message from './message';
import service from './service';
import dataException from './data_exception';
import emergency from './emergency';
import auditLog from './audit_log';
import loan from './loan';
import settings from './settings';
import users from './users';
import withdrawal from './withdrawal';
import approval from './approval';
import { tradesEntries as trades } from './trades';
import { trxEntries as trx } from './trx';
import approvalPolicy from './approval_policy';
import ApprovalBadge from './approval/ApprovalBadge';
import type { MenuNode } from './types';
import { resourceChains } from './menu';
import { registerResourceChains } from '../authProvider/access';

/**
 * The whole menu tree of spec section 2, declared once. Routes, the side menu, page titles and the
 * i18n keys `menu.<name>` all come from here. Deployment hide lists are our design where the spec
 * only says "some are hidden" (documented in README, "Deployments"). Entries declared through the resource engine
 * (resources/<name>/index.ts) spread their declaration: name, permission key, lazy page and config.
 */
export const registry: MenuNode[] = [
  {
    name: 'dashboard',
    icon: DashboardIcon,
    title: { 'zh-CN': '首页', 'en-US': 'Dashboard' },
    page: () => import('../src/dashboard/DashboardPage'),
  },
  { ...kyc, icon: BadgeIcon, title: { 'zh-CN': '实名认证', 'en-US': 'KYC' } },
  { ...client, icon: PeopleIcon, title: { 'zh-CN': '客户管理', 'en-US': 'Clients' } },
  {
    name: 'funds',
    icon: AccountBalanceWalletIcon,
    title: { 'zh-CN': '资金管理', 'en-US': 'Funds' },
    children: [
      { ...deposit, title: { 'zh-CN': '充值记录', 'en-US': 'Deposit records' } },
      { ...withdrawal, title: { 'zh-CN': '提现记录', 'en-US': 'Withdrawal records' } },
      { ...loan, title: { 'zh-CN': '借贷记录', 'en-US': 'Loan records' } },
      { ...compensation, title: { 'zh-CN': '赠分记录', 'en-US': 'Bonus-point records' } },
      { ...cryptoDeposit, title: { 'zh-CN': '加密货币充值', 'en-US': 'Crypto deposits' } },
      { ...approval, badge: ApprovalBadge, title: { 'zh-CN': '待复核', 'en-US': 'Approvals' } },
    ],
  },
  {
    name: 'trades',
    icon: CandlestickChartIcon,
    title: { 'zh-CN': '产品交易', 'en-US': 'Trades' },
    children: [
      { ...trades.stock, title: { 'zh-CN': '涨停股票', 'en-US': 'Limit-up stocks' } },
      { ...trades.block, title: { 'zh-CN': '大宗交易', 'en-US': 'Block trades' }, hide: ['pl', 'es'] },
      { ...trades.ipo, title: { 'zh-CN': '新股申购', 'en-US': 'IPO' } },
      { ...trades.ipo_allocation, title: { 'zh-CN': '新股配售', 'en-US': 'IPO allocation' }, hide: ['pl', 'es'] },
      { ...trades.go_public, title: { 'zh-CN': '上市管理', 'en-US': 'Go public' }, hide: ['pl', 'es', 'kun'] },
      { ...trades.daily, title: { 'zh-CN': '日内交易', 'en-US': 'Daily trades' }, hide: ['tr', 'kun'] },
      { ...trades.ai, title: { 'zh-CN': 'AI 交易', 'en-US': 'AI trading' }, hide: ['tr'] },
      { ...trades.fund, title: { 'zh-CN': '基金', 'en-US': 'Funds products' } },
      { ...trades.quant, title: { 'zh-CN': '量化', 'en-US': 'Quant' }, hide: ['pl'] },
    ],
  },
  {
    name: 'trx',
    icon: ReceiptLongIcon,
    title: { 'zh-CN': '交易记录', 'en-US': 'Trade records' },
    children: [
      { ...trx.stock, title: { 'zh-CN': '股票记录', 'en-US': 'Stock records' } },
      { ...trx.block, title: { 'zh-CN': '大宗记录', 'en-US': 'Block records' }, hide: ['pl', 'es'] },
      { ...trx.ipo, title: { 'zh-CN': '新股记录', 'en-US': 'IPO records' } },
      { ...trx.daily, title: { 'zh-CN': '日内记录', 'en-US': 'Daily records' }, hide: ['kun'] },
      {
        ...trx.subscribe,
        title: { 'zh-CN': 'AI 订阅记录', 'en-US': 'AI subscriptions' },
        hide: ['pl', 'es', 'sun3'],
      },
      { ...trx.ai, title: { 'zh-CN': 'AI 记录', 'en-US': 'AI records' }, hide: ['sun3'] },
      { ...trx.fund, title: { 'zh-CN': '基金记录', 'en-US': 'Fund records' } },
      { ...trx.quant, title: { 'zh-CN': '量化记录', 'en-US': 'Quant records' }, hide: ['pl'] },
      {
        ...trx.sub_allocation,
        name: 'trx/sub_allocation',
        title: { 'zh-CN': '配售记录', 'en-US': 'Sub-allocations' },
        hide: ['pl', 'es', 'kun'],
      },
    ],
  },
  { ...users, icon: ManageAccountsIcon, title: { 'zh-CN': '系统用户', 'en-US': 'System users' } },
  { ...message, icon: MailIcon, title: { 'zh-CN': '站内信', 'en-US': 'Messages' } },
  { ...service, icon: SupportAgentIcon, title: { 'zh-CN': '客服配置', 'en-US': 'Customer service' } },
  {
    ...cryptoAddress,
    icon: CurrencyBitcoinIcon,
    title: { 'zh-CN': '收款地址', 'en-US': 'Crypto addresses' },
  },
  { ...emergency, icon: ReportProblemIcon, title: { 'zh-CN': '应急处理', 'en-US': 'Emergency' } },
  {
    ...dataException,
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
      { ...ipAccess, title: { 'zh-CN': 'IP 白名单', 'en-US': 'IP allow-list' } },
      { ...approvalPolicy, title: { 'zh-CN': '复核规则', 'en-US': 'Approval rules' } },
      { ...auditLog, title: { 'zh-CN': '审计日志', 'en-US': 'Audit log' } },
      { ...tradeConfig, title: { 'zh-CN': '交易配置', 'en-US': 'Trade configuration' } },
      { ...exchangeConfig, title: { 'zh-CN': '交易所与汇率', 'en-US': 'Exchanges and rates' } },
      {
        ...tradingPermission,
        title: { 'zh-CN': '交易权限', 'en-US': 'Trading permissions' },
      },
      { ...currencyPair, title: { 'zh-CN': '货币对', 'en-US': 'Currency pairs' } },
    ],
  },
];

// react-admin's access checks (authProvider.canAccess) follow the menu's resource chains.
registerResourceChains(resourceChains(registry));
