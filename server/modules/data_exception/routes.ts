import type { FastifyPluginAsync } from 'fastify';
import { dataException, type DataExceptionConfig, type DataExceptionDetail } from '../../../domain/data-exception';
import { requires } from '../../core/access';
import { ctx, signedIn } from '../../core/context';
import { entityList } from '../../core/entity';
import { errorResponses } from '../../core/errors';
import { write } from '../../core/write';
import { ledgerReport } from './checks';
import { inBackground, scheduleMinutes } from './scheduler';
import {
  assignBody,
  assigneesResponse,
  configBody,
  findingDetail,
  idParams,
  resolveBody,
  runSchema,
  statusResponse,
} from './schemas';
import {
  assignees,
  assignFinding,
  claimManualRun,
  dataExceptionListSpec,
  executeRun,
  findingOf,
  readConfig,
  readStatus,
  resolveFinding,
  saveConfig,
} from './service';

const tags = ['data_exception'];
const chain = dataException.resource;
const paths = dataException.paths;
const route = (path: string) => path.replace('{id}', ':id');
const AUDITED = 'Audited (who, before, after) in the same transaction.';
const STATES =
  'Another tenant\u2019s or a missing finding: 404; a resolved one: 409 invalid_state (a problem seen again after ' +
  'it was resolved opens a new finding).';

type Id = { Params: { id: number } };

/**
 * Data exceptions (spec section 2 "data exception"; paths are ours): the findings of the per-tenant checks (ledger
 * invariants, negative balances, records pending too long, duplicate crypto transaction hashes, clients without an
 * agent), assign and resolve, the checks run on demand and their progress, and the pending threshold. Permission:
 * the `dataException` resource of spec section 6 (administrators only), scope: the tenant.
 */
export const dataExceptionRoutes: FastifyPluginAsync = async (app) => {
  entityList(app, dataExceptionListSpec);
  const minutes = scheduleMinutes(app.config);

  app.get<Id>(
    route(paths.one),
    {
      config: { permission: requires(chain, 'read') },
      schema: {
        tags,
        description: 'One finding with what the check saw (detail). Another tenant\u2019s or a missing finding: 404.',
        params: idParams,
        response: { 200: findingDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => findingOf(ctx(req).db, signedIn(ctx(req)).tenantId, req.params.id),
  );

  app.get(
    paths.assignees,
    {
      config: { permission: requires(chain, 'assign') },
      schema: {
        tags,
        description:
          'The staff a finding can be assigned to: active staff of the tenant whose role may read data exceptions ' +
          '(permissions/roles), by name.',
        response: { 200: assigneesResponse, ...errorResponses(401, 403) },
      },
    },
    async (req) => ({ data: await assignees(ctx(req).db, signedIn(ctx(req)).tenantId) }),
  );

  app.put<Id & { Body: { assignee_id: number } }>(
    route(paths.assign),
    {
      config: { permission: requires(chain, 'assign') },
      schema: {
        tags,
        description:
          '`{ assignee_id }` gives an open or assigned finding to a staff member of GET assignees (another one: 400 ' +
          `errors.assignee_id); it becomes assigned. Answers the finding. ${STATES} ${AUDITED}`,
        params: idParams,
        body: assignBody,
        response: { 200: findingDetail, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'data_exception.assign',
        resource: chain,
        targetId: req.params.id,
        before: (tx) => findingOf(tx, staff.tenantId, req.params.id),
        run: (tx) => assignFinding(tx, staff.tenantId, req.params.id, req.body.assignee_id),
        after: (r: DataExceptionDetail) => ({ status: r.status, assignee_id: r.assignee_id }),
      });
    },
  );

  app.put<Id & { Body: { note: string } }>(
    route(paths.resolve),
    {
      config: { permission: requires(chain, 'update') },
      schema: {
        tags,
        description:
          '`{ note }` resolves a finding (note required: blank after trimming is 400 errors.note required); it keeps ' +
          `the note, who resolved it and when. Answers the finding. ${STATES} ${AUDITED}`,
        params: idParams,
        body: resolveBody,
        response: { 200: findingDetail, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (req) => {
      const staff = signedIn(ctx(req));
      return write(req, {
        action: 'data_exception.resolve',
        resource: chain,
        targetId: req.params.id,
        before: (tx) => findingOf(tx, staff.tenantId, req.params.id),
        run: (tx) => resolveFinding(tx, staff, req.params.id, req.body.note),
        after: (r: DataExceptionDetail) => ({ status: r.status, resolution_note: r.resolution_note }),
      });
    },
  );

  app.get(
    paths.status,
    {
      config: { permission: requires(chain, 'read') },
      schema: {
        tags,
        description:
          "The tenant's pending threshold (pending_hours), the minutes between scheduled runs of this API " +
          '(schedule_minutes, 0: on demand only) and the latest runs with their progress (checks_done of ' +
          'checks_total, per check: found and new).',
        response: { 200: statusResponse, ...errorResponses(401, 403) },
      },
    },
    (req) => readStatus(ctx(req).db, signedIn(ctx(req)).tenantId, minutes),
  );

  app.put<{ Body: DataExceptionConfig }>(
    paths.config,
    {
      config: { permission: requires(chain, 'config') },
      schema: {
        tags,
        description:
          '`{ pending_hours }` (1 to 720): a deposit, withdrawal, loan or exchange of the tenant pending longer than ' +
          `this is a finding of pending_too_long from the next run on. Answers the status. ${AUDITED}`,
        body: configBody,
        response: { 200: statusResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const staff = signedIn(ctx(req));
      await write(req, {
        action: 'data_exception.config',
        resource: chain,
        before: (tx) => readConfig(tx, staff.tenantId),
        run: (tx) => saveConfig(tx, staff.tenantId, req.body),
      });
      return readStatus(ctx(req).db, staff.tenantId, minutes);
    },
  );

  app.post(
    paths.run,
    {
      config: { permission: requires(chain, 'create') },
      schema: {
        tags,
        description:
          "Runs the checks for the caller's tenant now, in the background: answers the run (status running, " +
          'checks_done 0); GET status shows its progress and, when done, the counts per check. When a run of the ' +
          'tenant is already running (started by anyone, in any API process) it answers that run and starts none. ' +
          'The start is audited (data_exception.run), the end too (data_exception.run_done, with the counts).',
        response: { 200: runSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => {
      const staff = signedIn(ctx(req));
      const { run, started } = await write(req, {
        action: 'data_exception.run',
        resource: chain,
        targetId: (r: { run: { id: number } }) => r.run.id,
        run: (tx) => claimManualRun(tx, staff),
        after: (r) => ({ run_id: r.run.id, started: r.started }),
      });
      if (started) {
        const db = req.server.db;
        inBackground(req.server, () => executeRun(db, run.id, staff.tenantId, () => ledgerReport(db)));
      }
      return run;
    },
  );
};
