import { describe, expect, it } from 'vitest';
import { createTabsStore, HOME_PATH, TABS_KEY } from '../../src/state/tabs';

const loc = (pathname: string, search = '') => ({ pathname, search, hash: '' });
const paths = (s: { tabs: { path: string }[] }) => s.tabs.map((t) => t.path);

describe('tabs store', () => {
  it('starts with the fixed dashboard tab', () => {
    const store = createTabsStore(sessionStorage);
    expect(paths(store.get())).toEqual([HOME_PATH]);
    expect(store.get().active).toBe(HOME_PATH);
  });

  it('opens a tab at the end and activates it; opening it again only activates it', () => {
    const store = createTabsStore(sessionStorage);
    store.open('/client', loc('/client'));
    store.open('/kyc', loc('/kyc'));
    expect(paths(store.get())).toEqual(['/dashboard', '/client', '/kyc']);
    expect(store.get().active).toBe('/kyc');
    store.open('/client', loc('/client'));
    expect(paths(store.get())).toEqual(['/dashboard', '/client', '/kyc']);
    expect(store.get().active).toBe('/client');
  });

  it('keeps the latest location of a tab (URL changes within the same tab)', () => {
    const store = createTabsStore(sessionStorage);
    store.open('/client', loc('/client', '?page=2'));
    store.open('/client', loc('/client/7/show'));
    expect(store.get().tabs[1].location.pathname).toBe('/client/7/show');
  });

  it('a new navigation to the same URL (new history entry) replaces the stored location', () => {
    const store = createTabsStore(sessionStorage);
    store.open('/client', { ...loc('/client'), key: 'one' });
    store.open('/client', { ...loc('/client'), key: 'two', state: { from: 'menu' } });
    expect(store.get().tabs[1].location).toMatchObject({ key: 'two', state: { from: 'menu' } });
  });

  it('setLocation moves an open tab without activating it, and ignores unknown tabs', () => {
    const store = createTabsStore(sessionStorage);
    store.open('/client', loc('/client'));
    store.open('/kyc', loc('/kyc'));
    store.setLocation('/client', loc('/client', '?filter=ann'));
    expect(store.get().tabs[1].location.search).toBe('?filter=ann');
    expect(store.get().active).toBe('/kyc');
    const before = store.get();
    store.setLocation('/nope', loc('/nope'));
    store.setLocation('/client', loc('/client', '?filter=ann'));
    expect(store.get()).toBe(before);
    expect(JSON.parse(sessionStorage.getItem(TABS_KEY)!).tabs[1].location.search).toBe('?filter=ann');
  });

  it('activates an open tab and ignores unknown ones', () => {
    const store = createTabsStore(sessionStorage);
    store.open('/client');
    store.activate('/dashboard');
    expect(store.get().active).toBe('/dashboard');
    store.activate('/nope');
    expect(store.get().active).toBe('/dashboard');
  });

  it('never closes the dashboard tab', () => {
    const store = createTabsStore(sessionStorage);
    store.open('/client');
    store.close('/dashboard');
    expect(paths(store.get())).toEqual(['/dashboard', '/client']);
    store.closeAll();
    expect(paths(store.get())).toEqual(['/dashboard']);
    store.closeOthers('/dashboard');
    expect(paths(store.get())).toEqual(['/dashboard']);
  });

  it('closing the active tab activates its right neighbour, else the left one', () => {
    const store = createTabsStore(sessionStorage);
    ['/a', '/b', '/c'].forEach((p) => store.open(p));
    store.activate('/b');
    store.close('/b');
    expect(paths(store.get())).toEqual(['/dashboard', '/a', '/c']);
    expect(store.get().active).toBe('/c');
    store.close('/c');
    expect(store.get().active).toBe('/a');
  });

  it('closing an inactive tab keeps the active one', () => {
    const store = createTabsStore(sessionStorage);
    ['/a', '/b'].forEach((p) => store.open(p));
    store.close('/a');
    expect(store.get().active).toBe('/b');
  });

  it('close others keeps the dashboard and the chosen tab, which becomes active', () => {
    const store = createTabsStore(sessionStorage);
    ['/a', '/b', '/c'].forEach((p) => store.open(p));
    store.closeOthers('/b');
    expect(paths(store.get())).toEqual(['/dashboard', '/b']);
    expect(store.get().active).toBe('/b');
  });

  it('close to the right removes the later tabs; an active one among them passes to the chosen tab', () => {
    const store = createTabsStore(sessionStorage);
    ['/a', '/b', '/c'].forEach((p) => store.open(p));
    store.closeRight('/a');
    expect(paths(store.get())).toEqual(['/dashboard', '/a']);
    expect(store.get().active).toBe('/a');

    ['/b', '/c'].forEach((p) => store.open(p));
    store.activate('/a');
    store.closeRight('/b');
    expect(paths(store.get())).toEqual(['/dashboard', '/a', '/b']);
    expect(store.get().active).toBe('/a');
  });

  it('close all keeps only the dashboard, active', () => {
    const store = createTabsStore(sessionStorage);
    ['/a', '/b'].forEach((p) => store.open(p));
    store.closeAll();
    expect(paths(store.get())).toEqual(['/dashboard']);
    expect(store.get().active).toBe('/dashboard');
  });

  it('refresh bumps the counter of that tab only', () => {
    const store = createTabsStore(sessionStorage);
    ['/a', '/b'].forEach((p) => store.open(p));
    store.refresh('/a');
    store.refresh('/a');
    expect(store.get().tabs.map((t) => t.refresh)).toEqual([0, 2, 0]);
  });

  it('persists open tabs in sessionStorage and restores them in a new store', () => {
    const first = createTabsStore(sessionStorage);
    first.open('/client', loc('/client', '?q=ann'));
    first.open('/kyc');
    first.activate('/client');
    expect(JSON.parse(sessionStorage.getItem(TABS_KEY)!).tabs).toHaveLength(3);

    const second = createTabsStore(sessionStorage);
    expect(paths(second.get())).toEqual(['/dashboard', '/client', '/kyc']);
    expect(second.get().active).toBe('/client');
    expect(second.get().tabs[1].location.search).toBe('?q=ann');
  });

  it('restores safely from damaged storage and always puts the dashboard first', () => {
    sessionStorage.setItem(TABS_KEY, '{not json');
    expect(paths(createTabsStore(sessionStorage).get())).toEqual(['/dashboard']);
    sessionStorage.setItem(
      TABS_KEY,
      JSON.stringify({ tabs: [{ path: '/x' }, { path: 42 }, { path: '/x' }], active: '/gone' }),
    );
    const store = createTabsStore(sessionStorage);
    expect(paths(store.get())).toEqual(['/dashboard', '/x']);
    expect(store.get().active).toBe('/dashboard');
  });

  it('retain closes the tabs the user may no longer open', () => {
    const store = createTabsStore(sessionStorage);
    ['/a', '/b'].forEach((p) => store.open(p));
    store.retain((p) => p !== '/b');
    expect(paths(store.get())).toEqual(['/dashboard', '/a']);
    expect(store.get().active).toBe('/dashboard');
  });

  it('notifies subscribers on change only', () => {
    const store = createTabsStore(sessionStorage);
    let calls = 0;
    store.subscribe(() => calls++);
    store.open('/a');
    store.open('/a');
    store.close('/dashboard');
    expect(calls).toBe(1);
  });
});
