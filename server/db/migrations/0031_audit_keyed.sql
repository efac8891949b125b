-- The audit chain keyed and anchored outside the database (issue 18; server/core/audit-chain.ts, docs/architecture.md
-- "The audit trail"). The database owner can rewrite a sha256 chain; what he cannot do is sign: the API signs each row
-- it writes (`mac`, an HMAC under a key kept outside the database, over the row's content) and the chain's heads
-- (checkpoints in a file in DATA_DIR). Here: the row's signature, the database role that inserted it (a trigger that
-- runs as the inserting role, before the chain's trigger, so neither can be chosen by the inserter), both in the
-- hashed text of new rows, and per tenant the first sequence number that must be signed (rows before it were written
-- before this migration and stay verifiable by their sha256 chain and the checkpoints).
ALTER TABLE "audit_log" ADD COLUMN "mac" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "db_role" text;--> statement-breakpoint
ALTER TABLE "audit_chain" ADD COLUMN "keyed_from" bigint DEFAULT 1 NOT NULL;--> statement-breakpoint
UPDATE "audit_chain" SET "keyed_from" = "seq" + 1;--> statement-breakpoint
-- The text of an older row (db_role NULL) is unchanged, so its hash still verifies; a new row's adds its signature and
-- inserting role.
CREATE OR REPLACE FUNCTION audit_row_text(r audit_log) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT concat_ws('|', r.seq, coalesce(r.tenant_id, ''), coalesce(r.user_id::text, ''), coalesce(r.username, ''),
    r.action, coalesce(r.resource, ''), coalesce(r.target_id, ''), coalesce(r.before::text, ''),
    coalesce(r.after::text, ''), coalesce(r.ip, ''), r.result, coalesce(r.detail, ''),
    to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'))
    || CASE WHEN r.db_role IS NULL THEN '' ELSE '|' || coalesce(r.mac, '') || '|' || r.db_role END
$$;
--> statement-breakpoint
-- Runs as the inserting role (not SECURITY DEFINER), before audit_log_chain (triggers fire in name order).
CREATE OR REPLACE FUNCTION audit_log_by() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.db_role := current_user;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_by BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_by();
