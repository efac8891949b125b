CREATE TABLE "crypto_address" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"address_key" text NOT NULL,
	"label" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crypto_address_chain" CHECK ("crypto_address"."chain" IN ('TRC20','ERC20','BEP20','BTC','ETH','SOL'))
);
--> statement-breakpoint
CREATE TABLE "trade_product_config" (
	"tenant_id" text NOT NULL,
	"product" text NOT NULL,
	"enabled" boolean NOT NULL,
	"sessions" text NOT NULL,
	"buy_fee" numeric(8, 6) NOT NULL,
	"sell_fee" numeric(8, 6) NOT NULL,
	"min_amount" numeric(20, 2) NOT NULL,
	"max_amount" numeric(20, 2) NOT NULL,
	"leverage" integer NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_product_config_tenant_id_product_pk" PRIMARY KEY("tenant_id","product"),
	CONSTRAINT "trade_product_fees" CHECK ("trade_product_config"."buy_fee" >= 0 AND "trade_product_config"."buy_fee" < 1 AND "trade_product_config"."sell_fee" >= 0 AND "trade_product_config"."sell_fee" < 1),
	CONSTRAINT "trade_product_amounts" CHECK ("trade_product_config"."min_amount" >= 0 AND "trade_product_config"."max_amount" > 0 AND "trade_product_config"."min_amount" <= "trade_product_config"."max_amount"),
	CONSTRAINT "trade_product_leverage" CHECK ("trade_product_config"."leverage" BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE TABLE "global_config" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"value" text NOT NULL,
	"description" text,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "global_config_type" CHECK ("global_config"."type" IN ('string','number','boolean','json','decimal'))
);
--> statement-breakpoint
CREATE TABLE "trading_permission" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"scope" text NOT NULL,
	"subject_id" bigint DEFAULT 0 NOT NULL,
	"product" text NOT NULL,
	"allowed" boolean NOT NULL,
	"note" text,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trading_permission_scope" CHECK ("trading_permission"."scope" IN ('client','team','vip','default')),
	CONSTRAINT "trading_permission_default_subject" CHECK ("trading_permission"."scope" <> 'default' OR "trading_permission"."subject_id" = 0)
);
--> statement-breakpoint
ALTER TABLE "crypto_address" ADD CONSTRAINT "crypto_address_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_address" ADD CONSTRAINT "crypto_address_created_by_staff_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_product_config" ADD CONSTRAINT "trade_product_config_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_product_config" ADD CONSTRAINT "trade_product_config_updated_by_staff_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_config" ADD CONSTRAINT "global_config_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_config" ADD CONSTRAINT "global_config_updated_by_staff_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_permission" ADD CONSTRAINT "trading_permission_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_permission" ADD CONSTRAINT "trading_permission_updated_by_staff_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_address_tenant_chain_key" ON "crypto_address" USING btree ("tenant_id","chain","address_key");--> statement-breakpoint
CREATE INDEX "crypto_address_tenant_id" ON "crypto_address" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "global_config_tenant_key" ON "global_config" USING btree ("tenant_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "trading_permission_rule" ON "trading_permission" USING btree ("tenant_id","scope","subject_id","product");--> statement-breakpoint
CREATE INDEX "trading_permission_tenant_id" ON "trading_permission" USING btree ("tenant_id","id");--> statement-breakpoint
-- The deposits received on a platform address (its detail's list, its deposit count, the delete check): by tenant,
-- chain and the address in lower case (EVM and bech32 compare so; base58 chains add an exact comparison).
CREATE INDEX "deposit_tenant_chain_address" ON "deposit_record" USING btree ("tenant_id","chain",lower("address")) WHERE "deposit_record"."address" IS NOT NULL;
