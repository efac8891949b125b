/**
 * The routes on one row of a tenant's list (core/tenant-list.ts) beside its generated list and writes: its detail
 * (`entityDetail`: `GET`, the row as the list shows it) and its actions (`entityAction`: a `PUT` or `POST` on the row
 * that is not a plain edit, e.g. a switch or a request). Both take the permission of the definition's resource
 * chain, the `{id}` path parameter (core/params.ts) and the definition's tags; an action runs in `write()` with the
 * row read before as the audit's `before` and answers 404 for a row outside the caller's tenant.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JSONSchema } from 'json-schema-to-ts';
import { resourceChain, type EntityDef } from '../../domain/entity';
import type { Action } from '../../permissions';
import { requires } from './access';
import { ctx, signedIn } from './context';
import type { Executor, Tx } from './db';
import { rowSchema } from './entity';
import { errorResponses } from './errors';
import { idParams } from './params';
import type { StaffScope } from './scope';
import type { TenantListSpec } from './tenant-list';
import { typed, type Input } from './typed';
import { write } from './write';

type Staff = StaffScope & { id: number };

/** A definition's path with its `{id}` as the route's `:id`. */
const route = (path: string) => path.replace('{id}', ':id');

/** The entity a row route is on: its definition (and tags), and for a tenant's list its one-row read. */
interface RowsOf<D extends EntityDef> {
  def: D;
  tags?: string[];
  one?: (db: Executor, tenantId: string, id: number) => Promise<unknown>;
}

/** What every route on a row declares. */
function rowRoute<D extends EntityDef>(spec: RowsOf<D>, action: Action, description: string) {
  return {
    permission: requires(resourceChain(spec.def), action),
    tags: spec.tags ?? [spec.def.name],
    description,
    params: idParams,
  };
}

/**
 * `GET path`: one row of the caller's tenant as the list shows it (or as `get` reads it, with its `response`
 * schema, e.g. with a detail the list leaves out); else 404.
 */
export function entityDetail<D extends EntityDef, Raw>(
  app: FastifyInstance,
  spec: TenantListSpec<D, Raw>,
  opts: {
    path: string;
    description: string;
    response?: object;
    get?: (db: Executor, tenantId: string, id: number) => Promise<unknown>;
  },
): void {
  const get = opts.get ?? spec.one;
  const { permission, ...schema } = rowRoute(spec, 'read', opts.description);
  typed(app).get(
    route(opts.path),
    {
      config: { permission },
      schema: {
        ...schema,
        response: { 200: opts.response ?? rowSchema(spec.def), ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => get(ctx(req).db, signedIn(ctx(req)).tenantId, req.params.id),
  );
}

/** An action on a row; `Body` is what its body schema admits. */
export interface RowAction<Body> {
  method: 'PUT' | 'POST' | 'DELETE';
  path: string;
  /** The permission action on the definition's resource chain. */
  permission: Action;
  /** The audit action, or the one the body names (e.g. activate or deactivate). */
  action: string | ((body: Body) => string);
  description: string;
  /** The 200 answer's schema (default the row) and the errors beside 400, 401, 403 and 404. */
  response?: object;
  conflict?: boolean;
  /** The audit's `before` (default the row as a tenant's list shows it; none without a tenant's list). */
  before?: (tx: Tx, staff: Staff, id: number, req: FastifyRequest) => Promise<unknown>;
  run: (tx: Tx, staff: Staff, id: number, body: Body, req: FastifyRequest) => Promise<unknown>;
  /** The audit's `after`, from what `run` answered (default that answer). */
  after?: (result: never) => unknown;
}

/**
 * Registers an action on a row, as the module comment says; answers what `run` answers. `B` is the body schema's
 * type, given at the call (`entityAction<typeof body>(...)`) rather than inferred from the options.
 */
export function entityAction<B extends JSONSchema>(
  app: FastifyInstance,
  spec: RowsOf<EntityDef>,
  opts: RowAction<Input<B>> & { body: B },
): void;
export function entityAction(
  app: FastifyInstance,
  spec: RowsOf<EntityDef>,
  opts: RowAction<any> & { body: JSONSchema },
): void {
  const { permission, ...schema } = rowRoute(spec, opts.permission, opts.description);
  const { one } = spec;
  const before = opts.before ?? (one && ((tx: Tx, staff: Staff, id: number) => one(tx, staff.tenantId, id)));
  const errors = opts.conflict ? errorResponses(400, 401, 403, 404, 409) : errorResponses(400, 401, 403, 404);
  app.route({
    method: opts.method,
    url: route(opts.path),
    config: { permission },
    schema: {
      ...schema,
      body: opts.body,
      response: { 200: opts.response ?? rowSchema(spec.def), ...errors },
    },
    handler: (req) => {
      const staff = signedIn(ctx(req));
      const { id } = req.params as Input<typeof idParams>;
      const { body } = req;
      return write(req, {
        action: typeof opts.action === 'string' ? opts.action : opts.action(body),
        resource: spec.def.resource,
        targetId: id,
        before: before && ((tx) => before(tx, staff, id, req)),
        run: (tx) => opts.run(tx, staff, id, body, req),
        after: opts.after as ((result: unknown) => unknown) | undefined,
      });
    },
  });
}
