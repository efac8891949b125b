-- Emergency plans (domain/emergency.ts, server/modules/emergency/): activation and lift through maker-checker
-- (approval kind `emergency`, a tenant-wide approval without a client).
CREATE TABLE "emergency_plan" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"product" text,
	"message_zh" text,
	"message_en" text,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending_activation' NOT NULL,
	"maker_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"lift_reason" text,
	"lift_maker_id" bigint,
	"lifted_at" timestamp with time zone,
	CONSTRAINT "emergency_plan_kind" CHECK ("emergency_plan"."kind" IN ('halt_trading','freeze_withdrawals','force_offline','banner')),
	CONSTRAINT "emergency_plan_status" CHECK ("emergency_plan"."status" IN ('pending_activation','active','pending_lift','lifted','rejected'))
);
--> statement-breakpoint
ALTER TABLE "emergency_plan" ADD CONSTRAINT "emergency_plan_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_plan" ADD CONSTRAINT "emergency_plan_maker_id_staff_user_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_plan" ADD CONSTRAINT "emergency_plan_lift_maker_id_staff_user_id_fk" FOREIGN KEY ("lift_maker_id") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "emergency_plan_tenant_status" ON "emergency_plan" USING btree ("tenant_id","status","id");--> statement-breakpoint
ALTER TABLE "approval" ALTER COLUMN "client_id" DROP NOT NULL;
