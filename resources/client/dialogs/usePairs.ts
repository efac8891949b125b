import { useQuery } from '@tanstack/react-query';
import { currencyPair } from '../../../domain/currency-pair';
import { useConsoleDataProvider } from '../../../dataProvider/useConsoleDataProvider';

/** The enabled currency pairs (GET /currency_pair/admin/v1/enabled) and whether the tenant restricts to them. */
export interface EnabledPairs {
  restricted: boolean;
  data: { base: string; quote: string; decimals: number }[];
}

/**
 * The tenant's enabled pairs while the exchange dialog is open. Until they are in, or when they cannot be read,
 * nothing is filtered: the API refuses a disabled pair anyway (409 pair_disabled).
 */
export function useEnabledPairs(open: boolean): EnabledPairs | undefined {
  const dataProvider = useConsoleDataProvider();
  return useQuery({
    queryKey: ['currency_pair', 'enabled'],
    queryFn: () => dataProvider.call<EnabledPairs>(currencyPair.paths.enabled),
    enabled: open,
    retry: false,
    gcTime: 0,
  }).data;
}

/** Whether an exchange from currency `a` to `b` is offered: the same currency, no restriction, or an enabled pair. */
export function pairAllowed(pairs: EnabledPairs | undefined, a: string, b: string): boolean {
  if (a === b || !pairs || !pairs.restricted) return true;
  return pairs.data.some((p) => (p.base === a && p.quote === b) || (p.base === b && p.quote === a));
}
