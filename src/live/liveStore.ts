import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { LiveEvent } from '../../domain/live-events';

/** A live event, or null: events may have been missed (what is shown may have changed). */
export type LiveListener = (event: LiveEvent | null) => void;

const listeners = new Set<LiveListener>();
const upListeners = new Set<() => void>();
let up = false;

/** The console's live events as the stream delivers them (src/live/LiveUpdates.tsx feeds it). */
export const liveBus = {
  emit(event: LiveEvent | null): void {
    for (const l of [...listeners]) l(event);
  },
  subscribe(listener: LiveListener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setUp(value: boolean): void {
    if (up === value) return;
    up = value;
    for (const l of [...upListeners]) l();
  },
  isUp: (): boolean => up,
  subscribeUp(listener: () => void): () => void {
    upListeners.add(listener);
    return () => upListeners.delete(listener);
  },
};

/** Whether the live stream is up (polls fall back to a slow pace while it is down). */
export const useLiveUp = (): boolean => useSyncExternalStore(liveBus.subscribeUp, liveBus.isUp, () => false);

/** Calls `listener` with every live event (null: some may have been missed) while the component is mounted. */
export function useLiveEvents(listener: LiveListener): void {
  const ref = useRef(listener);
  ref.current = listener;
  useEffect(() => liveBus.subscribe((e) => ref.current(e)), []);
}
