import type { FastifyPluginAsync } from 'fastify';
import { entityList } from '../../core/entity';
import { TOTAL_DESCRIPTION } from '../../core/list';
import { requires } from '../../core/access';
import { ctx } from '../../core/context';
import { errorResponses } from '../../core/errors';
import {
  accessListResponse,
  accessQuery,
  accountListResponse,
  bankListResponse,
  changeAgentBody,
  chainResponse,
  clientDetail as clientDetailSchema,
  createRobotBody,
  holdingListResponse,
  idParams,
  nomineeListResponse,
  okResponse,
  resetCodeResponse,
  resetPasswordBody,
  toggleBody,
  tradeSettings,
  tradeSettingsBody,
  usernameQuery,
} from './schemas';
import {
  changeAgent,
  createRobot,
  forceOffline,
  getTradeSettings,
  issueResetCode,
  resetPassword,
  saveTradeSettings,
  setActive,
  setFake,
} from './actions';
import {
  agentChain,
  clientAccessRecords,
  clientAccounts,
  clientBanks,
  clientDetail,
  clientHoldings,
  clientNominees,
  findByUsername,
} from './drawer';
import { clientListSpec } from './list';
import { typed } from '../../core/typed';

const tags = ['client'];
const SCOPE =
  "Data scope: a salesman sees his own clients, a team leader his and his salesmen's, supervisors and administrators " +
  'all clients of the tenant; a client outside the scope answers 404.';
const AUDITED = 'Audited with before/after.';

/** Client management (spec section 7 "Clients") and the client drawer's tabs. */
export const clientRoutes: FastifyPluginAsync = async (plugin) => {
  const app = typed(plugin);
  entityList(app, clientListSpec);

  app.post(
    '/client/admin/v1/create',
    {
      config: { permission: requires('client', 'robot') },
      schema: {
        tags,
        description: `Creates a robot (fake) client with accounts (default USD). The agent defaults to the creator when a salesman or team leader; agent_id must be in the creator's scope. 409 username_taken. ${AUDITED}`,
        body: createRobotBody,
        response: { 200: clientDetailSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    (req) => createRobot(ctx(req), req.body),
  );

  app.post(
    '/client/admin/v1/status/:id',
    {
      config: { permission: requires('client', 'update') },
      schema: {
        tags,
        description: `Enables or disables the client: sets \`active\` when given, else flips it. ${AUDITED} ${SCOPE}`,
        params: idParams,
        body: toggleBody('active'),
        response: {
          200: { type: 'object', properties: { active: { type: 'boolean' } } },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    (req) => setActive(ctx(req), req.params.id, req.body?.active),
  );

  app.get(
    '/client/admin/v1/detail/:id',
    {
      config: { permission: requires('client', 'read') },
      schema: {
        tags,
        description: `The client (spec section 3) with agent_name, superman (team leader name) and accounts. ${SCOPE}`,
        params: idParams,
        response: { 200: clientDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => clientDetail(ctx(req), req.params.id),
  );

  app.get(
    '/client/admin/v1/trade/:id',
    {
      config: { permission: requires('client', 'read') },
      schema: {
        tags,
        description: `Trade settings (our design): buy_enabled, sell_enabled, max_leverage (1-100), daily_limit (decimal string, null = none); defaults for what was never saved. ${SCOPE}`,
        params: idParams,
        response: { 200: tradeSettings, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => getTradeSettings(ctx(req), req.params.id),
  );

  app.post(
    '/client/admin/v1/trade/:id',
    {
      config: { permission: requires('client', 'update') },
      schema: {
        tags,
        description: `Saves any of the trade settings; answers all of them. ${AUDITED} ${SCOPE}`,
        params: idParams,
        body: tradeSettingsBody,
        response: { 200: tradeSettings, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => saveTradeSettings(ctx(req), req.params.id, req.body),
  );

  app.get(
    '/client/admin/v1/code/:id',
    {
      config: { permission: requires('client', 'reset') },
      schema: {
        tags,
        description: `A new 6-digit temporary code for the client's password reset, valid 10 minutes, answered once (stored hashed; replaces the previous code). Audited (without the code). ${SCOPE}`,
        params: idParams,
        response: { 200: resetCodeResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req, reply) => {
      reply.header('cache-control', 'no-store');
      return issueResetCode(ctx(req), req.params.id);
    },
  );

  app.put(
    '/client/admin/v1/resetpwd/:id',
    {
      config: { permission: requires('client', 'reset') },
      schema: {
        tags,
        description: `Sets the client's password (MD5 hex on the wire, stored argon2id); the client's app sessions end. ${AUDITED} ${SCOPE}`,
        params: idParams,
        body: resetPasswordBody,
        response: { 200: okResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await resetPassword(ctx(req), req.params.id, req.body.password);
      return {};
    },
  );

  app.post(
    '/user/v1/change_agent/:id',
    {
      config: { permission: requires('client', 'assign') },
      schema: {
        tags,
        description: `Moves the client to another agent (\`user_id\`: an active salesman or team leader of the tenant; else 400). ${AUDITED} ${SCOPE}`,
        params: idParams,
        body: changeAgentBody,
        response: { 200: okResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await changeAgent(ctx(req), req.params.id, req.body.user_id);
      return {};
    },
  );

  app.put(
    '/client/admin/v1/fake/:id',
    {
      config: { permission: requires('client', 'robot') },
      schema: {
        tags,
        description: `Marks the client real or robot: sets \`fake\` when given, else flips it. ${AUDITED} ${SCOPE}`,
        params: idParams,
        body: toggleBody('fake'),
        response: {
          200: { type: 'object', properties: { fake: { type: 'boolean' } } },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    (req) => setFake(ctx(req), req.params.id, req.body?.fake),
  );

  app.get(
    '/client/admin/v1/username',
    {
      config: { permission: requires('client', 'read') },
      schema: {
        tags,
        description: `Exact username search within the scope (\`fake\`: real/robot). 404 client_not_found ('未找到该用户或其账户。') when there is no such client in scope or it has no account.`,
        querystring: usernameQuery,
        response: { 200: clientDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => findByUsername(ctx(req), req.query.username, req.query.fake),
  );

  app.get(
    '/user/admin/v1/tfl/:id',
    {
      config: { permission: requires('client', 'read') },
      schema: {
        tags,
        description: `The client's hierarchy (our design): its agent, then the agent's team leader; a client owned by a team leader directly has just him. ${SCOPE}`,
        params: idParams,
        response: { 200: chainResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => agentChain(ctx(req), req.params.id),
  );

  app.get(
    '/client/admin/v1/order/holding/:id',
    {
      config: { permission: requires('client', 'read') },
      schema: {
        tags,
        description: `The client's holdings (positions written by the trading modules). ${SCOPE}`,
        params: idParams,
        response: { 200: holdingListResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => clientHoldings(ctx(req), req.params.id),
  );

  app.put(
    '/client/admin/v1/offline/:id',
    {
      config: { permission: requires('client', 'update') },
      schema: {
        tags,
        description: `Forces the client offline: bumps client.session_version, so every client-app session issued before is refused. ${AUDITED} ${SCOPE}`,
        params: idParams,
        response: {
          200: { type: 'object', properties: { session_version: { type: 'integer' } } },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    (req) => forceOffline(ctx(req), req.params.id),
  );

  app.get(
    '/acc/admin/v1/list/:id',
    {
      config: { permission: requires('client', 'read') },
      schema: {
        tags,
        description: `The client's accounts (spec section 3 "Account"), amounts as decimal strings. ${SCOPE}`,
        params: idParams,
        response: { 200: accountListResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => clientAccounts(ctx(req), req.params.id),
  );

  app.get(
    '/client/admin/v1/access/:id',
    {
      config: { permission: requires('client', 'read') },
      schema: {
        tags,
        description: `The client's access records (client-app sign-ins and sign-outs: ip, location, device), newest first. ${TOTAL_DESCRIPTION} ${SCOPE}`,
        params: idParams,
        querystring: accessQuery,
        response: { 200: accessListResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => clientAccessRecords(ctx(req), req.params.id, req.query),
  );

  app.get(
    '/client/admin/v1/bank/:id',
    {
      config: { permission: requires('client', 'read') },
      schema: {
        tags,
        description: `The client's bank cards (spec section 3 "Bank account"). ${SCOPE}`,
        params: idParams,
        response: { 200: bankListResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => clientBanks(ctx(req), req.params.id),
  );

  app.get(
    '/client/admin/v1/nominee/:id',
    {
      config: { permission: requires('client', 'read') },
      schema: {
        tags,
        description: `The client's beneficiaries (spec section 3 "Nominee"), largest share first. ${SCOPE}`,
        params: idParams,
        response: { 200: nomineeListResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => clientNominees(ctx(req), req.params.id),
  );
};
