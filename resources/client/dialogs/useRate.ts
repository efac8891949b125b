import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useConsoleDataProvider } from '../../../dataProvider/useConsoleDataProvider';
import { fundsApi } from './api';

/** The rate state of a currency pair: the loaded rate, whether it is loading, whether it failed. */
export interface RateState {
  rate: number | null;
  loading: boolean;
  error: boolean;
  /** What failed (the API's answer names its request), when it failed. */
  failure?: unknown;
}

/**
 * The exchange rate from `primary` to `secondary`; 1 without a request when they are equal, nothing when either is
 * missing. Each pair is its own query (key `['currency', 'rate', primary, secondary]`), so a slow answer to an earlier
 * pair never shows; a pair left is forgotten (gcTime 0): coming back to it asks the API again, as money needs the
 * current rate. `onError` runs once per failed request.
 */
export function useRate(
  primary: string | null | undefined,
  secondary: string | null | undefined,
  onError?: (failure: unknown) => void,
  /** The exchange dialog: the rate the exchange runs at (less the spread), not the market rate. */
  exchange = false,
): RateState {
  const dataProvider = useConsoleDataProvider();
  const asked = !!primary && !!secondary && primary !== secondary;
  const query = useQuery({
    queryKey: ['currency', 'rate', primary, secondary, exchange],
    queryFn: ({ signal }) => fundsApi(dataProvider).rate(primary!, secondary!, signal, exchange),
    enabled: asked,
    retry: false,
    gcTime: 0,
  });
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  });
  const failedAt = asked && query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) onErrorRef.current?.(query.error);
  }, [failedAt, query.error]);

  if (!primary || !secondary) return { rate: null, loading: false, error: false };
  if (primary === secondary) return { rate: 1, loading: false, error: false };
  return { rate: query.data ?? null, loading: query.isLoading, error: query.isError, failure: query.error };
}
