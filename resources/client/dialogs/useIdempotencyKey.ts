import { useCallback, useState } from 'react';

/** A fresh random key (UUID v4 where available). */
function newKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The `Idempotency-Key` of one opening of a dialog: made when `open` turns true, kept for every submission and retry
 * of that opening so the server applies the movement once. `renew` starts a new key (after a definite refusal).
 */
export function useIdempotencyKey(open: boolean): { key: string; renew: () => void } {
  const [state, setState] = useState(() => ({ open, key: newKey() }));
  let current = state;
  if (state.open !== open) {
    // Adjusting state during render (React's documented pattern): a new opening gets a new key before it renders.
    current = { open, key: open ? newKey() : state.key };
    setState(current);
  }
  const renew = useCallback(() => setState((s) => ({ ...s, key: newKey() })), []);
  return { key: current.key, renew };
}
