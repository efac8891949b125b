import { lazy, useState, type ComponentType } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nContextProvider } from 'ra-core';
import { createMemoryRouter, Link, Route, RouterProvider, Routes, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createI18nProvider } from '../../i18n';
import { KeepAliveOutlet } from '../../src/layout/KeepAliveOutlet';
import { TabStrip } from '../../src/layout/TabStrip';
import { createTabsStore, type TabsStore } from '../../src/state/tabs';

/**
 * The tabs under the app's kind of router (a data router: every location change is a React transition),
 * where a location that never commits (a lazy page still loading, a newer navigation) must still reach its tab.
 */

/** A list-like page: a kept-alive input, its location, and a "filter" that replaces the query as react-admin's list params do. */
function Page({ name }: { name: string }) {
  const [value, setValue] = useState('');
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <div>
      <label>
        {`filter ${name}`}
        <input value={value} onChange={(e) => setValue(e.target.value)} />
      </label>
      <button
        onClick={() => navigate({ search: `?filter=${encodeURIComponent(value)}` }, { replace: true })}
      >{`apply ${name}`}</button>
      <span data-testid={`where-${name}`}>{location.pathname + location.search}</span>
      <Capture name={name} />
    </div>
  );
}

/** The navigate function of each page, to act as a page's own timers do (a debounced filter, a redirect after a save). */
const navigates = new Map<string, ReturnType<typeof useNavigate>>();
function Capture({ name }: { name: string }) {
  navigates.set(name, useNavigate());
  return null;
}

/** A lazy page whose module resolves when the test says so. */
function lazyPage(name: string) {
  let resolve!: () => void;
  const loaded = new Promise<{ default: ComponentType }>((r) => {
    resolve = () => r({ default: () => <Page name={name} /> });
  });
  return { Lazy: lazy(() => loaded), resolve: () => act(async () => resolve()) };
}

const tabOf = (pathname: string) =>
  ['/dashboard', '/a', '/b', '/c'].find((p) => pathname === p || pathname.startsWith(p + '/'));

function setup({ initial = '/a', Lazy }: { initial?: string; Lazy?: ComponentType } = {}) {
  const store: TabsStore = createTabsStore(sessionStorage);
  const Shell = () => (
    <>
      <TabStrip store={store} />
      <nav>
        <Link to="/b">go b</Link>
        <Link to="/c">go c</Link>
      </nav>
      <KeepAliveOutlet tabOf={tabOf} store={store} Fallback={() => <p>loading</p>}>
        <Routes>
          <Route path="/dashboard" element={<Page name="dashboard" />} />
          <Route path="/a/*" element={<Page name="a" />} />
          <Route path="/b/*" element={Lazy ? <Lazy /> : <Page name="b" />} />
          <Route path="/c/*" element={<Page name="c" />} />
          <Route path="*" element={<p>not found</p>} />
        </Routes>
      </KeepAliveOutlet>
    </>
  );
  const router = createMemoryRouter([{ path: '*', element: <Shell /> }], { initialEntries: [initial] });
  render(
    <I18nContextProvider value={createI18nProvider({ initialLocale: 'en-US' })}>
      <RouterProvider router={router} />
    </I18nContextProvider>,
  );
  return { store, router };
}

const paths = (store: TabsStore) => store.get().tabs.map((t) => t.path);
const pane = (path: string) => document.querySelector(`[data-tab-pane="${path}"]`) as HTMLElement | null;
const input = (name: string) => screen.getByLabelText(`filter ${name}`) as HTMLInputElement;
/** Lets the router finish its navigations (they settle in microtasks) without React committing in between. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('keep-alive tabs under a data router', () => {
  it('keeps a new tab whose lazy page is still loading when another tab is clicked', async () => {
    const b = lazyPage('b');
    const { store, router } = setup({ Lazy: b.Lazy });
    await act(async () => {
      fireEvent.click(screen.getByText('go b'));
      await settle();
    });
    // The tab is there at once, while its page loads.
    expect(paths(store)).toEqual(['/dashboard', '/a', '/b']);
    expect(store.get().active).toBe('/b');
    expect(screen.getByText('loading')).toBeVisible();

    await act(async () => {
      fireEvent.click(screen.getByTestId('tab-/a'));
      await settle();
    });
    expect(router.state.location.pathname).toBe('/a');
    await b.resolve();
    expect(paths(store)).toEqual(['/dashboard', '/a', '/b']);
    expect(store.get().active).toBe('/a');
    expect(pane('/a')).toBeVisible();

    await act(async () => {
      fireEvent.click(screen.getByTestId('tab-/b'));
      await settle();
    });
    expect(router.state.location.pathname).toBe('/b');
    expect(pane('/b')).toBeVisible();
    expect(screen.getByTestId('where-b')).toHaveTextContent('/b');
  });

  it('keeps the new tab when another tab is clicked before its navigation has rendered', async () => {
    const b = lazyPage('b');
    const { store, router } = setup({ Lazy: b.Lazy });
    // Both clicks land before React renders the first navigation (a busy main thread, a slow transition).
    await act(async () => {
      fireEvent.click(screen.getByText('go b'));
      await settle();
      fireEvent.click(screen.getByTestId('tab-/dashboard'));
      await settle();
    });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(paths(store)).toEqual(['/dashboard', '/a', '/b']);
    expect(store.get().active).toBe('/dashboard');
    await b.resolve();
    await act(async () => {
      fireEvent.click(screen.getByTestId('tab-/b'));
      await settle();
    });
    expect(pane('/b')).toBeVisible();
  });

  it('a query replaced in the URL (list filters) just before a tab switch is the tab’s location when it comes back', async () => {
    const { store, router } = setup({ initial: '/a' });
    await act(async () => {
      fireEvent.click(screen.getByText('go c'));
      await settle();
    });
    await act(async () => {
      fireEvent.click(screen.getByTestId('tab-/a'));
      await settle();
    });
    fireEvent.change(input('a'), { target: { value: 'ann' } });
    // The list applies its filter with history.replace and the user switches tabs before that has rendered.
    await act(async () => {
      fireEvent.click(screen.getByText('apply a'));
      await settle();
      fireEvent.click(screen.getByTestId('tab-/c'));
      await settle();
    });
    expect(router.state.location.pathname).toBe('/c');
    expect(store.get().tabs.find((t) => t.path === '/a')!.location.search).toBe('?filter=ann');

    await act(async () => {
      fireEvent.click(screen.getByTestId('tab-/a'));
      await settle();
    });
    expect(router.state.location.pathname + router.state.location.search).toBe('/a?filter=ann');
    expect(screen.getByTestId('where-a')).toHaveTextContent('/a?filter=ann');
    expect(input('a').value).toBe('ann');
  });

  it('a hidden tab whose page navigates within itself (a debounced filter landing late) moves only that tab', async () => {
    const { store, router } = setup({ initial: '/a' });
    const navigateA = navigates.get('a')!;
    await act(async () => {
      fireEvent.click(screen.getByText('go c'));
      await settle();
    });
    await act(async () => {
      navigateA({ search: '?filter=late' });
      await settle();
    });
    // The user stays where they are; the hidden tab renders its new location.
    expect(router.state.location.pathname).toBe('/c');
    expect(store.get().active).toBe('/c');
    expect(pane('/c')).toBeVisible();
    expect(screen.getByTestId('where-a')).toHaveTextContent('/a?filter=late');
    expect(store.get().tabs.find((t) => t.path === '/a')!.location.search).toBe('?filter=late');

    await act(async () => {
      fireEvent.click(screen.getByTestId('tab-/a'));
      await settle();
    });
    expect(router.state.location.pathname + router.state.location.search).toBe('/a?filter=late');
    expect(pane('/a')).toBeVisible();
  });

  it('a page outside the tabs (404) stays when the last tab’s page navigates within itself', async () => {
    const { store, router } = setup({ initial: '/a' });
    await act(async () => {
      await router.navigate('/nowhere');
    });
    expect(store.get().active).toBe('/a');
    await act(async () => {
      navigates.get('a')!({ search: '?filter=late' }, { replace: true });
      await settle();
    });
    expect(router.state.location.pathname).toBe('/nowhere');
    expect(screen.getByText('not found')).toBeVisible();
    expect(store.get().tabs.find((t) => t.path === '/a')!.location.search).toBe('?filter=late');
  });

  it('a hidden tab’s page navigating to another tab goes there as usual', async () => {
    const { store, router } = setup({ initial: '/a' });
    const navigateA = navigates.get('a')!;
    await act(async () => {
      fireEvent.click(screen.getByText('go c'));
      await settle();
    });
    await act(async () => {
      navigateA('/b');
      await settle();
    });
    expect(router.state.location.pathname).toBe('/b');
    expect(store.get().active).toBe('/b');
    expect(pane('/b')).toBeVisible();
  });

  it('the shown tab’s navigations go to the URL and are recorded in the tab', async () => {
    const { store, router } = setup({ initial: '/a' });
    fireEvent.change(input('a'), { target: { value: 'x' } });
    await act(async () => {
      fireEvent.click(screen.getByText('apply a'));
      await settle();
    });
    expect(router.state.location.search).toBe('?filter=x');
    expect(store.get().tabs.find((t) => t.path === '/a')!.location.search).toBe('?filter=x');
    expect(screen.getByTestId('where-a')).toHaveTextContent('/a?filter=x');
  });

  it('opens the tab of the location the router is at when it mounts, and ignores locations outside the tabs', async () => {
    const { store, router } = setup({ initial: '/c?page=3' });
    expect(paths(store)).toEqual(['/dashboard', '/c']);
    expect(store.get().tabs[1].location.search).toBe('?page=3');
    await act(async () => {
      await router.navigate('/nowhere');
    });
    expect(screen.getByText('not found')).toBeVisible();
    expect(paths(store)).toEqual(['/dashboard', '/c']);
    expect(pane('/c')).not.toBeVisible();
  });
});
