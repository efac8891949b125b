import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nContextProvider } from 'ra-core';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { createI18nProvider } from '../../i18n';
import { visibleMenu } from '../../resources/menu';
import type { MenuNode } from '../../resources/types';
import { SideMenu } from '../../src/layout/SideMenu';
import { appState } from '../../src/state/appState';

// The app-state cache is a module singleton: start every test with all groups closed.
beforeEach(() => appState.set({ openGroups: [] }));

const page = async () => ({ default: () => null });
// Names that exist in the registry, so `menu.<name>` has a title in both languages.
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
];
const menu = visibleMenu(tree, [{ resource: '*', actions: ['*'] }], 'tr');

function renderMenu(locale: 'zh-CN' | 'en-US', activePath?: string) {
  return render(
    // the menu preloads a list's first page into react-query's cache when an entry is clicked
    <QueryClientProvider client={new QueryClient()}>
      <I18nContextProvider value={createI18nProvider({ initialLocale: locale })}>
        <MemoryRouter>
          <SideMenu menu={menu} activePath={activePath} />
        </MemoryRouter>
      </I18nContextProvider>
    </QueryClientProvider>,
  );
}
const items = () =>
  Array.from(document.querySelectorAll('[data-testid^=menu-item-]')).map((e) => e.getAttribute('data-testid'));

describe('side menu', () => {
  it('groups expand and collapse', () => {
    renderMenu('en-US');
    const group = screen.getByTestId('menu-group-funds');
    expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(items()).toEqual(['menu-item-dashboard']);
    fireEvent.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'true');
    expect(items()).toEqual(['menu-item-dashboard', 'menu-item-deposit', 'menu-item-withdrawal']);
  });

  it('the search box filters by translated title, case-insensitively', () => {
    renderMenu('en-US');
    fireEvent.change(screen.getByTestId('menu-search'), { target: { value: 'WITHDRAW' } });
    expect(items()).toEqual(['menu-item-withdrawal']);
    fireEvent.change(screen.getByTestId('menu-search'), { target: { value: 'nothing like it' } });
    expect(items()).toEqual([]);
  });

  it('searches the Chinese titles in zh-CN', () => {
    renderMenu('zh-CN');
    fireEvent.change(screen.getByTestId('menu-search'), { target: { value: '充值' } });
    expect(items()).toEqual(['menu-item-deposit']);
  });

  it('highlights the active page and opens its group', () => {
    renderMenu('en-US', '/deposit');
    expect(screen.getByTestId('menu-group-funds')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('menu-item-deposit')).toHaveClass('Mui-selected');
    expect(screen.getByTestId('menu-item-dashboard')).not.toHaveClass('Mui-selected');
  });
});
