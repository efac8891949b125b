CREATE TABLE "permission_narrowing" (
	"tenant_id" text NOT NULL,
	"role" text NOT NULL,
	"resource" text NOT NULL,
	"action" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permission_narrowing_tenant_id_role_resource_action_pk" PRIMARY KEY("tenant_id","role","resource","action")
);
--> statement-breakpoint
CREATE TABLE "permission_version" (
	"tenant_id" text NOT NULL,
	"version" integer NOT NULL,
	"role" text NOT NULL,
	"removed" jsonb NOT NULL,
	"restored" jsonb NOT NULL,
	"changed_by" bigint,
	"changed_by_name" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permission_version_tenant_id_version_pk" PRIMARY KEY("tenant_id","version")
);
--> statement-breakpoint
ALTER TABLE "permission_narrowing" ADD CONSTRAINT "permission_narrowing_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_narrowing" ADD CONSTRAINT "permission_narrowing_created_by_staff_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_version" ADD CONSTRAINT "permission_version_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_version" ADD CONSTRAINT "permission_version_changed_by_staff_user_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;
