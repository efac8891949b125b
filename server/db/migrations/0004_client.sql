CREATE TABLE "client_access" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"client_id" bigint NOT NULL,
	"action" text NOT NULL,
	"ip" text,
	"location" text,
	"device" text,
	"user_agent" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_bank" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"client_id" bigint NOT NULL,
	"bank_name" text NOT NULL,
	"holder_name" text NOT NULL,
	"acc_no" text NOT NULL,
	"address" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_identity" (
	"client_id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"real_name" text,
	"id_type" text,
	"id_number" text,
	"nationality" text,
	"dob" date,
	"address" text,
	"front_image" text,
	"back_image" text,
	"selfie_image" text,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" bigint,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "client_nominee" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"client_id" bigint NOT NULL,
	"name" text NOT NULL,
	"relationship" text NOT NULL,
	"phone" text,
	"dob" date,
	"share_percent" numeric(5, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_nominee_share" CHECK ("client_nominee"."share_percent" > 0 AND "client_nominee"."share_percent" <= 100)
);
--> statement-breakpoint
CREATE TABLE "client_reset_code" (
	"client_id" bigint PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" bigint,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holding" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"client_id" bigint NOT NULL,
	"product_type" text NOT NULL,
	"symbol" text NOT NULL,
	"name" text,
	"currency" text NOT NULL,
	"quantity" numeric(20, 4) NOT NULL,
	"avg_price" numeric(20, 4) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_access" ADD CONSTRAINT "client_access_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_access" ADD CONSTRAINT "client_access_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_bank" ADD CONSTRAINT "client_bank_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_bank" ADD CONSTRAINT "client_bank_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_identity" ADD CONSTRAINT "client_identity_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_identity" ADD CONSTRAINT "client_identity_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_identity" ADD CONSTRAINT "client_identity_reviewed_by_staff_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_nominee" ADD CONSTRAINT "client_nominee_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_nominee" ADD CONSTRAINT "client_nominee_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_reset_code" ADD CONSTRAINT "client_reset_code_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding" ADD CONSTRAINT "holding_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding" ADD CONSTRAINT "holding_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_access_client_at" ON "client_access" USING btree ("client_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "client_bank_client" ON "client_bank" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "client_nominee_client" ON "client_nominee" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "holding_client" ON "holding" USING btree ("client_id","id");