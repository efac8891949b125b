-- Rates become their history (append-only): a change of a pair's rate is a new row; the current rate is the row with
-- the latest valid_from <= now. Existing rates are kept as their first row (source "initial", valid from when set).
ALTER TABLE "currency_rate" DROP CONSTRAINT "currency_rate_tenant_id_primary_secondary_pk";--> statement-breakpoint
ALTER TABLE "currency_rate" RENAME COLUMN "updated_at" TO "created_at";--> statement-breakpoint
ALTER TABLE "currency_rate" ADD COLUMN "id" bigserial PRIMARY KEY NOT NULL;--> statement-breakpoint
ALTER TABLE "currency_rate" ADD COLUMN "source" text DEFAULT 'initial' NOT NULL;--> statement-breakpoint
ALTER TABLE "currency_rate" ADD COLUMN "valid_from" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "currency_rate" ADD COLUMN "created_by" bigint;--> statement-breakpoint
UPDATE "currency_rate" SET "valid_from" = "created_at";--> statement-breakpoint
CREATE INDEX "currency_rate_pair_valid" ON "currency_rate" USING btree ("tenant_id","primary","secondary","valid_from","id");--> statement-breakpoint
REVOKE UPDATE, DELETE ON "currency_rate" FROM bo_app;--> statement-breakpoint
CREATE TABLE "market_exchange" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"time_zone" text NOT NULL,
	"sessions" text NOT NULL,
	"holidays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currency_pair" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"decimals" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"spread" numeric(20, 8) DEFAULT '0' NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currency_pair_valid" CHECK ("currency_pair"."base" <> "currency_pair"."quote" AND "currency_pair"."decimals" BETWEEN 0 AND 8 AND "currency_pair"."spread" >= 0)
);
--> statement-breakpoint
ALTER TABLE "market_exchange" ADD CONSTRAINT "market_exchange_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_exchange" ADD CONSTRAINT "market_exchange_updated_by_staff_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "currency_pair" ADD CONSTRAINT "currency_pair_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "currency_pair" ADD CONSTRAINT "currency_pair_updated_by_staff_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "market_exchange_tenant_code" ON "market_exchange" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "currency_pair_tenant_pair" ON "currency_pair" USING btree ("tenant_id","base","quote");
