import { useCallback, useEffect, useRef, useState } from 'react';

/** The state of one load: its data, error and loading flag, and `reload` to fetch again. */
export interface LoadState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * Loads `fetcher()` when `key` changes (nothing while `key` is null) and on `reload()`; an answer that arrives after a
 * newer request started is ignored.
 */
export function useLoad<T>(key: string | number | null, fetcher: () => Promise<T>): LoadState<T> {
  const [state, setState] = useState<{ data?: T; error: unknown; loading: boolean }>({
    error: null,
    loading: key !== null,
  });
  const [tick, setTick] = useState(0);
  const seq = useRef(0);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;

  useEffect(() => {
    const ticket = ++seq.current;
    if (key === null) {
      setState({ error: null, loading: false });
      return;
    }
    setState((s) => ({ ...s, error: null, loading: true }));
    fetcherRef.current().then(
      (data) => ticket === seq.current && setState({ data, error: null, loading: false }),
      (error) =>
        ticket === seq.current && setState((s) => ({ ...s, error: error ?? new Error('failed'), loading: false })),
    );
    return () => {
      seq.current += 1;
    };
  }, [key, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}
