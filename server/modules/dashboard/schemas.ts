/**
 * Schemas of the dashboard statistics (spec section 3 "Dashboard stat groups"): the date range querystring and the
 * answers of the summary, product, team and team × product routes. Amounts are exact decimal strings per currency.
 */
import { TRADE_PRODUCTS } from '../../../domain/trading';
import { DAY_PATTERN as DAY } from '../../core/params';

const amount = { type: 'string', pattern: '^-?\\d+\\.\\d{2}$', description: 'Exact decimal, 2 places' } as const;
const count = { type: 'integer', minimum: 0 } as const;
const nullableId = { type: ['integer', 'null'] } as const;
const nullableText = { type: ['string', 'null'] } as const;

/** The querystring of every dashboard route: an inclusive range of days in the tenant's time zone. */
export const rangeQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
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
  },
} as const;
export interface RangeQuery {
  from?: string;
  to?: string;
}

/** One currency's sum: the amount and how many records or orders make it. */
export const currencySum = {
  type: 'object',
  additionalProperties: false,
  properties: { currency: { type: 'string' }, amount, count },
  required: ['currency', 'amount', 'count'],
} as const;
const sums = { type: 'array', items: currencySum } as const;

/** Client counts in scope. */
export const clientCounts = {
  type: 'object',
  additionalProperties: false,
  properties: {
    total: count,
    real: { ...count, description: 'Clients that are not robots (fake = false)' },
    robot: { ...count, description: 'Robot (fake) clients' },
    new: { ...count, description: 'Clients registered in the range (real and robot)' },
    new_real: { ...count, description: 'Real clients registered in the range' },
  },
  required: ['total', 'real', 'robot', 'new', 'new_real'],
} as const;

/** One currency's order exposure (spec "order exposure"). */
export const exposureRow = {
  type: 'object',
  additionalProperties: false,
  properties: {
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
  required: [
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
} as const;

const range = {
  from: { type: 'string', format: 'date' },
  to: { type: 'string', format: 'date' },
  time_zone: { type: 'string', description: "The tenant's IANA time zone the days are read in" },
} as const;
const rangeKeys = ['from', 'to', 'time_zone'] as const;

/** GET /dashboard/admin/v1/summary. */
export const summarySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...range,
    clients: clientCounts,
    deposits: sums,
    withdrawals: sums,
    daily: {
      type: 'array',
      description:
        "The range's deposits and withdrawals per day (the tenant's days, in order; days without any left out)",
      items: {
        type: 'object',
        additionalProperties: false,
        properties: { day: { type: 'string', format: 'date' }, deposits: sums, withdrawals: sums },
        required: ['day', 'deposits', 'withdrawals'],
      },
    },
    exposure: { type: 'array', items: exposureRow },
  },
  required: [...rangeKeys, 'clients', 'deposits', 'withdrawals', 'daily', 'exposure'],
} as const;

/** The figures of one product kind. */
export const kindRow = {
  type: 'object',
  additionalProperties: false,
  properties: {
    kind: { type: 'string', enum: [...TRADE_PRODUCTS] },
    open: { ...sums, description: 'Open orders now: amount (principal) and count per currency' },
    placed: { ...sums, description: 'Orders placed in the range (any status): amount and count per currency' },
    arrears: { ...sums, description: 'Orders owing now (waiting_payment, outstanding): owed and count per currency' },
  },
  required: ['kind', 'open', 'placed', 'arrears'],
} as const;

/** GET /dashboard/admin/v1/product. */
export const productSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { ...range, kinds: { type: 'array', items: kindRow } },
  required: [...rangeKeys, 'kinds'],
} as const;

const moneyFigures = {
  clients: clientCounts,
  deposits: sums,
  withdrawals: sums,
} as const;

/** One staff member's (or the unassigned clients') figures within a team. */
export const agentRow = {
  type: 'object',
  additionalProperties: false,
  properties: {
    agent_id: { ...nullableId, description: 'The agent (salesman or the leader himself); null: clients without one' },
    agent_name: nullableText,
    role: nullableText,
    ...moneyFigures,
  },
  required: ['agent_id', 'agent_name', 'role', 'clients', 'deposits', 'withdrawals'],
} as const;

/** One team's figures. */
export const teamRow = {
  type: 'object',
  additionalProperties: false,
  properties: {
    leader_id: { ...nullableId, description: 'The team leader; null: clients of agents in no team (or of none)' },
    leader_name: nullableText,
    ...moneyFigures,
    agents: { type: 'array', items: agentRow },
  },
  required: ['leader_id', 'leader_name', 'clients', 'deposits', 'withdrawals', 'agents'],
} as const;

/** GET /dashboard/admin/v1/team. */
export const teamSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { ...range, teams: { type: 'array', items: teamRow } },
  required: [...rangeKeys, 'teams'],
} as const;

/** One team's figures per product kind. */
export const teamProductRow = {
  type: 'object',
  additionalProperties: false,
  properties: {
    leader_id: nullableId,
    leader_name: nullableText,
    kinds: { type: 'array', items: kindRow },
  },
  required: ['leader_id', 'leader_name', 'kinds'],
} as const;

/** GET /dashboard/admin/v1/team_product. */
export const teamProductSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { ...range, teams: { type: 'array', items: teamProductRow } },
  required: [...rangeKeys, 'teams'],
} as const;
