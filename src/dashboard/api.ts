/**
 * The dashboard statistics calls (server/modules/dashboard): GET /dashboard/admin/v1/{summary,product,team,
 * team_product}?from&to through the dataProvider under react-query, and their answers' types.
 */
import { useQuery } from '@tanstack/react-query';
import { useConsoleDataProvider } from '../../dataProvider/useConsoleDataProvider';
import type { TradeProduct } from '../../domain/trade-config';

/** One currency's exact sum. */
export interface CurrencySum {
  currency: string;
  amount: string;
  count: number;
}
export interface ClientCounts {
  total: number;
  real: number;
  robot: number;
  new: number;
  new_real: number;
}
export interface ExposureRow {
  currency: string;
  balance: string;
  fo_amount: string;
  otc_amount: string;
  quant_amount: string;
  ipo_amount: string;
  funds_amount: string;
  arrears_amount: string;
  arrears_orders: number;
}
interface RangeAnswer {
  from: string;
  to: string;
  time_zone: string;
}
/** One day's deposits and withdrawals per currency (days without any are left out). */
export interface DayMoney {
  day: string;
  deposits: CurrencySum[];
  withdrawals: CurrencySum[];
}
export interface Summary extends RangeAnswer {
  clients: ClientCounts;
  deposits: CurrencySum[];
  withdrawals: CurrencySum[];
  daily: DayMoney[];
  exposure: ExposureRow[];
}
export interface KindRow {
  kind: TradeProduct;
  open: CurrencySum[];
  placed: CurrencySum[];
  arrears: CurrencySum[];
}
export interface ProductStats extends RangeAnswer {
  kinds: KindRow[];
}
export interface MoneyFigures {
  clients: ClientCounts;
  deposits: CurrencySum[];
  withdrawals: CurrencySum[];
}
export interface AgentRow extends MoneyFigures {
  agent_id: number | null;
  agent_name: string | null;
  role: string | null;
}
export interface TeamRow extends MoneyFigures {
  leader_id: number | null;
  leader_name: string | null;
  agents: AgentRow[];
}
export interface TeamStats extends RangeAnswer {
  teams: TeamRow[];
}
export interface TeamProductStats extends RangeAnswer {
  teams: { leader_id: number | null; leader_name: string | null; kinds: KindRow[] }[];
}

interface Parts {
  summary: Summary;
  product: ProductStats;
  team: TeamStats;
  team_product: TeamProductStats;
}
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
