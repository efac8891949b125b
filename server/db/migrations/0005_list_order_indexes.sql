DROP INDEX "client_tenant_created";--> statement-breakpoint
DROP INDEX "client_tenant_agent_created";--> statement-breakpoint
DROP INDEX "client_tenant_fake_created";--> statement-breakpoint
DROP INDEX "client_tenant_kyc_created";--> statement-breakpoint
DROP INDEX "deposit_tenant_created";--> statement-breakpoint
DROP INDEX "deposit_tenant_status_created";--> statement-breakpoint
DROP INDEX "deposit_client_created";--> statement-breakpoint
DROP INDEX "exchange_tenant_created";--> statement-breakpoint
DROP INDEX "exchange_client_created";--> statement-breakpoint
DROP INDEX "overdrawn_tenant_sub_created";--> statement-breakpoint
DROP INDEX "overdrawn_tenant_sub_status_created";--> statement-breakpoint
DROP INDEX "overdrawn_client_created";--> statement-breakpoint
DROP INDEX "withdraw_tenant_created";--> statement-breakpoint
DROP INDEX "withdraw_tenant_status_created";--> statement-breakpoint
DROP INDEX "withdraw_client_created";--> statement-breakpoint
DROP INDEX "client_access_client_at";--> statement-breakpoint
CREATE INDEX "client_tenant_created" ON "client" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "client_tenant_agent_created" ON "client" USING btree ("tenant_id","agent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "client_tenant_fake_created" ON "client" USING btree ("tenant_id","fake","created_at","id");--> statement-breakpoint
CREATE INDEX "client_tenant_kyc_created" ON "client" USING btree ("tenant_id","kyc_status","created_at","id");--> statement-breakpoint
CREATE INDEX "deposit_tenant_created" ON "deposit_record" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "deposit_tenant_status_created" ON "deposit_record" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "deposit_client_created" ON "deposit_record" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "exchange_tenant_created" ON "exchange_record" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "exchange_client_created" ON "exchange_record" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "overdrawn_tenant_sub_created" ON "overdrawn_record" USING btree ("tenant_id","sub_type","created_at","id");--> statement-breakpoint
CREATE INDEX "overdrawn_tenant_sub_status_created" ON "overdrawn_record" USING btree ("tenant_id","sub_type","status","created_at","id");--> statement-breakpoint
CREATE INDEX "overdrawn_client_created" ON "overdrawn_record" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "withdraw_tenant_created" ON "withdraw_record" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "withdraw_tenant_status_created" ON "withdraw_record" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "withdraw_client_created" ON "withdraw_record" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "client_access_client_at" ON "client_access" USING btree ("client_id","at","id");