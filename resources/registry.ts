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
import { declared, defineResource, type ResourceEntry } from './engine/define';
import { DECLARED_ENTITIES, type DeclaredEntity } from '../domain/entities';
import { MENU_TITLES } from '../domain/menu-titles';
import { pendingBadge } from '../src/live/PendingBadge';
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

/** The declared entities' own declarations (`resources/<name>/index.ts`), where one has one. */
const OWN_PAGES = import.meta.glob<{ default: ResourceEntry }>('./*/index.ts');

/**
 * A declared entity's node (domain/entities.ts): name, permission key and title from its definition; its page from
 * `resources/<name>/index.ts`, else the definition's entityResource.
 */
const entityNode = (def: DeclaredEntity): MenuNode => ({
  ...declared(
    def.name,
    OWN_PAGES[`./${def.name}/index.ts`] ??
      (() => import('./engine/entityResource').then((m) => ({ default: defineResource(m.entityResource(def)) }))),
    def.resource,
  ),
  title: def.title,
});
/** The nodes of the declared entities whose first menu parent is `parent` (none: the top), in their list's order. */
const entityNodes = (parent?: string): MenuNode[] =>
  DECLARED_ENTITIES.filter((d) => d.parents?.[0] === parent).map(entityNode);
/** The tree with each declared entity's node last in its group (or at the top). */
const withEntities = (nodes: MenuNode[]): MenuNode[] => [
  ...nodes.map((n) => (n.children ? { ...n, children: [...n.children, ...entityNodes(n.name)] } : n)),
  ...entityNodes(),
];

/**
 * The whole menu tree of spec section 2, declared once. Routes, the side menu, page titles and the
 * i18n keys `menu.<name>` all come from here. Deployment hide lists are our design where the spec
 * only says "some are hidden" (documented in README, "Deployments"). Entries declared through the resource engine
 * (resources/<name>/index.ts) spread `declared(...)`: name and permission key as plain data, the declaration (fields,
 * actions, icons, views) loaded with the page, so the menu, titles and access checks load none of it.
 */
export const registry: MenuNode[] = withEntities([
  {
    name: 'dashboard',
    icon: DashboardIcon,
    title: MENU_TITLES.dashboard,
    page: () => import('../src/dashboard/DashboardPage'),
  },
  {
    ...declared('kyc', () => import('./kyc')),
    icon: BadgeIcon,
    title: MENU_TITLES.kyc,
  },
  {
    ...declared('client', () => import('./client')),
    icon: PeopleIcon,
    title: MENU_TITLES.client,
  },
  {
    name: 'funds',
    icon: AccountBalanceWalletIcon,
    title: MENU_TITLES.funds,
    children: [
      {
        ...declared('deposit', () => import('./deposit')),
        badge: pendingBadge('deposit'),
        title: MENU_TITLES.deposit,
      },
      {
        ...declared('withdrawal', () => import('./withdrawal')),
        badge: pendingBadge('withdrawal'),
        title: MENU_TITLES.withdrawal,
      },
      {
        ...declared('loan', () => import('./loan')),
        title: MENU_TITLES.loan,
      },
      {
        ...declared('compensation', () => import('./compensation')),
        title: MENU_TITLES.compensation,
      },
      {
        ...declared('crypto_deposit', () => import('./crypto_deposit')),
        badge: pendingBadge('crypto_deposit'),
        title: MENU_TITLES.crypto_deposit,
      },
      {
        ...declared('approval', () => import('./approval')),
        badge: ApprovalBadge,
        title: MENU_TITLES.approval,
      },
    ],
  },
  {
    name: 'trades',
    icon: CandlestickChartIcon,
    title: MENU_TITLES.trades,
    children: [
      { ...trade('stock', 'fo'), title: MENU_TITLES['trades/stock'] },
      { ...trade('block'), title: MENU_TITLES['trades/block'], hide: ['pl', 'es'] },
      { ...trade('ipo'), title: MENU_TITLES['trades/ipo'] },
      { ...trade('ipo_allocation'), title: MENU_TITLES['trades/ipo_allocation'], hide: ['pl', 'es'] },
      { ...trade('go_public'), title: MENU_TITLES['trades/go_public'], hide: ['pl', 'es', 'kun'] },
      { ...trade('daily'), title: MENU_TITLES['trades/daily'], hide: ['tr', 'kun'] },
      { ...trade('ai'), title: MENU_TITLES['trades/ai'], hide: ['tr'] },
      { ...trade('fund'), title: MENU_TITLES['trades/fund'] },
      { ...trade('quant'), title: MENU_TITLES['trades/quant'], hide: ['pl'] },
    ],
  },
  {
    name: 'trx',
    icon: ReceiptLongIcon,
    title: MENU_TITLES.trx,
    children: [
      { ...records('stock'), title: MENU_TITLES['trx/stock'] },
      { ...records('block'), title: MENU_TITLES['trx/block'], hide: ['pl', 'es'] },
      { ...records('ipo'), title: MENU_TITLES['trx/ipo'] },
      { ...records('daily'), title: MENU_TITLES['trx/daily'], hide: ['kun'] },
      {
        ...records('subscribe'),
        title: MENU_TITLES['trx/subscribe'],
        hide: ['pl', 'es', 'sun3'],
      },
      { ...records('ai'), title: MENU_TITLES['trx/ai'], hide: ['sun3'] },
      { ...records('fund'), title: MENU_TITLES['trx/fund'] },
      { ...records('quant'), title: MENU_TITLES['trx/quant'], hide: ['pl'] },
      {
        ...records('sub_allocation'),
        title: MENU_TITLES['trx/sub_allocation'],
        hide: ['pl', 'es', 'kun'],
      },
    ],
  },
  {
    ...declared('users', () => import('./users')),
    icon: ManageAccountsIcon,
    title: MENU_TITLES.users,
  },
  {
    ...declared('message', () => import('./message')),
    icon: MailIcon,
    title: MENU_TITLES.message,
  },
  {
    ...declared('service', () => import('./service')),
    icon: SupportAgentIcon,
    title: MENU_TITLES.service,
  },
  {
    ...declared('crypto_address', () => import('./crypto_address'), 'cryptoAddress'),
    icon: CurrencyBitcoinIcon,
    title: MENU_TITLES.crypto_address,
  },
  {
    ...declared('emergency', () => import('./emergency')),
    icon: ReportProblemIcon,
    title: MENU_TITLES.emergency,
  },
  {
    ...declared('data_exception', () => import('./data_exception'), 'dataException'),
    icon: RuleIcon,
    title: MENU_TITLES.data_exception,
  },
  {
    name: 'config',
    icon: SettingsIcon,
    title: MENU_TITLES.config,
    children: [
      { ...settings, title: MENU_TITLES['settings/app'] },
      {
        name: 'permission',
        title: MENU_TITLES.permission,
        page: () => import('./permission/PermissionPage'),
      },
      {
        ...declared('ip_access', () => import('./ip_access'), 'ipAccess'),
        title: MENU_TITLES.ip_access,
      },
      {
        ...declared('approval_policy', () => import('./approval_policy')),
        title: MENU_TITLES.approval_policy,
      },
      {
        ...declared('audit_log', () => import('./audit_log'), 'auditLog'),
        title: MENU_TITLES.audit_log,
      },
      {
        ...declared('trade_config', () => import('./trade_config'), 'tradeConfig'),
        title: MENU_TITLES.trade_config,
      },
      {
        ...declared('exchange_config', () => import('./exchange_config'), 'exchangeConfig'),
        title: MENU_TITLES.exchange_config,
      },
      {
        ...declared('trading_permission', () => import('./trading_permission'), 'tradingPermission'),
        title: MENU_TITLES.trading_permission,
      },
    ],
  },
]);

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
