ALTER TABLE "deposit_record" ADD COLUMN "agent_id" bigint;--> statement-breakpoint
ALTER TABLE "overdrawn_record" ADD COLUMN "agent_id" bigint;--> statement-breakpoint
ALTER TABLE "withdraw_record" ADD COLUMN "agent_id" bigint;--> statement-breakpoint
UPDATE "deposit_record" r SET "agent_id" = c."agent_id" FROM "client" c WHERE c."id" = r."client_id" AND c."agent_id" IS NOT NULL;--> statement-breakpoint
UPDATE "overdrawn_record" r SET "agent_id" = c."agent_id" FROM "client" c WHERE c."id" = r."client_id" AND c."agent_id" IS NOT NULL;--> statement-breakpoint
UPDATE "withdraw_record" r SET "agent_id" = c."agent_id" FROM "client" c WHERE c."id" = r."client_id" AND c."agent_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_record" ADD CONSTRAINT "deposit_record_agent_id_staff_user_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overdrawn_record" ADD CONSTRAINT "overdrawn_record_agent_id_staff_user_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_record" ADD CONSTRAINT "withdraw_record_agent_id_staff_user_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_tenant_agent_created" ON "deposit_record" USING btree ("tenant_id","agent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "overdrawn_tenant_sub_agent_created" ON "overdrawn_record" USING btree ("tenant_id","sub_type","agent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "withdraw_tenant_agent_created" ON "withdraw_record" USING btree ("tenant_id","agent_id","created_at","id");--> statement-breakpoint
ANALYZE "deposit_record";--> statement-breakpoint
ANALYZE "withdraw_record";--> statement-breakpoint
ANALYZE "overdrawn_record";