import type { FastifyPluginAsync } from 'fastify';
import { dataException, type DataExceptionDetail } from '../../../domain/data-exception';
import { requires } from '../../core/access';
import { ctx, signedIn } from '../../core/context';
import { entityList } from '../../core/entity';
import { errorResponses } from '../../core/errors';
import { entityAction, entityDetail } from '../../core/entity-routes';
import { write } from '../../core/write';
import { ledgerReport } from './checks';
import { inBackground, scheduleMinutes } from './scheduler';
import {
  assignBody,
  assigneesResponse,
  configBody,
  findingDetail,
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
import { typed } from '../../core/typed';

const tags = ['data_exception'];
const chain = dataException.resource;
const paths = dataException.paths;
const AUDITED = 'Audited (who, before, after) in the same transaction.';
const STATES =
  'Another tenant\u2019s or a missing finding: 404; a resolved one: 409 invalid_state (a problem seen again after ' +
  'it was resolved opens a new finding).';

/**
 * Data exceptions (spec section 2 "data exception"; paths are ours): the findings of the per-tenant checks (ledger
 * invariants, negative balances, records pending too long, duplicate crypto transaction hashes, clients without an
 * agent), assign and resolve, the checks run on demand and their progress, and the pending threshold. Permission:
 * the `dataException` resource of spec section 6 (administrators only), scope: the tenant.
 */
export const dataExceptionRoutes: FastifyPluginAsync = async (plugin) => {
  const app = typed(plugin);
  entityList(app, dataExceptionListSpec);
  const minutes = scheduleMinutes(app.config);

  entityDetail(app, dataExceptionListSpec, {
    path: paths.one,
    description: 'One finding with what the check saw (detail). Another tenant\u2019s or a missing finding: 404.',
    response: findingDetail,
    get: findingOf,
  });

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

  entityAction<typeof assignBody>(app, dataExceptionListSpec, {
    method: 'PUT',
    path: paths.assign,
    permission: 'assign',
    action: 'data_exception.assign',
    description:
      '`{ assignee_id }` gives an open or assigned finding to a staff member of GET assignees (another one: 400 ' +
      `errors.assignee_id); it becomes assigned. Answers the finding. ${STATES} ${AUDITED}`,
    body: assignBody,
    response: findingDetail,
    conflict: true,
    before: (tx, staff, id) => findingOf(tx, staff.tenantId, id),
    run: (tx, staff, id, body) => assignFinding(tx, staff.tenantId, id, body.assignee_id),
    after: (r: DataExceptionDetail) => ({ status: r.status, assignee_id: r.assignee_id }),
  });

  entityAction<typeof resolveBody>(app, dataExceptionListSpec, {
    method: 'PUT',
    path: paths.resolve,
    permission: 'update',
    action: 'data_exception.resolve',
    description:
      '`{ note }` resolves a finding (note required: blank after trimming is 400 errors.note required); it keeps ' +
      `the note, who resolved it and when. Answers the finding. ${STATES} ${AUDITED}`,
    body: resolveBody,
    response: findingDetail,
    conflict: true,
    before: (tx, staff, id) => findingOf(tx, staff.tenantId, id),
    run: (tx, staff, id, body) => resolveFinding(tx, staff, id, body.note),
    after: (r: DataExceptionDetail) => ({ status: r.status, resolution_note: r.resolution_note }),
  });

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

  app.put(
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
