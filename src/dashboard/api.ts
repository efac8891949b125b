/**
 * The dashboard statistics calls (server/modules/dashboard): GET /dashboard/admin/v1/{summary,product,team,
 * team_product}?from&to through the dataProvider under react-query; their answers' types are domain/dashboard.ts's.
 */
import { useQuery } from '@tanstack/react-query';
import { useConsoleDataProvider } from '../../dataProvider/useConsoleDataProvider';
import type { DashboardParts } from '../../domain/dashboard';

export type {
  AgentRow,
  ClientCounts,
  CurrencySum,
  DayMoney,
  ExposureRow,
  KindRow,
  MoneyFigures,
  ProductStats,
  Summary,
  TeamProductStats,
  TeamRow,
  TeamStats,
} from '../../domain/dashboard';

type Parts = DashboardParts;
export type Part = keyof Parts;

/** A date range: inclusive days (YYYY-MM-DD) in the tenant's time zone. */
export interface DayRange {
  from: string;
  to: string;
}

/** One part of the statistics for a range (kept while the next range loads). */
export function useDashboard<P extends Part>(part: P, range: DayRange, enabled = true) {
  const dataProvider = useConsoleDataProvider();
  return useQuery({
    queryKey: ['dashboard', part, range.from, range.to],
    queryFn: ({ signal }) =>
      dataProvider.call<Parts[P]>(`/dashboard/admin/v1/${part}`, {
        query: { from: range.from, to: range.to },
        signal,
      }),
    enabled,
    // A failure shows at once with its retry button (the figures are heavy: no automatic repeats).
    retry: false,
    placeholderData: (previous) => previous,
  });
}
