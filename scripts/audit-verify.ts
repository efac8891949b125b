/**
 * `npm run audit:verify`: recomputes the audit trail's hash chain on the configured database and prints a report
 * (exit 1 when a row was edited, deleted or inserted outside the chain).
 */
import { formatChainReport, verifyAuditChain } from '../server/core/audit-chain';
import { runCheck } from './check-runner';

runCheck('audit verification', async (db) => {
  const report = await verifyAuditChain(db);
  return { ok: report.ok, text: formatChainReport(report) };
});
