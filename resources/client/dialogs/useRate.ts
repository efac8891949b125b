import { useEffect, useRef, useState } from 'react';
import { fundsApi } from './api';

/** The rate state of a currency pair: the loaded rate, whether it is loading, whether it failed. */
export interface RateState {
  rate: number | null;
  loading: boolean;
  error: boolean;
}

/**
 * The exchange rate from `primary` to `secondary`; 1 without a request when they are equal, nothing when either is
 * missing. Only the answer to the latest pair is kept: a slow answer to an earlier pair is ignored.
 * `onError` runs once per failed (non-stale) request.
 */
export function useRate(
  primary: string | null | undefined,
  secondary: string | null | undefined,
  onError?: () => void,
): RateState {
  const [state, setState] = useState<RateState>({ rate: null, loading: false, error: false });
  const seq = useRef(0);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  useEffect(() => {
    const ticket = ++seq.current;
    if (!primary || !secondary) {
      setState({ rate: null, loading: false, error: false });
      return;
    }
    if (primary === secondary) {
      setState({ rate: 1, loading: false, error: false });
      return;
    }
    setState({ rate: null, loading: true, error: false });
    fundsApi.rate(primary, secondary).then(
      (rate) => {
        if (ticket === seq.current) setState({ rate, loading: false, error: false });
      },
      () => {
        if (ticket !== seq.current) return;
        setState({ rate: null, loading: false, error: true });
        onErrorRef.current?.();
      },
    );
    return () => {
      seq.current += 1;
    };
  }, [primary, secondary]);
  return state;
}
