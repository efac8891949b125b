-- Dashboard statistics (server/modules/dashboard): the figures of a date range read one index each, index-only where
-- the sums' columns are part of the key (approved deposits and withdrawals by resolution time, clients by agent).
CREATE INDEX "deposit_tenant_status_resolved" ON "deposit_record" USING btree ("tenant_id","status","resolved_at","agent_id","credit_currency","credit_amount");--> statement-breakpoint
CREATE INDEX "withdraw_tenant_status_resolved" ON "withdraw_record" USING btree ("tenant_id","status","resolved_at","agent_id","currency","amount");--> statement-breakpoint
CREATE INDEX "client_tenant_agent_fake_created" ON "client" USING btree ("tenant_id","agent_id","fake","created_at");--> statement-breakpoint
CREATE INDEX "trade_order_tenant_created" ON "trade_order" USING btree ("tenant_id","created_at");
