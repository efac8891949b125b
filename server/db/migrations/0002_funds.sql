CREATE SEQUENCE "public"."account_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "account" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"client_id" bigint NOT NULL,
	"acc_no" text DEFAULT ('8' || lpad(nextval('account_no_seq')::text, 11, '0')) NOT NULL,
	"currency" text NOT NULL,
	"balance" numeric(20, 2) DEFAULT '0' NOT NULL,
	"deposit" numeric(20, 2) DEFAULT '0' NOT NULL,
	"withdrawal" numeric(20, 2) DEFAULT '0' NOT NULL,
	"profit" numeric(20, 2) DEFAULT '0' NOT NULL,
	"compensation" numeric(20, 2) DEFAULT '0' NOT NULL,
	"bonus" numeric(20, 2) DEFAULT '0' NOT NULL,
	"loan" numeric(20, 2) DEFAULT '0' NOT NULL,
	"frozen" numeric(20, 2) DEFAULT '0' NOT NULL,
	"outstanding" numeric(20, 2) DEFAULT '0' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_no_negative" CHECK ("account"."balance" >= 0 AND "account"."frozen" >= 0 AND "account"."outstanding" >= 0 AND "account"."bonus" >= 0)
);
--> statement-breakpoint
CREATE TABLE "client" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"username" text NOT NULL,
	"full_name" text,
	"mobile" text,
	"avatar" text,
	"fake" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"score" integer DEFAULT 100 NOT NULL,
	"vip" integer DEFAULT 0 NOT NULL,
	"agent_id" bigint,
	"mfa" boolean DEFAULT false NOT NULL,
	"kyc_status" text DEFAULT 'unverified' NOT NULL,
	"password_hash" text,
	"trade_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"session_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currency_rate" (
	"tenant_id" text NOT NULL,
	"primary" text NOT NULL,
	"secondary" text NOT NULL,
	"rate" numeric(20, 8) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currency_rate_tenant_id_primary_secondary_pk" PRIMARY KEY("tenant_id","primary","secondary"),
	CONSTRAINT "currency_rate_positive" CHECK ("currency_rate"."rate" > 0 AND "currency_rate"."primary" <> "currency_rate"."secondary")
);
--> statement-breakpoint
CREATE TABLE "deposit_record" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"client_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"remark" text,
	"created_by" bigint,
	"resolved_by" bigint,
	"resolved_at" timestamp with time zone,
	"rolled_back_by" bigint,
	"rolled_back_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"rate" numeric(20, 8) DEFAULT '1' NOT NULL,
	"credit_currency" text NOT NULL,
	"credit_amount" numeric(20, 2) NOT NULL,
	"sub_type" text DEFAULT 'bank' NOT NULL,
	"screenshot" text,
	"source" text DEFAULT 'client' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"txn_id" bigint,
	"reversal_txn_id" bigint,
	CONSTRAINT "deposit_status" CHECK ("deposit_record"."status" IN ('pending','approved','rejected','rolled_back')),
	CONSTRAINT "deposit_positive" CHECK ("deposit_record"."amount" > 0 AND "deposit_record"."credit_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "exchange_record" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"client_id" bigint NOT NULL,
	"from_account_id" bigint NOT NULL,
	"to_account_id" bigint NOT NULL,
	"from_currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"rate" numeric(20, 8) NOT NULL,
	"to_amount" numeric(20, 2) NOT NULL,
	"bonus_moved" numeric(20, 2) DEFAULT '0' NOT NULL,
	"txn_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_key" (
	"tenant_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_key_tenant_id_key_pk" PRIMARY KEY("tenant_id","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_entry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"txn_id" bigint NOT NULL,
	"tenant_id" text NOT NULL,
	"account_id" bigint,
	"platform_account_id" bigint,
	"currency" text NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"kind" text NOT NULL,
	"balance" numeric(20, 2) DEFAULT '0' NOT NULL,
	"frozen" numeric(20, 2) DEFAULT '0' NOT NULL,
	"deposit" numeric(20, 2) DEFAULT '0' NOT NULL,
	"withdrawal" numeric(20, 2) DEFAULT '0' NOT NULL,
	"profit" numeric(20, 2) DEFAULT '0' NOT NULL,
	"compensation" numeric(20, 2) DEFAULT '0' NOT NULL,
	"bonus" numeric(20, 2) DEFAULT '0' NOT NULL,
	"loan" numeric(20, 2) DEFAULT '0' NOT NULL,
	"outstanding" numeric(20, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entry_one_side" CHECK (("ledger_entry"."account_id" IS NULL) <> ("ledger_entry"."platform_account_id" IS NULL)),
	CONSTRAINT "ledger_entry_money" CHECK ("ledger_entry"."platform_account_id" IS NOT NULL OR "ledger_entry"."amount" = "ledger_entry"."balance" + "ledger_entry"."frozen"),
	CONSTRAINT "ledger_entry_platform_plain" CHECK ("ledger_entry"."account_id" IS NOT NULL OR ("ledger_entry"."balance" = 0 AND "ledger_entry"."frozen" = 0 AND "ledger_entry"."deposit" = 0 AND "ledger_entry"."withdrawal" = 0
        AND "ledger_entry"."profit" = 0 AND "ledger_entry"."compensation" = 0 AND "ledger_entry"."bonus" = 0 AND "ledger_entry"."loan" = 0 AND "ledger_entry"."outstanding" = 0))
);
--> statement-breakpoint
CREATE TABLE "ledger_txn" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"ref_type" text,
	"ref_id" bigint,
	"reverses_txn_id" bigint,
	"idempotency_key" text,
	"created_by" bigint,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "overdrawn_record" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"client_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"remark" text,
	"created_by" bigint,
	"resolved_by" bigint,
	"resolved_at" timestamp with time zone,
	"rolled_back_by" bigint,
	"rolled_back_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sub_type" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"repaid" numeric(20, 2) DEFAULT '0' NOT NULL,
	"status" text NOT NULL,
	"txn_id" bigint,
	CONSTRAINT "overdrawn_sub_type" CHECK ("overdrawn_record"."sub_type" IN ('loan','compensation','bonus')),
	CONSTRAINT "overdrawn_status" CHECK ("overdrawn_record"."status" IN ('pending','approved','rejected','repaid')),
	CONSTRAINT "overdrawn_amounts" CHECK ("overdrawn_record"."amount" > 0 AND "overdrawn_record"."repaid" >= 0 AND "overdrawn_record"."repaid" <= "overdrawn_record"."amount")
);
--> statement-breakpoint
CREATE TABLE "platform_account" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdraw_record" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"client_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"remark" text,
	"created_by" bigint,
	"resolved_by" bigint,
	"resolved_at" timestamp with time zone,
	"rolled_back_by" bigint,
	"rolled_back_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"freeze_txn_id" bigint,
	"resolve_txn_id" bigint,
	"reversal_txn_id" bigint,
	CONSTRAINT "withdraw_status" CHECK ("withdraw_record"."status" IN ('pending','approved','rejected','rolled_back')),
	CONSTRAINT "withdraw_positive" CHECK ("withdraw_record"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client" ADD CONSTRAINT "client_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client" ADD CONSTRAINT "client_agent_id_staff_user_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "currency_rate" ADD CONSTRAINT "currency_rate_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_record" ADD CONSTRAINT "deposit_record_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_record" ADD CONSTRAINT "deposit_record_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_record" ADD CONSTRAINT "deposit_record_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_record" ADD CONSTRAINT "exchange_record_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_record" ADD CONSTRAINT "exchange_record_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_record" ADD CONSTRAINT "exchange_record_from_account_id_account_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_record" ADD CONSTRAINT "exchange_record_to_account_id_account_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_txn_id_ledger_txn_id_fk" FOREIGN KEY ("txn_id") REFERENCES "public"."ledger_txn"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_platform_account_id_platform_account_id_fk" FOREIGN KEY ("platform_account_id") REFERENCES "public"."platform_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_txn" ADD CONSTRAINT "ledger_txn_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overdrawn_record" ADD CONSTRAINT "overdrawn_record_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overdrawn_record" ADD CONSTRAINT "overdrawn_record_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overdrawn_record" ADD CONSTRAINT "overdrawn_record_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_account" ADD CONSTRAINT "platform_account_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_record" ADD CONSTRAINT "withdraw_record_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_record" ADD CONSTRAINT "withdraw_record_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_record" ADD CONSTRAINT "withdraw_record_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_acc_no" ON "account" USING btree ("acc_no");--> statement-breakpoint
CREATE UNIQUE INDEX "account_client_currency" ON "account" USING btree ("client_id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "client_tenant_username" ON "client" USING btree ("tenant_id","username");--> statement-breakpoint
CREATE INDEX "client_tenant_created" ON "client" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "client_tenant_agent_created" ON "client" USING btree ("tenant_id","agent_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "client_tenant_fake_created" ON "client" USING btree ("tenant_id","fake","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "client_tenant_kyc_created" ON "client" USING btree ("tenant_id","kyc_status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "client_tenant_mobile" ON "client" USING btree ("tenant_id","mobile");--> statement-breakpoint
CREATE INDEX "client_tenant_username_prefix" ON "client" USING btree ("tenant_id","username" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "deposit_tenant_created" ON "deposit_record" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deposit_tenant_status_created" ON "deposit_record" USING btree ("tenant_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deposit_client_created" ON "deposit_record" USING btree ("client_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "exchange_tenant_created" ON "exchange_record" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "exchange_client_created" ON "exchange_record" USING btree ("client_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "idempotency_key_created" ON "idempotency_key" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_entry_txn" ON "ledger_entry" USING btree ("txn_id");--> statement-breakpoint
CREATE INDEX "ledger_entry_account" ON "ledger_entry" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entry_platform" ON "ledger_entry" USING btree ("platform_account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_txn_reverses_once" ON "ledger_txn" USING btree ("reverses_txn_id") WHERE "ledger_txn"."reverses_txn_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_txn_ref" ON "ledger_txn" USING btree ("ref_type","ref_id");--> statement-breakpoint
CREATE INDEX "ledger_txn_tenant_created" ON "ledger_txn" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "overdrawn_tenant_sub_created" ON "overdrawn_record" USING btree ("tenant_id","sub_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "overdrawn_tenant_sub_status_created" ON "overdrawn_record" USING btree ("tenant_id","sub_type","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "overdrawn_client_created" ON "overdrawn_record" USING btree ("client_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "platform_account_tenant_currency_kind" ON "platform_account" USING btree ("tenant_id","currency","kind");--> statement-breakpoint
CREATE INDEX "withdraw_tenant_created" ON "withdraw_record" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "withdraw_tenant_status_created" ON "withdraw_record" USING btree ("tenant_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "withdraw_client_created" ON "withdraw_record" USING btree ("client_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);