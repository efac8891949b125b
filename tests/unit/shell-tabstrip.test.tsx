import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nContextProvider } from 'ra-core';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createI18nProvider } from '../../i18n';
import { TabStrip } from '../../src/layout/TabStrip';
import { createTabsStore } from '../../src/state/tabs';

function Where() {
  const l = useLocation();
  return <output data-testid="url">{l.pathname + l.search}</output>;
}

function setup(open: string[], active: string) {
  const store = createTabsStore(sessionStorage);
  open.forEach((p) => store.open(p, { pathname: p, search: p === '/client' ? '?page=2' : '', hash: '' }));
  store.activate(active);
  render(
    <I18nContextProvider value={createI18nProvider({ initialLocale: 'en-US' })}>
      <MemoryRouter initialEntries={[active]}>
        <TabStrip store={store} />
        <Where />
      </MemoryRouter>
    </I18nContextProvider>,
  );
  return store;
}
const tabIds = () => screen.getAllByRole('tab').map((t) => t.getAttribute('data-testid'));

describe('tab strip', () => {
  it('shows the dashboard first, without a close button; other tabs have one', () => {
    setup(['/client', '/deposit'], '/client');
    expect(tabIds()).toEqual(['tab-/dashboard', 'tab-/client', 'tab-/deposit']);
    expect(within(screen.getByTestId('tab-/dashboard')).queryByTestId('tab-close')).toBeNull();
    expect(within(screen.getByTestId('tab-/client')).getByTestId('tab-close')).toBeInTheDocument();
    expect(screen.getByTestId('tab-/client')).toHaveTextContent('Clients');
    expect(screen.getByTestId('tab-/client')).toHaveAttribute('aria-selected', 'true');
  });

  it('clicking a tab goes to its last location', () => {
    setup(['/client', '/deposit'], '/deposit');
    fireEvent.click(screen.getByTestId('tab-/client'));
    expect(screen.getByTestId('url')).toHaveTextContent('/client?page=2');
  });

  it('closing the active tab goes to its neighbour', () => {
    setup(['/client', '/deposit'], '/client');
    fireEvent.click(within(screen.getByTestId('tab-/client')).getByTestId('tab-close'));
    expect(tabIds()).toEqual(['tab-/dashboard', 'tab-/deposit']);
    expect(screen.getByTestId('url')).toHaveTextContent('/deposit');
  });

  it('Delete closes the focused tab (no button inside a tab), the home tab stays', () => {
    setup(['/client', '/deposit'], '/client');
    expect(within(screen.getByTestId('tab-/client')).queryByRole('button')).toBeNull();
    fireEvent.keyDown(screen.getByTestId('tab-/client'), { key: 'Delete' });
    expect(tabIds()).toEqual(['tab-/dashboard', 'tab-/deposit']);
    expect(screen.getByTestId('url')).toHaveTextContent('/deposit');
    fireEvent.keyDown(screen.getByTestId('tab-/dashboard'), { key: 'Delete' });
    expect(tabIds()).toEqual(['tab-/dashboard', 'tab-/deposit']);
  });

  it('the context menu closes others, to the right and all', () => {
    const store = setup(['/client', '/deposit', '/withdrawal'], '/withdrawal');
    fireEvent.contextMenu(screen.getByTestId('tab-/deposit'));
    fireEvent.click(screen.getByTestId('tab-close-right'));
    expect(tabIds()).toEqual(['tab-/dashboard', 'tab-/client', 'tab-/deposit']);
    expect(screen.getByTestId('url')).toHaveTextContent('/deposit');

    fireEvent.contextMenu(screen.getByTestId('tab-/client'));
    fireEvent.click(screen.getByTestId('tab-close-others'));
    expect(tabIds()).toEqual(['tab-/dashboard', 'tab-/client']);
    expect(screen.getByTestId('url')).toHaveTextContent('/client?page=2');

    fireEvent.contextMenu(screen.getByTestId('tab-/client'));
    fireEvent.click(screen.getByTestId('tab-refresh'));
    expect(store.get().tabs[1].refresh).toBe(1);

    fireEvent.contextMenu(screen.getByTestId('tab-/client'));
    fireEvent.click(screen.getByTestId('tab-close-all'));
    expect(tabIds()).toEqual(['tab-/dashboard']);
    expect(screen.getByTestId('url')).toHaveTextContent('/dashboard');
  });

  it('the dashboard cannot be closed from its menu', () => {
    setup(['/client'], '/dashboard');
    fireEvent.contextMenu(screen.getByTestId('tab-/dashboard'));
    expect(screen.getByTestId('tab-close-this')).toHaveAttribute('aria-disabled', 'true');
  });
});
