/**
 * Schemas of the dashboard statistics (spec section 3 "Dashboard stat groups"): the date range querystring and the
 * answers of the summary, product, team and team × product routes. Amounts are exact decimal strings per currency.
 */
import { closed } from '../../core/schema';
import { TRADE_PRODUCTS } from '../../../domain/trading';
import { DAY_PATTERN as DAY } from '../../core/params';
import type { Input } from '../../core/typed';

const amount = { type: 'string', pattern: '^-?\\d+\\.\\d{2}$', description: 'Exact decimal, 2 places' } as const;
const count = { type: 'integer', minimum: 0 } as const;
const nullableId = { type: ['integer', 'null'] } as const;
const nullableText = { type: ['string', 'null'] } as const;

/** The querystring of every dashboard route: an inclusive range of days in the tenant's time zone. */
export const rangeQuery = closed({
  from: {
    type: 'string',
    pattern: DAY,
    format: 'date',
    description: "First day (inclusive, YYYY-MM-DD, in the tenant's time zone); default the 1st of this month",
  },
  to: {
    type: 'string',
    pattern: DAY,
    format: 'date',
    description: "Last day (inclusive); default today in the tenant's time zone. Not before `from`",
  },
});
export type RangeQuery = Input<typeof rangeQuery>;

/** One currency's sum: the amount and how many records or orders make it. */
export const currencySum = closed({ currency: { type: 'string' }, amount, count }, ['currency', 'amount', 'count']);
const sums = { type: 'array', items: currencySum } as const;

/** Client counts in scope. */
export const clientCounts = closed(
  {
    total: count,
    real: { ...count, description: 'Clients that are not robots (fake = false)' },
    robot: { ...count, description: 'Robot (fake) clients' },
    new: { ...count, description: 'Clients registered in the range (real and robot)' },
    new_real: { ...count, description: 'Real clients registered in the range' },
  },
  ['total', 'real', 'robot', 'new', 'new_real'],
);

/** One currency's order exposure (spec "order exposure"). */
export const exposureRow = closed(
  {
    currency: { type: 'string' },
    balance: amount,
    fo_amount: amount,
    otc_amount: amount,
    quant_amount: amount,
    ipo_amount: amount,
    funds_amount: amount,
    arrears_amount: amount,
    arrears_orders: count,
  },
  [
    'currency',
    'balance',
    'fo_amount',
    'otc_amount',
    'quant_amount',
    'ipo_amount',
    'funds_amount',
    'arrears_amount',
    'arrears_orders',
  ],
);

const range = {
  from: { type: 'string', format: 'date' },
  to: { type: 'string', format: 'date' },
  time_zone: { type: 'string', description: "The tenant's IANA time zone the days are read in" },
} as const;
const rangeKeys = ['from', 'to', 'time_zone'] as const;

/** GET /dashboard/admin/v1/summary. */
export const summarySchema = closed(
  {
    ...range,
    clients: clientCounts,
    deposits: sums,
    withdrawals: sums,
    daily: {
      type: 'array',
      description:
        "The range's deposits and withdrawals per day (the tenant's days, in order; days without any left out)",
      items: closed({ day: { type: 'string', format: 'date' }, deposits: sums, withdrawals: sums }, [
        'day',
        'deposits',
        'withdrawals',
      ]),
    },
    exposure: { type: 'array', items: exposureRow },
  },
  [...rangeKeys, 'clients', 'deposits', 'withdrawals', 'daily', 'exposure'],
);

/** The figures of one product kind. */
export const kindRow = closed(
  {
    kind: { type: 'string', enum: [...TRADE_PRODUCTS] },
    open: { ...sums, description: 'Open orders now: amount (principal) and count per currency' },
    placed: { ...sums, description: 'Orders placed in the range (any status): amount and count per currency' },
    arrears: { ...sums, description: 'Orders owing now (waiting_payment, outstanding): owed and count per currency' },
  },
  ['kind', 'open', 'placed', 'arrears'],
);

/** GET /dashboard/admin/v1/product. */
export const productSchema = closed({ ...range, kinds: { type: 'array', items: kindRow } }, [...rangeKeys, 'kinds']);

const moneyFigures = {
  clients: clientCounts,
  deposits: sums,
  withdrawals: sums,
} as const;

/** One staff member's (or the unassigned clients') figures within a team. */
export const agentRow = closed(
  {
    agent_id: { ...nullableId, description: 'The agent (salesman or the leader himself); null: clients without one' },
    agent_name: nullableText,
    role: nullableText,
    ...moneyFigures,
  },
  ['agent_id', 'agent_name', 'role', 'clients', 'deposits', 'withdrawals'],
);

/** One team's figures. */
export const teamRow = closed(
  {
    leader_id: { ...nullableId, description: 'The team leader; null: clients of agents in no team (or of none)' },
    leader_name: nullableText,
    ...moneyFigures,
    agents: { type: 'array', items: agentRow },
  },
  ['leader_id', 'leader_name', 'clients', 'deposits', 'withdrawals', 'agents'],
);

/** GET /dashboard/admin/v1/team. */
export const teamSchema = closed({ ...range, teams: { type: 'array', items: teamRow } }, [...rangeKeys, 'teams']);

/** One team's figures per product kind. */
export const teamProductRow = closed(
  {
    leader_id: nullableId,
    leader_name: nullableText,
    kinds: { type: 'array', items: kindRow },
  },
  ['leader_id', 'leader_name', 'kinds'],
);

/** GET /dashboard/admin/v1/team_product. */
export const teamProductSchema = closed({ ...range, teams: { type: 'array', items: teamProductRow } }, [
  ...rangeKeys,
  'teams',
]);
