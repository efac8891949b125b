-- Maker-checker on money (domain/approval.ts, server/modules/approval/): the tenant's tiers, the approvals and each
-- checker's decision; exchanges may wait for their approval.
CREATE TABLE "approval_policy" (
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"one_checker_from" numeric(20, 2) NOT NULL,
	"two_checkers_from" numeric(20, 2),
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_policy_tenant_id_kind_currency_pk" PRIMARY KEY("tenant_id","kind","currency"),
	CONSTRAINT "approval_policy_tiers" CHECK ("approval_policy"."one_checker_from" >= 0 AND ("approval_policy"."two_checkers_from" IS NULL OR "approval_policy"."two_checkers_from" >= "approval_policy"."one_checker_from"))
);
--> statement-breakpoint
CREATE TABLE "approval" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"payload" jsonb,
	"amount" numeric(20, 2) NOT NULL,
	"currency" text NOT NULL,
	"maker_id" bigint,
	"required_checkers" smallint NOT NULL,
	"approvals" smallint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "approval_status" CHECK ("approval"."status" IN ('pending','approved','rejected','cancelled')),
	CONSTRAINT "approval_required" CHECK ("approval"."required_checkers" IN (1, 2) AND "approval"."approvals" >= 0)
);
--> statement-breakpoint
CREATE TABLE "approval_decision" (
	"approval_id" bigint NOT NULL,
	"checker_id" bigint NOT NULL,
	"decision" text NOT NULL,
	"remark" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_decision_approval_id_checker_id_pk" PRIMARY KEY("approval_id","checker_id"),
	CONSTRAINT "approval_decision_value" CHECK ("approval_decision"."decision" IN ('approved','rejected'))
);
--> statement-breakpoint
ALTER TABLE "approval_policy" ADD CONSTRAINT "approval_policy_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval" ADD CONSTRAINT "approval_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval" ADD CONSTRAINT "approval_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval" ADD CONSTRAINT "approval_maker_id_staff_user_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_decision" ADD CONSTRAINT "approval_decision_approval_id_approval_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approval"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_decision" ADD CONSTRAINT "approval_decision_checker_id_staff_user_id_fk" FOREIGN KEY ("checker_id") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_pending_target" ON "approval" USING btree ("target_type","target_id") WHERE "approval"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "approval_tenant_status_created" ON "approval" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "approval_target" ON "approval" USING btree ("target_type","target_id");--> statement-breakpoint
ALTER TABLE "exchange_record" ADD COLUMN "status" text DEFAULT 'completed' NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_record" ADD CONSTRAINT "exchange_status" CHECK ("exchange_record"."status" IN ('completed','pending','rejected'));
