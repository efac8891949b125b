CREATE TABLE "ip_allow_entry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"cidr" text NOT NULL,
	"note" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ip_allow_entry" ADD CONSTRAINT "ip_allow_entry_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_allow_entry" ADD CONSTRAINT "ip_allow_entry_created_by_staff_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ip_allow_entry_tenant_cidr" ON "ip_allow_entry" USING btree ("tenant_id","cidr");--> statement-breakpoint
CREATE INDEX "ip_allow_entry_tenant_id" ON "ip_allow_entry" USING btree ("tenant_id","id");