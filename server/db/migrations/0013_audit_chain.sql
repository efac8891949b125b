-- The audit trail's hash chain (server/core/audit-chain.ts): each row carries its tenant's next sequence number, the
-- previous row's hash and its own; the head of each tenant's chain is kept in audit_chain.
CREATE TABLE "audit_chain" (
	"tenant_key" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_tenant_seq" ON "audit_log" USING btree (coalesce("tenant_id", ''),"seq");--> statement-breakpoint
-- The canonical text of a row: every column but the chain's own, in a fixed order and format.
CREATE OR REPLACE FUNCTION audit_row_text(r audit_log) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT concat_ws('|', r.seq, coalesce(r.tenant_id, ''), coalesce(r.user_id::text, ''), coalesce(r.username, ''),
    r.action, coalesce(r.resource, ''), coalesce(r.target_id, ''), coalesce(r.before::text, ''),
    coalesce(r.after::text, ''), coalesce(r.ip, ''), r.result, coalesce(r.detail, ''),
    to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k text := coalesce(NEW.tenant_id, '');
  s bigint;
  h text;
BEGIN
  INSERT INTO audit_chain (tenant_key, seq, hash) VALUES (k, 0, repeat('0', 64)) ON CONFLICT (tenant_key) DO NOTHING;
  -- The UPDATE locks the head: writers of one tenant chain one after the other, in commit order.
  UPDATE audit_chain SET seq = seq + 1 WHERE tenant_key = k RETURNING seq, hash INTO s, h;
  NEW.seq := s;
  NEW.prev_hash := h;
  NEW.hash := encode(sha256(convert_to(h || '|' || audit_row_text(NEW), 'UTF8')), 'hex');
  UPDATE audit_chain SET hash = NEW.hash WHERE tenant_key = k;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- Rows written before the chain existed are chained in id order, once.
ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;--> statement-breakpoint
DO $$
DECLARE
  r audit_log;
  k text;
  s bigint;
  h text;
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
    k := coalesce(r.tenant_id, '');
    INSERT INTO audit_chain (tenant_key, seq, hash) VALUES (k, 0, repeat('0', 64)) ON CONFLICT (tenant_key) DO NOTHING;
    UPDATE audit_chain SET seq = seq + 1 WHERE tenant_key = k RETURNING seq, hash INTO s, h;
    r.seq := s;
    r.prev_hash := h;
    r.hash := encode(sha256(convert_to(h || '|' || audit_row_text(r), 'UTF8')), 'hex');
    UPDATE audit_log SET seq = r.seq, prev_hash = r.prev_hash, hash = r.hash WHERE id = r.id;
    UPDATE audit_chain SET hash = r.hash WHERE tenant_key = k;
  END LOOP;
END;
$$;
--> statement-breakpoint
ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();--> statement-breakpoint
-- Neither the trail nor its heads may be emptied, and a head moves only with a new row.
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();--> statement-breakpoint
CREATE TRIGGER audit_chain_no_delete BEFORE DELETE ON audit_chain FOR EACH ROW EXECUTE FUNCTION refuse_change();--> statement-breakpoint
CREATE TRIGGER audit_chain_no_truncate BEFORE TRUNCATE ON audit_chain FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
