/**
 * When the data-exception checks run: on demand (POST run, performed in the background of the API process that
 * answered) and on a schedule (DATA_EXCEPTION_SCHEDULE_MINUTES, default 60; 0 or `test` mode: none). Every API process
 * ticks; a tick starts a tenant's run only when no run of that tenant started within the interval and none is running
 * (one INSERT guarded by the run table's partial unique index), so several processes make one run per interval.
 * One tick computes the ledger report once and shares it among the tenants it runs. Closing the app stops the
 * ticks and waits for the runs this process is performing.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { tenant } from '../../db/schema';
import type { CheckReport } from '../../ledger';
import { ledgerReport } from './checks';
import { claimRun, executeRun } from './service';

/** The runs each database's API is performing (awaited on close). */
const inflight = new WeakMap<Db, Set<Promise<unknown>>>();

/** Performs `work` in the background, logged on failure and awaited when the app closes. */
export function inBackground(app: FastifyInstance, work: () => Promise<unknown>): void {
  let set = inflight.get(app.db);
  if (!set) inflight.set(app.db, (set = new Set()));
  const p = work().catch((e: Error) => app.log.error({ err: e }, 'data exception run failed'));
  set.add(p);
  void p.finally(() => set.delete(p));
}

/** Waits for the background runs of the app's database. */
export async function settled(app: FastifyInstance): Promise<void> {
  const set = inflight.get(app.db);
  while (set?.size) await Promise.all([...set]);
}

/** Minutes between scheduled runs: DATA_EXCEPTION_SCHEDULE_MINUTES (whole minutes, 0 = none); none in test mode. */
export function scheduleMinutes(config: Pick<Config, 'nodeEnv'>, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.DATA_EXCEPTION_SCHEDULE_MINUTES?.trim();
  if (raw === undefined || raw === '') return config.nodeEnv === 'test' ? 0 : 60;
  if (!/^\d{1,6}$/.test(raw)) throw new Error(`DATA_EXCEPTION_SCHEDULE_MINUTES must be whole minutes, got "${raw}"`);
  return Number(raw);
}

/** One tick: every tenant whose last run is older than the interval gets a run (one ledger report for them all). */
export async function schedulePass(db: Db, minutes: number): Promise<number> {
  let report: Promise<CheckReport> | undefined;
  const ledger = () => (report ??= ledgerReport(db));
  let runs = 0;
  for (const { id } of await db.select({ id: tenant.id }).from(tenant).orderBy(tenant.id)) {
    const runId = await claimRun(db, id, 'schedule', null, minutes);
    if (runId === null) continue;
    await executeRun(db, runId, id, ledger);
    runs++;
  }
  return runs;
}

/** Starts the ticks when the app is ready (when scheduled) and stops them, and waits for runs, when it closes. */
export const dataExceptionScheduler = fp(async (app: FastifyInstance) => {
  const minutes = scheduleMinutes(app.config);
  let timer: NodeJS.Timeout | undefined;
  let ticking = false;
  const tick = () => {
    if (ticking) return;
    ticking = true;
    inBackground(app, () => schedulePass(app.db, minutes).finally(() => (ticking = false)));
  };
  if (minutes > 0) {
    app.addHook('onReady', async () => {
      // Ticks at most every 5 minutes, so a process started just after another's run waits less than an interval.
      timer = setInterval(tick, Math.min(minutes, 5) * 60_000);
      timer.unref();
    });
  }
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await settled(app);
  });
});
