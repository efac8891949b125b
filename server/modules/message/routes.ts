import type { FastifyPluginAsync } from 'fastify';
import { message, messageTemplate, type MessageRow } from '../../../domain/message';
import { requires } from '../../core/access';
import { ctx, signedIn } from '../../core/context';
import { entityList, listQuery, readList, rowSchema } from '../../core/entity';
import { entityWrites } from '../../core/entity-writes';
import { errorResponses } from '../../core/errors';
import { listResponseSchema, TOTAL_DESCRIPTION } from '../../core/list';
import { write } from '../../core/write';
import { readLocaleView } from '../setting/service';
import { composeBody, idParams, messageRow, recipientList, recipientsQuery, templateRow } from './schemas';
import { cancelMessage, composeMessage, messageListSpec, messageOf, recipientsOf } from './messages';
import { templateListSpec, templateOf, templateWritesSpec } from './templates';
import { deliverDue, startScheduler } from './delivery';
import { typed } from '../../core/typed';

const tags = ['message'];
const route = (path: string | undefined) => path!.replace('{id}', ':id');
const AUDITED = 'Audited (who, before, after) in the same transaction.';
const SCOPE =
  'Data scope as for clients: a salesman sees the messages that reach one of his clients, a team leader those he ' +
  'composed or that reach his team, supervisors and administrators every message of the tenant; recipients and ' +
  'read are counted within that scope; a message outside it answers 404.';
const DELIVERY =
  'A scheduled message is delivered (status sent, sent_at) by an in-process timer every 30 s and before each read ' +
  "of the list; one UPDATE ... WHERE status='scheduled' AND send_at <= now() delivers it once however many API " +
  'processes run (audited as message.deliver by system).';
/** How often the timer delivers due messages. */
export const DELIVERY_INTERVAL_MS = 30_000;

/** In-site messages and their templates (spec section 2 "message"; paths are ours). */
export const messageRoutes: FastifyPluginAsync = async (plugin) => {
  const app = typed(plugin);
  const stop = startScheduler(app.db, DELIVERY_INTERVAL_MS, (e) => app.log.error(e, 'message delivery failed'));
  app.addHook('onClose', async () => stop());

  app.get(
    message.paths.list,
    {
      config: { permission: requires('message', 'read') },
      schema: {
        tags,
        description:
          'Messages (title, audience, team leader, status, scheduled and sent time, recipients and read counts, who ' +
          `composed it), newest first. Filters: title prefix, audience, status, created_at days. ${SCOPE} ${DELIVERY} ` +
          `Sort: id. ${TOTAL_DESCRIPTION}`,
        querystring: listQuery(message),
        response: { 200: listResponseSchema(rowSchema(message)), ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const staff = signedIn(ctx(req));
      await deliverDue(app.db, staff.tenantId);
      return readList(messageListSpec(staff), ctx(req), req.query);
    },
  );

  // Templates: read by everyone who may read messages (a team leader composes from them), written with message
  // config (the definition's writeGrant), so the texts clients receive are the ones the office approved.
  entityList(app, templateListSpec);

  app.get(
    route(messageTemplate.paths.one),
    {
      config: { permission: requires('message', 'read') },
      schema: {
        tags,
        description: "One template of the tenant; another tenant's or a missing one: 404.",
        params: idParams,
        response: { 200: templateRow, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => templateOf(ctx(req).db, signedIn(ctx(req)).tenantId, req.params.id),
  );

  entityWrites(app, templateWritesSpec);

  app.post(
    route(message.paths.create),
    {
      config: { permission: requires('message', 'create') },
      schema: {
        tags,
        description:
          'Composes a message. audience: client (username), clients (usernames: commas, spaces or new lines), team ' +
          "(team_leader_id: a team leader's own clients and his salesmen's; a team leader composing: himself, " +
          'another leader 400 leader_own_team), all (every real client of the tenant; supervisors and administrators ' +
          "only, else 403). Named clients must exist within the caller's scope (400 clients_unknown listing them); " +
          'a team or all reaches real clients (robots left out). The recipients are fixed now; none: 400 ' +
          'no_recipients. template_id: its texts fill the fields not given. zh-CN title and body required, en-US ' +
          "optional; bodies sanitised; unknown {{variable}}: 400 unknown_variable. send_at (tenant's time zone " +
          'unless an offset is given) in the future: status scheduled, else 400 send_at_past; without it the ' +
          `message is sent now. Answers the message with its counts. ${AUDITED}`,
        body: composeBody,
        response: { 200: messageRow, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const staff = signedIn(ctx(req));
      const { timezone } = await readLocaleView(ctx(req).db, staff.tenantId);
      return write(req, {
        action: 'message.create',
        resource: 'message',
        targetId: (r: MessageRow) => r.id,
        run: (tx) => composeMessage(tx, staff, req.body, timezone),
        // the audit row keeps what was sent, not the (long) bodies
        after: (r: MessageRow) => ({ ...r, body: undefined, body_en: undefined }),
      });
    },
  );

  app.get(
    route(message.paths.one),
    {
      config: { permission: requires('message', 'read') },
      schema: {
        tags,
        description: `One message with its texts and counts. ${SCOPE}`,
        params: idParams,
        response: { 200: messageRow, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => messageOf(ctx(req).db, signedIn(ctx(req)), req.params.id),
  );

  app.get(
    route(message.paths.recipients),
    {
      config: { permission: requires('message', 'read') },
      schema: {
        tags,
        description:
          "A message's recipients within the caller's scope, by client id: username, name, agent, read and read_at " +
          '(set when the client app first shows the message; the client app reads its rows of message_recipient and ' +
          `renders the {{variables}} with domain/message.ts renderMessage). Paged (page, page_size); total exact. ${SCOPE}`,
        params: idParams,
        querystring: recipientsQuery,
        response: { 200: recipientList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => recipientsOf(ctx(req).db, signedIn(ctx(req)), req.params.id, req.query),
  );

  app.post(
    route(message.paths.cancel),
    {
      config: { permission: requires('message', 'create') },
      schema: {
        tags,
        description:
          'Cancels a scheduled message (whoever may compose may withdraw; a team leader only messages he composed). ' +
          `Already sent or cancelled: 409 invalid_state, nothing changed. ${SCOPE} ${AUDITED}`,
        params: idParams,
        response: { 200: messageRow, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'message.cancel',
        resource: 'message',
        targetId: req.params.id,
        before: (tx) => messageOf(tx, staff, req.params.id).then((m) => ({ status: m.status, send_at: m.send_at })),
        run: (tx) => cancelMessage(tx, staff, req.params.id),
        after: (r) => ({ status: r.status, send_at: r.send_at }),
      });
    },
  );
};
