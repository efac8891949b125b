import { describe, expect, it } from 'vitest';
import { visibleMenu, type VisibleMenuNode } from '../../resources/menu';
import { registry } from '../../resources/registry';
import type { MenuNode } from '../../resources/types';
import { filterMenu, visiblePaths } from '../../src/layout/menuSearch';

const page = async () => ({ default: () => null });
const tree: MenuNode[] = [
  { name: 'dashboard', title: { 'zh-CN': '首页', 'en-US': 'Dashboard' }, page },
  {
    name: 'funds',
    title: { 'zh-CN': '资金管理', 'en-US': 'Funds' },
    children: [
      { name: 'deposit', title: { 'zh-CN': '充值记录', 'en-US': 'Deposit records' }, page },
      { name: 'withdrawal', title: { 'zh-CN': '提现记录', 'en-US': 'Withdrawal records' }, page },
    ],
  },
  { name: 'client', title: { 'zh-CN': '客户管理', 'en-US': 'Clients' }, page },
];
const all = [{ resource: '*', actions: ['*'] }];
const menu = visibleMenu(tree, all, 'tr');
const names = (nodes: VisibleMenuNode[]): string[] => nodes.flatMap((n) => [n.node.name, ...names(n.children)]);
const en = (n: VisibleMenuNode) => n.node.title['en-US'];
const zh = (n: VisibleMenuNode) => n.node.title['zh-CN'];

describe('menu search', () => {
  it('returns the whole tree for an empty or blank query', () => {
    expect(filterMenu(menu, '', en)).toBe(menu);
    expect(names(filterMenu(menu, '   ', en))).toEqual(names(menu));
  });

  it('filters leaves by translated title, case-insensitively, keeping their group', () => {
    expect(names(filterMenu(menu, 'DEPOSIT', en))).toEqual(['funds', 'deposit']);
    expect(names(filterMenu(menu, 'records', en))).toEqual(['funds', 'deposit', 'withdrawal']);
    expect(names(filterMenu(menu, 'cli', en))).toEqual(['client']);
  });

  it('uses the title of the current language', () => {
    expect(names(filterMenu(menu, '提现', zh))).toEqual(['funds', 'withdrawal']);
  });

  it('finds an entry by its English title and its route in a Chinese console', () => {
    expect(names(filterMenu(menu, 'Withdrawal rec', zh))).toEqual(['funds', 'withdrawal']);
    expect(names(filterMenu(menu, 'client', zh))).toEqual(['client']);
    // the real registry: "ipo" finds the IPO entries by their routes (trades/ipo, trx/ipo, ...)
    const real = visibleMenu(registry, all, 'tr');
    const found = [...visiblePaths(filterMenu(real, 'ipo', zh))];
    expect(found).toContain('/trades/ipo');
    expect(found).toContain('/trx/ipo');
    expect(found).not.toContain('/deposit');
  });

  it('a group whose title matches keeps all its children', () => {
    expect(names(filterMenu(menu, 'funds', en))).toEqual(['funds', 'deposit', 'withdrawal']);
  });

  it('returns nothing when nothing matches', () => {
    expect(filterMenu(menu, 'zzz', en)).toEqual([]);
  });

  it('lists the leaf paths of the visible menu', () => {
    expect([...visiblePaths(menu)].sort()).toEqual(['/client', '/dashboard', '/deposit', '/withdrawal']);
  });

  it('the real registry: the dashboard is a page every role sees', () => {
    const hero = [{ resource: 'dashboard', actions: ['read'] }];
    expect(visiblePaths(visibleMenu(registry, hero, 'tr')).has('/dashboard')).toBe(true);
  });
});
