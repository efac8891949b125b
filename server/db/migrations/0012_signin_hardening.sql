CREATE TABLE "login_failure" (
	"tenant_id" text NOT NULL,
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_failure_tenant_id_username_ip_pk" PRIMARY KEY("tenant_id","username","ip")
);
--> statement-breakpoint
CREATE INDEX "login_failure_last" ON "login_failure" USING btree ("last_failure_at");--> statement-breakpoint
ALTER TABLE "idempotency_key" ADD COLUMN "user_id" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_key" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "idempotency_key" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "idempotency_key" DROP CONSTRAINT "idempotency_key_tenant_id_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_key" ADD CONSTRAINT "idempotency_key_tenant_id_user_id_key_pk" PRIMARY KEY("tenant_id","user_id","key");
