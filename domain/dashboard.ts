/**
 * The dashboard statistics' answers (GET /dashboard/admin/v1/{summary,product,team,team_product}): the API's service
 * (server/modules/dashboard/service.ts) answers these types and the console (src/dashboard) reads them; the routes'
 * JSON schemas (server/modules/dashboard/schemas.ts) describe the same. Amounts are exact decimal strings.
 */
import type { OrderStatus, TradeProduct } from './trading';

/** One currency's exact sum, and how many records or orders make it. */
export interface CurrencySum {
  currency: string;
  amount: string;
  count: number;
}

/** Client counts in scope. */
export interface ClientCounts {
  total: number;
  real: number;
  robot: number;
  new: number;
  new_real: number;
}

/** The statuses in which an order of each kind is open (its money is on the platform, in the product):
 * the exposure figures count these, and the dashboard's product links filter the orders list by them. */
export const OPEN_STATUSES: Readonly<Record<TradeProduct, readonly OrderStatus[]>> = {
  stock: ['pending', 'holding'],
  block: ['pending', 'holding'],
  daily: ['pending', 'holding', 'unsettled'],
  ipo: ['pending', 'approved', 'waiting_payment', 'outstanding', 'holding'],
  ai: ['pending', 'holding', 'awaiting'],
  fund: ['pending', 'holding', 'awaiting'],
  quant: ['pending', 'holding', 'awaiting'],
  saving: ['pending', 'holding', 'awaiting'],
};

/** The status filter of a kind's open orders (an orders list's `status`, a comma list): OPEN_STATUSES of the kind. */
export const openStatusFilter = (kind: TradeProduct): string => OPEN_STATUSES[kind].join(',');

/** The summary's exposure figures and the product kinds each sums (open orders' amount). */
export const EXPOSURE_KINDS = {
  fo_amount: ['stock'],
  otc_amount: ['block'],
  quant_amount: ['quant'],
  ipo_amount: ['ipo'],
  funds_amount: ['fund', 'ai', 'saving'],
} as const satisfies Record<string, readonly TradeProduct[]>;

/** One currency's balance and order exposure. */
export type ExposureRow = {
  currency: string;
  balance: string;
  arrears_amount: string;
  arrears_orders: number;
} & Record<keyof typeof EXPOSURE_KINDS, string>;

/** The range an answer covers: inclusive days in the tenant's time zone. */
export interface RangeAnswer {
  from: string;
  to: string;
  time_zone: string;
}

/** One day's deposits and withdrawals per currency (the summary's time series; days without any are left out). */
export interface DayMoney {
  day: string;
  deposits: CurrencySum[];
  withdrawals: CurrencySum[];
}

/** The summary tab. */
export interface Summary extends RangeAnswer {
  clients: ClientCounts;
  deposits: CurrencySum[];
  withdrawals: CurrencySum[];
  daily: DayMoney[];
  exposure: ExposureRow[];
}

/** One product kind's figures. */
export interface KindRow {
  kind: TradeProduct;
  open: CurrencySum[];
  placed: CurrencySum[];
  arrears: CurrencySum[];
}

/** The product tab. */
export interface ProductStats extends RangeAnswer {
  kinds: KindRow[];
}

/** Client counts, deposits and withdrawals of a team or an agent. */
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

/** The team tab. */
export interface TeamStats extends RangeAnswer {
  teams: TeamRow[];
}

/** The team × product tab. */
export interface TeamProductStats extends RangeAnswer {
  teams: { leader_id: number | null; leader_name: string | null; kinds: KindRow[] }[];
}

/** Each part's answer by its path's last segment. */
export interface DashboardParts {
  summary: Summary;
  product: ProductStats;
  team: TeamStats;
  team_product: TeamProductStats;
}
