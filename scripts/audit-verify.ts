/**
 * `npm run audit:verify`: recomputes the audit trail's hash chain on the configured database, checks each row's
 * signature with AUDIT_HMAC_KEY (or the key generated into DATA_DIR/secrets.json) and that the chain passes through
 * every signed checkpoint of AUDIT_CHECKPOINT_FILE (default DATA_DIR/audit-checkpoints.jsonl), then prints a report
 * (exit 1 when a row was edited, deleted, inserted outside the chain or without the API's signature, or the chain was
 * rewritten up to a checkpoint). Run it where the API's key and checkpoint file are, with the same settings.
 */
import { loadConfig } from '../server/config';
import { formatChainReport, readCheckpoints, verifyAuditChain } from '../server/core/audit-chain';
import { runCheck } from './check-runner';

runCheck('audit verification', 'audit_verify', async (db) => {
  const config = loadConfig();
  const checkpoints = readCheckpoints(config.auditCheckpointFile);
  const report = await verifyAuditChain(db, { key: config.auditHmacKey, checkpoints });
  const where = `checkpoints: ${config.auditCheckpointFile}${checkpoints.length ? '' : ' (none yet: the chain is not anchored)'}`;
  return { ok: report.ok, text: `${formatChainReport(report)}\n${where}` };
});
