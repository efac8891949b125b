-- The audit log page (server/modules/audit): the tenant's rows newest first, the history of one target, and the
-- record created under another target (a deposit on its client) found by its result's id.
CREATE INDEX "audit_log_tenant_at" ON "audit_log" USING btree ("tenant_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_target" ON "audit_log" USING btree ("tenant_id","resource","target_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_after_id" ON "audit_log" USING btree ("tenant_id",("after" ->> 'id')) WHERE ("after" ->> 'id') IS NOT NULL;
