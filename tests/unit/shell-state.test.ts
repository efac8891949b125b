import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_STATE_KEY, createAppState } from '../../src/state/appState';
import { createDeviceStore, detectDevice, detectIncognito, detectOS, detectType } from '../../src/state/device';
import { createRequestLog, isDevLogEnabled, REQUEST_LOG_MAX } from '../../src/state/requestLog';
import { createProgress, PROGRESS_MIN, trickle } from '../../src/state/progress';

afterEach(() => {
  vi.useRealTimers();
});

describe('app-state cache', () => {
  it('uses the versioned v2 key', () => {
    expect(APP_STATE_KEY).toBe('bo.app.v2');
  });

  it('writes to storage 200 ms after the last change, once', () => {
    vi.useFakeTimers();
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const state = createAppState(localStorage);
    state.set({ sidebarCollapsed: true });
    vi.advanceTimersByTime(150);
    state.set({ openGroups: ['funds'] });
    vi.advanceTimersByTime(199);
    expect(setItem).not.toHaveBeenCalled();
    expect(localStorage.getItem(APP_STATE_KEY)).toBeNull();
    vi.advanceTimersByTime(1);
    expect(setItem).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem(APP_STATE_KEY)!)).toMatchObject({
      sidebarCollapsed: true,
      openGroups: ['funds'],
    });
  });

  it('changes the state in memory at once and notifies subscribers', () => {
    vi.useFakeTimers();
    const state = createAppState(localStorage);
    const listener = vi.fn();
    state.subscribe(listener);
    state.set((s) => ({ sidebarCollapsed: !s.sidebarCollapsed }));
    expect(state.get().sidebarCollapsed).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('flush writes a pending change now', () => {
    vi.useFakeTimers();
    const state = createAppState(localStorage);
    state.set({ appName: 'Back Office' });
    state.flush();
    expect(JSON.parse(localStorage.getItem(APP_STATE_KEY)!).appName).toBe('Back Office');
  });

  it('reads the saved state back and survives damaged storage', () => {
    localStorage.setItem(APP_STATE_KEY, JSON.stringify({ sidebarCollapsed: true }));
    expect(createAppState(localStorage).get()).toMatchObject({ sidebarCollapsed: true, openGroups: [] });
    localStorage.setItem(APP_STATE_KEY, '{oops');
    expect(createAppState(localStorage).get().sidebarCollapsed).toBe(false);
  });
});

describe('request log', () => {
  const entry = (i: number) => ({ method: 'GET', path: `/x/${i}`, status: 200, ms: 1, at: i });

  it(`keeps at most ${REQUEST_LOG_MAX} rows, dropping the oldest`, () => {
    const log = createRequestLog();
    for (let i = 1; i <= 450; i++) log.add(entry(i));
    expect(log.rows()).toHaveLength(400);
    expect(log.rows()[0].path).toBe('/x/51');
    expect(log.rows()[399].path).toBe('/x/450');
  });

  it('clears and notifies', () => {
    const log = createRequestLog(3);
    const listener = vi.fn();
    log.subscribe(listener);
    log.add(entry(1));
    log.clear();
    expect(log.rows()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("is disabled unless localStorage 'bo.devlog' is '1'", () => {
    expect(isDevLogEnabled(localStorage)).toBe(false);
    localStorage.setItem('bo.devlog', 'true');
    expect(isDevLogEnabled(localStorage)).toBe(false);
    localStorage.setItem('bo.devlog', '1');
    expect(isDevLogEnabled(localStorage)).toBe(true);
  });
});

describe('device detection', () => {
  const UA = {
    mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    win: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    iphone:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    android:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  };

  it('tells the operating systems apart', () => {
    expect(detectOS(UA.mac)).toBe('Mac');
    expect(detectOS(UA.win)).toBe('Windows');
    expect(detectOS(UA.linux)).toBe('Linux');
    expect(detectOS(UA.iphone)).toBe('iOS');
    expect(detectOS(UA.android)).toBe('Android');
    expect(detectOS('curl/8.0')).toBe('Unknown');
    // iPadOS presents itself as a Mac with a touch screen.
    expect(detectOS(UA.mac, 5)).toBe('iOS');
  });

  it('is mobile for phones and for viewports of 768 px or less', () => {
    expect(detectType(UA.iphone, 1200)).toBe('mobile');
    expect(detectType(UA.android, 1200)).toBe('mobile');
    expect(detectType(UA.win, 1440)).toBe('desktop');
    expect(detectType(UA.win, 768)).toBe('mobile');
    expect(detectType(UA.win, 769)).toBe('desktop');
  });

  it('guesses incognito from a small storage quota', async () => {
    const nav = (quota: number | undefined) => ({ storage: { estimate: async () => ({ quota }) } });
    expect(await detectIncognito(nav(100 * 1024 * 1024), 0)).toBe(true);
    expect(await detectIncognito(nav(50 * 1024 ** 3), 0)).toBe(false);
    expect(await detectIncognito(nav(undefined), 0)).toBe(false);
    expect(await detectIncognito({}, 0)).toBe(false);
    // Chromium: a quota under twice the JS heap limit.
    expect(await detectIncognito(nav(4 * 1024 ** 3), 4 * 1024 ** 3)).toBe(true);
  });

  it('detects again on resize, debounced by 200 ms', () => {
    vi.useFakeTimers();
    const win = {
      innerWidth: 1440,
      navigator: { userAgent: UA.win, maxTouchPoints: 0 },
      listeners: [] as (() => void)[],
      addEventListener(_: string, fn: () => void) {
        this.listeners.push(fn);
      },
      removeEventListener() {},
    };
    const store = createDeviceStore(win as unknown as Window);
    expect(store.get()).toMatchObject({ os: 'Windows', type: 'desktop' });
    const stop = store.start();
    win.innerWidth = 390;
    win.listeners.forEach((l) => l());
    vi.advanceTimersByTime(100);
    win.listeners.forEach((l) => l());
    vi.advanceTimersByTime(199);
    expect(store.get().type).toBe('desktop');
    vi.advanceTimersByTime(1);
    expect(store.get().type).toBe('mobile');
    stop();
  });

  it('detectDevice reads the window', () => {
    const d = detectDevice({ innerWidth: 390, navigator: { userAgent: UA.linux } } as unknown as Window);
    expect(d).toEqual({ os: 'Linux', type: 'mobile', isIncognito: false });
  });
});

describe('progress', () => {
  it('counts pending activities; each done function counts once', () => {
    const p = createProgress();
    const a = p.start();
    const b = p.start();
    a();
    a();
    expect(p.pending()).toBe(1);
    b();
    expect(p.pending()).toBe(0);
  });

  it('never goes below 0.3 and never reaches 1 by itself', () => {
    expect(trickle(0)).toBeGreaterThanOrEqual(PROGRESS_MIN);
    let v = PROGRESS_MIN;
    for (let i = 0; i < 500; i++) v = trickle(v);
    expect(v).toBeLessThan(1);
    expect(v).toBeGreaterThan(0.9);
  });
});
