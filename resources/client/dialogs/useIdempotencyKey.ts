import { useCallback, useState } from 'react';
import { newIdempotencyKey as newKey } from '../../engine/runAction';

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
