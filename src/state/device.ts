import { useSyncExternalStore } from 'react';
import { createStore, debounce } from './store';

/** Operating systems told apart (spec section 3, "Device"). */
export type DeviceOS = 'Mac' | 'Windows' | 'Linux' | 'iOS' | 'Android' | 'Unknown';
export interface Device {
  os: DeviceOS;
  type: 'mobile' | 'desktop';
  isIncognito: boolean;
}

/** Width at or below which the console uses its phone layout (spec section 9). */
export const MOBILE_MAX_WIDTH = 768;
/** Resize events are debounced by this many milliseconds before the device is detected again. */
export const DEVICE_DEBOUNCE_MS = 200;

/** The OS from the user agent; iPadOS reports a Mac user agent but has a touch screen. */
export function detectOS(userAgent: string, maxTouchPoints = 0): DeviceOS {
  const ua = userAgent || '';
  if (/iPhone|iPad|iPod/i.test(ua)) return 'iOS';
  if (/Android/i.test(ua)) return 'Android';
  if (/Macintosh|Mac OS X/i.test(ua)) return maxTouchPoints > 1 ? 'iOS' : 'Mac';
  if (/Windows/i.test(ua)) return 'Windows';
  if (/Linux|X11|CrOS/i.test(ua)) return 'Linux';
  return 'Unknown';
}

/** Mobile when the OS is a phone/tablet one, the user agent says so, or the viewport is at most 768 px wide. */
export function detectType(userAgent: string, width: number, os: DeviceOS = detectOS(userAgent)): Device['type'] {
  if (os === 'iOS' || os === 'Android' || /Mobi/i.test(userAgent)) return 'mobile';
  return width <= MOBILE_MAX_WIDTH ? 'mobile' : 'desktop';
}

interface StorageEstimator {
  storage?: { estimate?: () => Promise<{ quota?: number }> };
}

/**
 * Incognito heuristic: private windows get a small storage quota (Chromium caps it near 120 MB or relative to
 * the JS heap limit; Firefox private mode has no estimate). A guess, never a security decision.
 */
export async function detectIncognito(
  nav: StorageEstimator = globalThis.navigator as StorageEstimator,
  heapLimit?: number,
): Promise<boolean> {
  try {
    if (!nav?.storage?.estimate) return false;
    const { quota } = await nav.storage.estimate();
    if (typeof quota !== 'number') return false;
    const limit =
      heapLimit ??
      (globalThis.performance as { memory?: { jsHeapSizeLimit?: number } } | undefined)?.memory?.jsHeapSizeLimit;
    if (limit && quota < limit * 2) return true;
    return quota < 120 * 1024 * 1024;
  } catch {
    return false;
  }
}

/** Detects the device now (incognito unknown until `detectIncognito` answers). */
export function detectDevice(win: Pick<Window, 'innerWidth' | 'navigator'> = window, isIncognito = false): Device {
  const ua = win.navigator?.userAgent ?? '';
  const os = detectOS(ua, win.navigator?.maxTouchPoints ?? 0);
  return { os, type: detectType(ua, win.innerWidth, os), isIncognito };
}

/** A device store that recomputes on window resize, debounced by 200 ms. `start()` returns the stop function. */
export function createDeviceStore(win: Window = window, debounceMs = DEVICE_DEBOUNCE_MS) {
  const store = createStore<Device>(detectDevice(win));
  const recompute = debounce(() => {
    const next = detectDevice(win, store.get().isIncognito);
    const prev = store.get();
    if (next.os !== prev.os || next.type !== prev.type) store.set(next);
  }, debounceMs);
  let started = false;
  return {
    get: store.get,
    subscribe: store.subscribe,
    start() {
      if (started) return () => {};
      started = true;
      win.addEventListener('resize', recompute);
      void detectIncognito(win.navigator as StorageEstimator).then((isIncognito) => {
        if (isIncognito !== store.get().isIncognito) store.set({ ...store.get(), isIncognito });
      });
      return () => {
        started = false;
        recompute.cancel();
        win.removeEventListener('resize', recompute);
      };
    },
  };
}

export const deviceStore = typeof window !== 'undefined' ? createDeviceStore(window) : undefined;

/** The current device; re-renders after a (debounced) resize changes it. */
export function useDevice(): Device {
  const store = deviceStore!;
  return useSyncExternalStore(store.subscribe, store.get);
}
