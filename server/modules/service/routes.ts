import type { FastifyPluginAsync } from 'fastify';
import {
  service,
  serviceConfigSchema as configResponse,
  serviceDocBody as docBody,
  serviceEffectiveSchema as effectiveResponse,
} from '../../../domain/service';
import { requires } from '../../core/access';
import { ctx, signedIn } from '../../core/context';
import { entityList } from '../../core/entity';
import { errorResponses } from '../../core/errors';
import { write } from '../../core/write';
import { idParams } from '../../core/params';
import { deleteTeam, effectiveFor, readDefault, readTeam, saveDefault, saveTeam, serviceListSpec } from './service';
import { typed } from '../../core/typed';

const tags = ['service'];
const route = (path: string | undefined) => path!.replace('{id}', ':id');
const AUDITED = 'Audited (who, before, after) in the same transaction.';
const RULES =
  '`{ channels, hours }`: up to 20 channels `{ kind, value, label }` (kind chat: an http or https URL only, else 400 ' +
  'http_url; phone, whatsapp, email, telegram, line, wechat: their formats, else 400 invalid, on ' +
  "`channels.<i>.value`) and the 7 weekdays Monday first `{ day, closed, open, close }` (HH:mm in the tenant's time " +
  'zone, close after open: else 400 hours_order on `hours.<i>.close`). The same rules as the console (domain/service.ts).';
const TEAM =
  "A team is a team leader's own clients and his salesmen's; a team leader reads and writes only his own team (other " +
  "teams: 404), supervisors and administrators every team's.";

/** Customer-service configuration (spec section 2 "service"; paths are ours). */
export const serviceRoutes: FastifyPluginAsync = async (plugin) => {
  const app = typed(plugin);
  entityList(app, serviceListSpec);

  app.get(
    service.paths.default,
    {
      config: { permission: requires('service', 'read') },
      schema: {
        tags,
        description:
          "The tenant's default configuration (what every client sees unless his team has its own): channels, hours " +
          "and the tenant's time zone; not saved yet: id null, no channels, weekdays 09:00-18:00.",
        response: { 200: configResponse, ...errorResponses(401, 403) },
      },
    },
    (req) => readDefault(ctx(req).db, signedIn(ctx(req))),
  );

  app.put(
    service.paths.default,
    {
      config: { permission: requires('service', 'update') },
      schema: {
        tags,
        description: `Saves the tenant's default. ${RULES} Supervisors and administrators only (a team leader: 403). ${AUDITED}`,
        body: docBody,
        response: { 200: configResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'service.default.update',
        resource: 'service',
        before: (tx) => readDefault(tx, staff),
        run: (tx) => saveDefault(tx, staff, req.body),
      });
    },
  );

  app.get(
    route(service.paths.team),
    {
      config: { permission: requires('service', 'read') },
      schema: {
        tags,
        description: `A team's configuration by its leader's id; without its own: id null and the default's channels and hours (what its clients see). ${TEAM}`,
        params: idParams,
        response: { 200: configResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => readTeam(ctx(req).db, signedIn(ctx(req)), req.params.id),
  );

  app.put(
    route(service.paths.team),
    {
      config: { permission: requires('service', 'update') },
      schema: {
        tags,
        description: `Saves a team's own configuration (replaces the default for its clients as a whole). ${RULES} ${TEAM} ${AUDITED}`,
        params: idParams,
        body: docBody,
        response: { 200: configResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'service.team.update',
        resource: 'service',
        targetId: req.params.id,
        before: (tx) => readTeam(tx, staff, req.params.id),
        run: (tx) => saveTeam(tx, staff, req.params.id, req.body),
      });
    },
  );

  app.delete(
    route(service.paths.team),
    {
      config: { permission: requires('service', 'delete') },
      schema: {
        tags,
        description: `Deletes a team's own configuration: its clients see the default again; none: 404. Answers what was deleted. ${TEAM} ${AUDITED}`,
        params: idParams,
        response: { 200: configResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'service.team.delete',
        resource: 'service',
        targetId: req.params.id,
        run: (tx) => deleteTeam(tx, staff, req.params.id),
        beforeOf: (r) => r,
        after: () => null,
      });
    },
  );

  app.get(
    route(service.paths.effective),
    {
      config: { permission: requires('service', 'read') },
      schema: {
        tags,
        description:
          "What the client app shows this client: his team's configuration (his agent's team leader, or his agent when " +
          "that is a team leader) when it has one (source team), else the tenant's (tenant), else nothing (none); with " +
          "the local weekday and time in the tenant's time zone and whether support is open now. A client outside " +
          "the caller's data scope: 404.",
        params: idParams,
        response: { 200: effectiveResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => effectiveFor(ctx(req).db, signedIn(ctx(req)), req.params.id),
  );
};
