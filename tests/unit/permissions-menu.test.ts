import { describe, expect, it } from 'vitest';
import { DECLARED_ENTITIES } from '../../domain/entities';
import { loadRole, type Role } from '../../permissions';
import { findByPath, visibleMenu, type VisibleMenuNode } from '../../resources/menu';
import { registry } from '../../resources/registry';
import type { DeploymentCode, MenuNode } from '../../resources/types';

const page = async () => ({ default: () => null });
/** The registry with a page behind every leaf, so only permissions and deployments filter. */
const withPages = (nodes: MenuNode[]): MenuNode[] =>
  nodes.map((n) => (n.children ? { ...n, children: withPages(n.children) } : { ...n, page }));
const full = withPages(registry);

const names = (nodes: VisibleMenuNode[]): string[] =>
  nodes.flatMap((n) => (n.children.length ? names(n.children) : [n.node.name]));
const menu = (role: Role, deployment: DeploymentCode) => names(visibleMenu(full, loadRole(role).grants, deployment));

const FUNDS = ['deposit', 'withdrawal', 'loan', 'compensation'];
const TRADES_TR = [
  'trades/stock',
  'trades/block',
  'trades/ipo',
  'trades/ipo_allocation',
  'trades/go_public',
  'trades/fund',
  'trades/quant',
];
const TRX_TR = [
  'trx/stock',
  'trx/block',
  'trx/ipo',
  'trx/daily',
  'trx/subscribe',
  'trx/ai',
  'trx/fund',
  'trx/quant',
  'trx/sub_allocation',
];
const CONFIG = [
  'settings/app',
  'permission',
  'ip_access',
  // not in the spec's menu: the maker-checker rules (approval_policy under config: administrators)
  'approval_policy',
  // not in the spec's menu: the hardening issue's audit log page, under config (only god's "all on all" grants it)
  'audit_log',
  'trade_config',
  'exchange_config',
  'trading_permission',
  // the declared entities under config, in their list's order (domain/entities.ts)
  ...DECLARED_ENTITIES.filter((d) => d.parents?.[0] === 'config').map((d) => d.name),
];

describe('menu per role (deployment tr)', () => {
  it('god sees every entry the deployment does not hide', () => {
    expect(menu('god', 'tr')).toEqual([
      'dashboard',
      'kyc',
      'client',
      ...FUNDS,
      'crypto_deposit',
      // not in the spec's menu: the approvals queue (maker-checker), under funds
      'approval',
      ...TRADES_TR,
      ...TRX_TR,
      'users',
      'message',
      'service',
      'crypto_address',
      'emergency',
      'data_exception',
      ...CONFIG,
    ]);
  });

  it('angel: its resources and, through the parent group, every funds, trades and trx leaf', () => {
    expect(menu('angel', 'tr')).toEqual([
      'dashboard',
      'kyc',
      'client',
      ...FUNDS,
      'crypto_deposit',
      'approval',
      ...TRADES_TR,
      ...TRX_TR,
      'users',
      'message',
      'service',
      'crypto_address',
    ]);
  });

  it('superman: no trades, no crypto deposit, no config', () => {
    expect(menu('superman', 'tr')).toEqual([
      'dashboard',
      'kyc',
      'client',
      ...FUNDS,
      ...TRX_TR,
      'users',
      'message',
      'service',
    ]);
  });

  it('hero: no users or service either', () => {
    expect(menu('hero', 'tr')).toEqual(['dashboard', 'kyc', 'client', ...FUNDS, ...TRX_TR, 'message']);
  });

  it('groups without a visible child are left out', () => {
    const groups = visibleMenu(full, loadRole('hero').grants, 'tr').map((n) => n.node.name);
    expect(groups).not.toContain('trades');
    expect(groups).not.toContain('config');
    expect(groups).toContain('trx');
  });

  it('entries without a page are never shown', () => {
    const noKycPage = full.map((n) => (n.name === 'kyc' ? { ...n, page: undefined } : n));
    expect(names(visibleMenu(noKycPage, loadRole('god').grants, 'tr'))).not.toContain('kyc');
    const withPage = (nodes: MenuNode[]): string[] =>
      nodes.flatMap((n) => (n.children ? withPage(n.children) : n.page ? [n.name] : []));
    const shown = names(visibleMenu(registry, loadRole('god').grants, 'tr'));
    expect(shown.every((name) => withPage(registry).includes(name))).toBe(true);
  });
});

describe('menu per deployment (god)', () => {
  const trades = (d: DeploymentCode) => menu('god', d).filter((n) => n.startsWith('trades/'));
  const trx = (d: DeploymentCode) => menu('god', d).filter((n) => n.startsWith('trx/'));

  it.each<[DeploymentCode, string[], string[]]>([
    [
      'tr',
      ['stock', 'block', 'ipo', 'ipo_allocation', 'go_public', 'fund', 'quant'],
      ['stock', 'block', 'ipo', 'daily', 'subscribe', 'ai', 'fund', 'quant', 'sub_allocation'],
    ],
    ['pl', ['stock', 'ipo', 'daily', 'ai', 'fund'], ['stock', 'ipo', 'daily', 'ai', 'fund']],
    ['es', ['stock', 'ipo', 'daily', 'ai', 'fund', 'quant'], ['stock', 'ipo', 'daily', 'ai', 'fund', 'quant']],
    [
      'kun',
      ['stock', 'block', 'ipo', 'ipo_allocation', 'ai', 'fund', 'quant'],
      ['stock', 'block', 'ipo', 'subscribe', 'ai', 'fund', 'quant'],
    ],
    [
      'sun3',
      ['stock', 'block', 'ipo', 'ipo_allocation', 'go_public', 'daily', 'ai', 'fund', 'quant'],
      ['stock', 'block', 'ipo', 'daily', 'fund', 'quant', 'sub_allocation'],
    ],
  ])('%s', (deployment, tradeLeaves, trxLeaves) => {
    expect(trades(deployment)).toEqual(tradeLeaves.map((l) => `trades/${l}`));
    expect(trx(deployment)).toEqual(trxLeaves.map((l) => `trx/${l}`));
  });
});

describe('findByPath (route meta)', () => {
  it('gives the leaf and its resource chain, leaf first', () => {
    expect(findByPath(registry, '/trades/stock')?.resourceChain).toEqual(['fo', 'trades']);
    expect(findByPath(registry, '/deposit/12/show')?.resourceChain).toEqual(['deposit', 'funds']);
    expect(findByPath(registry, '/crypto_address')?.resourceChain).toEqual(['cryptoAddress']);
    expect(findByPath(registry, '/nowhere')).toBeUndefined();
  });
});
