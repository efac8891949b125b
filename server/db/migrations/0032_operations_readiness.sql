-- An operable service (issue 21; docs/operations.md).
-- 1. The request id on audit rows (server/core/request-id.ts): the id a staff member quotes from an error message finds
--    the request's audit rows. It is part of the hashed text of a row that has one (and of its signature,
--    core/audit-chain.ts rowMac 'audit-row/2'); a row without one (every older row, rows written outside a request)
--    keeps exactly the text it had, so its hash still verifies.
ALTER TABLE "audit_log" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_request_id" CHECK ("audit_log"."request_id" ~ '^[A-Za-z0-9._-]{1,64}$');--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_row_text(r audit_log) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT concat_ws('|', r.seq, coalesce(r.tenant_id, ''), coalesce(r.user_id::text, ''), coalesce(r.username, ''),
    r.action, coalesce(r.resource, ''), coalesce(r.target_id, ''), coalesce(r.before::text, ''),
    coalesce(r.after::text, ''), coalesce(r.ip, ''), r.result, coalesce(r.detail, ''),
    to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'))
    || CASE WHEN r.db_role IS NULL THEN '' ELSE '|' || coalesce(r.mac, '') || '|' || r.db_role END
    || CASE WHEN r.request_id IS NULL THEN '' ELSE '|request:' || r.request_id END
$$;
--> statement-breakpoint
CREATE INDEX "audit_log_request_id" ON "audit_log" USING btree ("tenant_id","request_id") WHERE "audit_log"."request_id" IS NOT NULL;--> statement-breakpoint
-- 2. The last result of each database check script (npm run ledger:check, npm run audit:verify; scripts/check-runner.ts),
--    which /metrics reports (server/core/metrics.ts).
CREATE TABLE "ops_check" (
	"name" text PRIMARY KEY NOT NULL,
	"ok" boolean NOT NULL,
	"summary" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ops_check_name" CHECK ("ops_check"."name" IN ('ledger_check', 'audit_verify'))
);
--> statement-breakpoint
-- 3. The last migration applied, for GET /ready (server/core/health.ts): the API's role cannot read drizzle's own table.
CREATE OR REPLACE FUNCTION last_migration_applied() RETURNS bigint LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = pg_catalog AS $$
  SELECT max(created_at) FROM drizzle.__drizzle_migrations
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION last_migration_applied() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION last_migration_applied() TO bo_app;
