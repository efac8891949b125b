import { useSyncExternalStore } from 'react';
import type { LiveEvent } from '../../domain/live-events';

/** The localStorage key of the switch (per browser; off unless it holds '1'). */
export const LIVE_ALERTS_KEY = 'bo.liveAlerts';

const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return globalThis.localStorage?.getItem(LIVE_ALERTS_KEY) === '1';
  } catch {
    return false;
  }
}

/** Whether new deposit and withdrawal requests ring in this browser. */
export const liveAlertsOn = read;

/** Turns the alerts on or off in this browser; turning them on asks for the desktop notification permission. */
export function setLiveAlerts(on: boolean): void {
  try {
    if (on) globalThis.localStorage?.setItem(LIVE_ALERTS_KEY, '1');
    else globalThis.localStorage?.removeItem(LIVE_ALERTS_KEY);
  } catch {
    // storage disabled: the switch stays as it was
  }
  if (on && typeof Notification !== 'undefined' && Notification.permission === 'default') {
    void Notification.requestPermission().catch(() => undefined);
  }
  for (const l of [...listeners]) l();
}

export const useLiveAlerts = (): boolean =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    read,
    () => false,
  );

/** Whether an event is one that rings: a new deposit or withdrawal request. */
export const rings = (e: LiveEvent): boolean =>
  e.request && e.action === 'created' && (e.kind === 'deposit' || e.kind === 'withdrawal');

let audio: AudioContext | null = null;

/** A short two-tone chime (Web Audio: no sound file to load). */
function chime(): void {
  const Ctx = globalThis.AudioContext;
  if (!Ctx) return;
  try {
    audio ??= new Ctx();
    const at = audio.currentTime;
    for (const [i, freq] of [880, 1320].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.001, at + i * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.2, at + i * 0.18 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.001, at + i * 0.18 + 0.16);
      osc.connect(gain).connect(audio.destination);
      osc.start(at + i * 0.18);
      osc.stop(at + i * 0.18 + 0.17);
    }
  } catch {
    // audio blocked until the page is interacted with: the notification still shows
  }
}

/** Rings for a new request (sound, and a desktop notification when permitted): `title` and `body` translated. */
export function ring(title: string, body: string, tag: string): void {
  chime();
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    new Notification(title, { body, tag });
  } catch {
    // some browsers allow notifications only from a service worker: the sound stays
  }
}
