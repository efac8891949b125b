/**
 * Route registrations shared by the fund record modules (deposit, withdraw, overdrawn): the detail, audit and rollback
 * routes of a record, which differ only in path, resource chain, service function, tags and description.
 * Each answers the record view of its detail (`get`: the record with its client, agent and staff names) under the
 * kind's 200 schema (records/schemas.ts and each area's schemas.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ctx } from '../../core/context';
import { errorResponses } from '../../core/errors';
import type { Executor } from '../../core/db';
import { EXPORT_RESPONSE, listResponseSchema } from '../../core/list';
import type { Actor } from './common';
import { authorize, requires } from '../../core/access';
import { typed } from '../../core/typed';
import { actorOf, idempotencyHeader, moneyMutation, pathId } from './http';
import { EXPORT_DESCRIPTION, sendRecordExport, type CsvOptions, type ListQuery, type RecordExport } from './lists';
import { auditBody, recordExportQuery, remarkBody, type recordListQuery } from './schemas';

/** Reads one record in the actor's scope (404 outside it). */
type GetRecord = (tx: Executor, actor: Actor, id: number) => Promise<unknown>;

interface RecordRoute {
  /** The route path, with its `:id` parameter. */
  path: string;
  /** The grant chain (leaf first, then its menu parent). */
  chain: readonly string[];
  tags: string[];
  /** The OpenAPI description, verbatim. */
  description: string;
  /** The 200 response schema: the record view (records/schemas.ts and each area's schemas.ts). */
  record: object;
}

interface RecordMutationRoute extends RecordRoute {
  /** The audit row's resource, and the prefix of its action (`<action>.approve`, `<action>.rollback`). */
  resource: string;
  action: string;
  /** The record's view: its state before the mutation (read in the same transaction) and the answer after it. */
  get: GetRecord;
}

const mutationResponses = (record: object) => ({ 200: record, ...errorResponses(400, 401, 403, 404, 409, 422) });

/**
 * `GET <path>` (a page of records) and `GET <path>/export` (every match as CSV or .xlsx) in one call: the same querystring,
 * the caller's scope, `<chain>:read` and `<chain>:export`. With `chainOf`, the declared chain admits anyone who may
 * read (export) some of the records and the chain of the query's own kind (e.g. an overdrawn sub_type) is checked
 * before anything is read.
 */
export function recordListRoutes(
  app: FastifyInstance,
  opts: Omit<RecordRoute, 'path'> & {
    path: string;
    /** The list's querystring (records/schemas.ts recordListQuery); the export adds `lang` and `tz`. */
    querystring: ReturnType<typeof recordListQuery>;
    /** The OpenAPI description of the export, verbatim (the export rules are appended). */
    exportDescription: string;
    chainOf?: (q: ListQuery) => string[];
    list: (tx: Executor, actor: Actor, q: ListQuery) => Promise<unknown>;
    export: (tx: Executor, actor: Actor, q: ListQuery & CsvOptions) => Promise<RecordExport>;
    filename: (q: ListQuery) => string;
  },
): void {
  const errors = errorResponses(400, 401, 403);
  typed(app).get(
    opts.path,
    {
      config: { permission: requires(opts.chain, 'read') },
      schema: {
        tags: opts.tags,
        description: opts.description,
        querystring: opts.querystring,
        response: { 200: listResponseSchema(opts.record), ...errors },
      },
    },
    async (req) => {
      if (opts.chainOf) await authorize(req, opts.chainOf(req.query), 'read');
      return opts.list(ctx(req).db, actorOf(req), req.query);
    },
  );
  typed(app).get(
    `${opts.path}/export`,
    {
      config: { permission: requires(opts.chain, 'export') },
      schema: {
        tags: opts.tags,
        description: `${opts.exportDescription} ${EXPORT_DESCRIPTION}`,
        querystring: recordExportQuery(opts.querystring),
        response: { 200: EXPORT_RESPONSE, ...errors },
      },
    },
    async (req, reply) => {
      if (opts.chainOf) await authorize(req, opts.chainOf(req.query), 'export');
      const exp = await opts.export(ctx(req).db, actorOf(req), req.query);
      return sendRecordExport(reply, opts.filename(req.query), exp);
    },
  );
}

/**
 * `GET <path>`: one record in the caller's scope. Requires `<chain>:read`; `check` may narrow it by the record read
 * (e.g. an overdrawn record's sub_type).
 */
export function recordDetailRoute(
  app: FastifyInstance,
  opts: RecordRoute & { get: GetRecord; check?: (req: FastifyRequest, record: any) => Promise<void> },
): void {
  app.get(
    opts.path,
    {
      config: { permission: requires(opts.chain, 'read') },
      schema: {
        tags: opts.tags,
        description: opts.description,
        response: { 200: opts.record, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => {
      const record = await opts.get(ctx(req).db, actorOf(req), pathId(req));
      await opts.check?.(req, record);
      return record;
    },
  );
}

/** `PUT <path>` (or `method`) with `{ status: "approved" | "rejected", remark? }`: audits a pending record. Requires `<chain>:approve`. */
export function recordAuditRoute(
  app: FastifyInstance,
  opts: RecordMutationRoute & {
    method?: 'PUT' | 'POST';
    audit: (
      tx: Executor,
      actor: Actor,
      id: number,
      decision: 'approved' | 'rejected',
      remark?: string,
    ) => Promise<unknown>;
  },
): void {
  typed(app).route({
    method: opts.method ?? 'PUT',
    url: opts.path,
    config: { permission: requires(opts.chain, 'approve') },
    schema: {
      tags: opts.tags,
      description: opts.description,
      headers: idempotencyHeader,
      body: auditBody,
      response: mutationResponses(opts.record),
    },
    handler: (req) =>
      moneyMutation(req, {
        action: `${opts.action}.${req.body.status === 'approved' ? 'approve' : 'reject'}`,
        resource: opts.resource,
        before: opts.get,
        run: async (tx, actor, id) => {
          await opts.audit(tx, actor, id, req.body.status, req.body.remark);
          return opts.get(tx, actor, id);
        },
      }),
  });
}

/** `PUT <path>` with an optional `{ remark }`: rolls back an approved record. Requires `<chain>:approve`. */
export function recordRollbackRoute(
  app: FastifyInstance,
  opts: RecordMutationRoute & {
    rollback: (tx: Executor, actor: Actor, id: number, remark?: string) => Promise<unknown>;
  },
): void {
  typed(app).put(
    opts.path,
    {
      config: { permission: requires(opts.chain, 'approve') },
      schema: {
        tags: opts.tags,
        description: opts.description,
        headers: idempotencyHeader,
        body: remarkBody,
        response: mutationResponses(opts.record),
      },
    },
    (req) =>
      moneyMutation(req, {
        action: `${opts.action}.rollback`,
        resource: opts.resource,
        before: opts.get,
        run: async (tx, actor, id) => {
          await opts.rollback(tx, actor, id, req.body?.remark);
          return opts.get(tx, actor, id);
        },
      }),
  );
}
