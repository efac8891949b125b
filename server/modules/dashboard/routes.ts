import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requires } from '../../core/access';
import { ctx, signedIn } from '../../core/context';
import { errorResponses } from '../../core/errors';
import { OPEN_STATUSES } from '../../../domain/dashboard';
import { product, resolveRange, summary, team, teamProduct, type Range } from './service';
import { productSchema, rangeQuery, summarySchema, teamProductSchema, teamSchema, type RangeQuery } from './schemas';
import { typed } from '../../core/typed';

const tags = ['dashboard'];
/** Team figures: a leader's teamstat, a supervisor's stat (administrators have every grant). */
const teamChain = ['teamstat', 'stat'];

const open = Object.entries(OPEN_STATUSES)
  .map(([kind, statuses]) => `${kind}: ${statuses.join('/')}`)
  .join('; ');

const COMMON =
  "Range: `from`/`to` are inclusive days (YYYY-MM-DD) in the tenant's time zone (GET /setting/admin/v1/locale; " +
  'default Asia/Shanghai): from 00:00 of `from` to 00:00 of the day after `to`, in that zone. Defaults: the 1st of ' +
  "the current month to today; `to` before `from` or a day that does not exist is 400. Scope: the caller's data " +
  "scope (a salesman his own clients, a team leader his and his salesmen's, supervisors and administrators all; " +
  "records by the agent copied on them, orders and accounts by their client's agent). Amounts are exact decimal " +
  'strings summed by PostgreSQL over numeric columns, one entry per currency (sorted, absent when nothing counts), ' +
  'each with `count`, the number of records or orders in it. Figures are exact, read from sums kept per agent ' +
  'in the same transactions as the records (migration 0026_statistics; ledger:check compares them with the ' +
  'records), not estimates. An answer is reused for 10 s per caller and range unless a write through the API ' +
  'happens meanwhile.';

const CLIENTS =
  'clients: total (every client in scope), real (fake = false), robot (fake = true), new (registered in the range, ' +
  'real and robot), new_real (real ones registered in the range).';
const MONEY =
  'deposits: approved deposit records whose approval (resolved_at) falls in the range, summed as credited ' +
  "(credit_amount in the account's currency, the amount the deposit statistic of the account grew by); pending, " +
  'rejected and rolled-back deposits do not count. Bonus (reward) and bonus points (compensation) are overdrawn ' +
  'records, not deposits, and never count (spec section 9), nor do loans. withdrawals: approved (paid out) ' +
  'withdrawal records whose approval falls in the range, in their currency; pending, rejected and rolled back ' +
  'ones do not count.';
const KINDS =
  `Per product kind (every kind, in the product order): open = orders open now (not in the range) by kind: ${open}; ` +
  'amount is the principal (`amount`, fees excluded). placed = orders created in the range whatever their status ' +
  'now. arrears = orders owing now (waiting_payment, outstanding): the owed amount.';

/** The validated range of a request in the tenant's zone. */
const rangeOf = (req: FastifyRequest, query: RangeQuery): Promise<Range> =>
  resolveRange(ctx(req).db, signedIn(ctx(req)).tenantId, query);

/** The dashboard's statistics (spec section 2 "Statistics tabs", section 3 "Dashboard stat groups"). */
export const dashboardRoutes: FastifyPluginAsync = async (plugin) => {
  const app = typed(plugin);
  app.get(
    '/dashboard/admin/v1/summary',
    {
      config: { permission: requires('dashboard', 'read') },
      schema: {
        tags,
        querystring: rangeQuery,
        description:
          'The Summary tab: client counts, deposits and withdrawals in the range per currency, and the order ' +
          `exposure now per currency. ${CLIENTS} ${MONEY} exposure (now, not the range), one row per currency ` +
          "that has an account or an open order: balance = the sum of the accounts' balance (available money, " +
          'frozen excluded); fo_amount = open stock (limit-up stocks, resource fo) orders: pending or holding; ' +
          'otc_amount = open block (OTC) orders: pending or holding; quant_amount = open quant orders: pending, ' +
          'holding or awaiting settlement; ipo_amount = IPO subscriptions pending, approved, waiting_payment, ' +
          'outstanding or holding; funds_amount = open fund, AI and saving orders: pending, holding or awaiting; ' +
          "each the orders' principal (`amount`); arrears_amount = the owed amount of orders in waiting_payment or " +
          `outstanding (IPO allocations above what was frozen), arrears_orders = their number. ${COMMON}`,
        response: { 200: summarySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => summary(ctx(req).db, signedIn(ctx(req)), await rangeOf(req, req.query)),
  );

  app.get(
    '/dashboard/admin/v1/product',
    {
      config: { permission: requires('dashboard', 'read') },
      schema: {
        tags,
        querystring: rangeQuery,
        description: `The Product tab: order counts and amounts per product kind and currency. ${KINDS} ${COMMON}`,
        response: { 200: productSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => product(ctx(req).db, signedIn(ctx(req)), await rangeOf(req, req.query)),
  );

  app.get(
    '/dashboard/admin/v1/team',
    {
      config: { permission: requires(teamChain, 'read') },
      schema: {
        tags,
        querystring: rangeQuery,
        description:
          'The Team Stat tab: per team and per member. A team is a team leader (superman) with the salesmen ' +
          'whose leader he is; its figures are those of the clients whose agent is the leader or one of them. ' +
          "Team leaders see their own team; supervisors and administrators every leader's team (also without " +
          'figures) and, when there are any, one more with leader_id null: the clients of agents in no team ' +
          "(administrators, supervisors, salesmen without a leader) and of no agent. `agents`: the team's members " +
          '(the leader and his salesmen, also without figures), and anyone else with figures in it; agent_id null: ' +
          `clients without an agent. Team figures are SQL grouping sets over the same rows as the members'. ${CLIENTS} ` +
          `${MONEY} Requires teamstat:read (team leaders) or stat:read (supervisors); salesmen get 403. ${COMMON}`,
        response: { 200: teamSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => team(ctx(req).db, signedIn(ctx(req)), await rangeOf(req, req.query)),
  );

  app.get(
    '/dashboard/admin/v1/team_product',
    {
      config: { permission: requires(teamChain, 'read') },
      schema: {
        tags,
        querystring: rangeQuery,
        description:
          "The Team Product Stat tab: per team (as in GET /dashboard/admin/v1/team, by the agent of the order's " +
          `client) and product kind. ${KINDS} Requires teamstat:read or stat:read; salesmen get 403. ${COMMON}`,
        response: { 200: teamProductSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => teamProduct(ctx(req).db, signedIn(ctx(req)), await rangeOf(req, req.query)),
  );
};
