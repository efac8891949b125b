CREATE TABLE "data_exception" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"check_code" text NOT NULL,
	"rule" text DEFAULT '' NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"client_id" bigint,
	"severity" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"absent_since" timestamp with time zone,
	"last_run_id" bigint,
	"status" text DEFAULT 'open' NOT NULL,
	"assignee_id" bigint,
	"assigned_at" timestamp with time zone,
	"resolution_note" text,
	"resolved_by" bigint,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "data_exception_status" CHECK ("data_exception"."status" IN ('open','assigned','resolved')),
	CONSTRAINT "data_exception_resolved_note" CHECK ("data_exception"."status" <> 'resolved' OR ("data_exception"."resolution_note" IS NOT NULL AND "data_exception"."resolved_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "data_exception_run" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"trigger" text NOT NULL,
	"started_by" bigint,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text DEFAULT 'running' NOT NULL,
	"checks_done" integer DEFAULT 0 NOT NULL,
	"checks_total" integer NOT NULL,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "data_exception" ADD CONSTRAINT "data_exception_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exception" ADD CONSTRAINT "data_exception_assignee_id_staff_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exception" ADD CONSTRAINT "data_exception_resolved_by_staff_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exception_run" ADD CONSTRAINT "data_exception_run_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exception_run" ADD CONSTRAINT "data_exception_run_started_by_staff_user_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_exception_open_subject" ON "data_exception" USING btree ("tenant_id","check_code","rule","subject_type","subject_id") WHERE "data_exception"."status" <> 'resolved';--> statement-breakpoint
CREATE INDEX "data_exception_tenant_id" ON "data_exception" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "data_exception_tenant_first_seen" ON "data_exception" USING btree ("tenant_id","first_seen","id");--> statement-breakpoint
CREATE INDEX "data_exception_tenant_last_seen" ON "data_exception" USING btree ("tenant_id","last_seen","id");--> statement-breakpoint
CREATE INDEX "data_exception_tenant_status" ON "data_exception" USING btree ("tenant_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "data_exception_run_one_running" ON "data_exception_run" USING btree ("tenant_id") WHERE "data_exception_run"."status" = 'running';--> statement-breakpoint
CREATE INDEX "data_exception_run_tenant_started" ON "data_exception_run" USING btree ("tenant_id","started_at");
