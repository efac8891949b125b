import { useSyncExternalStore } from 'react';

/** The progress bar never shows less than this while visible (spec section 9). */
export const PROGRESS_MIN = 0.3;

/** Counts the pending activities (navigations, lazy pages, requests) that keep the top progress bar visible. */
export function createProgress() {
  let pending = 0;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  return {
    /** Starts an activity; call the returned function (once) when it is over. */
    start(): () => void {
      pending++;
      emit();
      let done = false;
      return () => {
        if (done) return;
        done = true;
        pending--;
        emit();
      };
    },
    pending: () => pending,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type Progress = ReturnType<typeof createProgress>;

export const progress = createProgress();

/** The next value of a trickling bar: grows quickly at first, then slower, never reaching 1 by itself. */
export function trickle(value: number): number {
  const v = Math.max(PROGRESS_MIN, value);
  const step = v < 0.5 ? 0.1 : v < 0.8 ? 0.04 : v < 0.95 ? 0.01 : 0;
  return Math.min(0.95, v + step);
}

/** Whether any activity is pending. */
export function useProgressPending(p: Progress = progress): boolean {
  return useSyncExternalStore(p.subscribe, () => p.pending() > 0);
}
