/** `npm run ledger:check`: verifies every ledger invariant on the configured database and prints a report. */
import { checkLedger, formatReport } from '../server/ledger/check';
import { runCheck } from './check-runner';

runCheck('ledger check', 'ledger_check', async (db) => {
  const report = await checkLedger(db);
  return { ok: report.ok, text: formatReport(report) };
});
