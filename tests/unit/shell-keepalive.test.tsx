import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { KeepAliveOutlet } from '../../src/layout/KeepAliveOutlet';
import { createTabsStore, type TabsStore } from '../../src/state/tabs';

/** Each page's navigate, to navigate as a page's own timer would (a debounced list filter). */
const navigates = new Map<string, ReturnType<typeof useNavigate>>();

function Page({ name }: { name: string }) {
  const [value, setValue] = useState('');
  const location = useLocation();
  navigates.set(name, useNavigate());
  return (
    <div>
      <label>
        {`filter ${name}`}
        <input value={value} onChange={(e) => setValue(e.target.value)} />
      </label>
      <span data-testid={`where-${name}`}>{location.pathname + location.search}</span>
    </div>
  );
}

const tabOf = (pathname: string) =>
  ['/dashboard', '/a', '/b'].find((p) => pathname === p || pathname.startsWith(p + '/'));

function setup(store: TabsStore = createTabsStore(sessionStorage), initial = '/a') {
  const utils = render(
    <MemoryRouter initialEntries={[initial]}>
      <nav>
        <Link to="/dashboard">go dashboard</Link>
        <Link to="/a">go a</Link>
        <Link to="/a?page=2">go a page 2</Link>
        <Link to="/b">go b</Link>
        <Link to="/nowhere">go nowhere</Link>
      </nav>
      <KeepAliveOutlet tabOf={tabOf} store={store}>
        <Routes>
          <Route path="/dashboard" element={<Page name="dashboard" />} />
          <Route path="/a/*" element={<Page name="a" />} />
          <Route path="/b/*" element={<Page name="b" />} />
          <Route path="*" element={<p>not found</p>} />
        </Routes>
      </KeepAliveOutlet>
    </MemoryRouter>,
  );
  return { ...utils, store };
}

const input = (name: string) => screen.getByLabelText(`filter ${name}`) as HTMLInputElement;
const pane = (path: string) => document.querySelector(`[data-tab-pane="${path}"]`) as HTMLElement | null;

describe('keep-alive tab outlet', () => {
  it('keeps typed input of a tab while another tab is shown', () => {
    setup();
    fireEvent.change(input('a'), { target: { value: 'ann' } });
    fireEvent.click(screen.getByText('go b'));
    // Tab A stays mounted but hidden; B is shown.
    expect(pane('/a')).not.toBeVisible();
    expect(pane('/b')).toBeVisible();
    expect(input('a').value).toBe('ann');
    fireEvent.change(input('b'), { target: { value: 'bob' } });
    fireEvent.click(screen.getByText('go a'));
    expect(pane('/a')).toBeVisible();
    expect(pane('/b')).not.toBeVisible();
    expect(input('a').value).toBe('ann');
    expect(input('b').value).toBe('bob');
  });

  it('each tab sees its own location; a URL change within a tab updates that tab', () => {
    const { store } = setup();
    fireEvent.click(screen.getByText('go a page 2'));
    expect(store.get().tabs.find((t) => t.path === '/a')!.location.search).toBe('?page=2');
    fireEvent.click(screen.getByText('go b'));
    expect(screen.getByTestId('where-a')).toHaveTextContent('/a?page=2');
    expect(screen.getByTestId('where-b')).toHaveTextContent('/b');
    expect(store.get().active).toBe('/b');
  });

  it('restores the scroll position of a tab when it is shown again', () => {
    setup();
    const a = pane('/a')!;
    a.scrollTop = 420;
    fireEvent.scroll(a);
    fireEvent.click(screen.getByText('go b'));
    a.scrollTop = 0; // a hidden box loses its scroll position
    fireEvent.click(screen.getByText('go a'));
    expect(pane('/a')!.scrollTop).toBe(420);
  });

  it('closing a tab unmounts its page; opening it again starts fresh', () => {
    const { store } = setup();
    fireEvent.change(input('a'), { target: { value: 'ann' } });
    fireEvent.click(screen.getByText('go b'));
    act(() => {
      store.close('/a');
    });
    expect(pane('/a')).toBeNull();
    fireEvent.click(screen.getByText('go a'));
    expect(input('a').value).toBe('');
  });

  it('refresh remounts only that tab', () => {
    const { store } = setup();
    fireEvent.change(input('a'), { target: { value: 'ann' } });
    fireEvent.click(screen.getByText('go b'));
    fireEvent.change(input('b'), { target: { value: 'bob' } });
    act(() => {
      store.refresh('/a');
    });
    expect(input('a').value).toBe('');
    expect(input('b').value).toBe('bob');
  });

  it('shows a page outside the tabs (404) without opening a tab, hiding every tab', () => {
    const { store } = setup();
    fireEvent.click(screen.getByText('go nowhere'));
    expect(screen.getByText('not found')).toBeVisible();
    expect(pane('/a')).not.toBeVisible();
    expect(store.get().tabs.map((t) => t.path)).toEqual(['/dashboard', '/a']);
  });

  it('a hidden tab whose page navigates within itself moves only that tab, not the URL', () => {
    const { store } = setup();
    fireEvent.click(screen.getByText('go b'));
    act(() => navigates.get('a')!({ search: '?filter=ann' }));
    expect(pane('/b')).toBeVisible();
    expect(store.get().active).toBe('/b');
    expect(screen.getByTestId('where-b')).toHaveTextContent('/b');
    expect(screen.getByTestId('where-a')).toHaveTextContent('/a?filter=ann');
    expect(store.get().tabs.find((t) => t.path === '/a')!.location.search).toBe('?filter=ann');
  });

  it('mounts tabs restored from the session only when they are shown', () => {
    const store = createTabsStore(sessionStorage);
    store.open('/b');
    setup(createTabsStore(sessionStorage), '/a');
    expect(pane('/b')).toBeNull();
    expect(pane('/dashboard')).toBeNull();
    fireEvent.click(screen.getByText('go b'));
    expect(pane('/b')).toBeVisible();
  });
});
