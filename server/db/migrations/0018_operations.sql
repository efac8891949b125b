CREATE TABLE "message_template" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"title_en" text,
	"body" text NOT NULL,
	"body_en" text,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"title" text NOT NULL,
	"title_en" text,
	"body" text NOT NULL,
	"body_en" text,
	"audience" text NOT NULL,
	"team_leader_id" bigint,
	"template_id" bigint,
	"template_name" text,
	"status" text NOT NULL,
	"send_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_status" CHECK ("message"."status" IN ('scheduled','sent','cancelled')),
	CONSTRAINT "message_audience" CHECK ("message"."audience" IN ('client','clients','team','all'))
);
--> statement-breakpoint
CREATE TABLE "message_recipient" (
	"message_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"tenant_id" text NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "message_recipient_pk" PRIMARY KEY("message_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "service_config" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"leader_id" bigint,
	"channels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_template" ADD CONSTRAINT "message_template_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_template" ADD CONSTRAINT "message_template_updated_by_staff_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_team_leader_id_staff_user_id_fk" FOREIGN KEY ("team_leader_id") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_template_id_message_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."message_template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_created_by_staff_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipient" ADD CONSTRAINT "message_recipient_message_id_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."message"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipient" ADD CONSTRAINT "message_recipient_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipient" ADD CONSTRAINT "message_recipient_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_config" ADD CONSTRAINT "service_config_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_config" ADD CONSTRAINT "service_config_leader_id_staff_user_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."staff_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_config" ADD CONSTRAINT "service_config_updated_by_staff_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_template_tenant_id" ON "message_template" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "message_tenant_id" ON "message" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "message_due" ON "message" USING btree ("send_at") WHERE "message"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "message_recipient_client" ON "message_recipient" USING btree ("client_id","message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_config_tenant_default" ON "service_config" USING btree ("tenant_id") WHERE "service_config"."leader_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "service_config_tenant_team" ON "service_config" USING btree ("tenant_id","leader_id") WHERE "service_config"."leader_id" IS NOT NULL;
