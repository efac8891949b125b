-- Trading (domain/trading.ts, docs/trading.md): products, orders, IPO allocations; positions in `holding`.
CREATE TABLE "trade_product" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"subtype" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"price" numeric(20, 4) NOT NULL,
	"lot_size" integer DEFAULT 1 NOT NULL,
	"period_days" integer,
	"rate" numeric(10, 6),
	"offered" bigint,
	"subscribe_end" timestamp with time zone,
	"listing_date" date,
	"status" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_product_kind_check" CHECK ("trade_product"."kind" IN ('stock','block','ipo','daily','ai','fund','quant','saving')),
	CONSTRAINT "trade_product_status_check" CHECK ("trade_product"."status" IN ('enable','disabled','available','order_locked','listing','listed')),
	CONSTRAINT "trade_product_price_positive" CHECK ("trade_product"."price" > 0 AND "trade_product"."lot_size" > 0)
);
--> statement-breakpoint
CREATE TABLE "trade_order" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"client_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"trade_type" text NOT NULL,
	"currency" text NOT NULL,
	"quantity" bigint,
	"price" numeric(20, 4),
	"amount" numeric(20, 2) NOT NULL,
	"fee" numeric(20, 2) DEFAULT '0' NOT NULL,
	"frozen" numeric(20, 2) DEFAULT '0' NOT NULL,
	"allocated_quantity" bigint,
	"owed" numeric(20, 2) DEFAULT '0' NOT NULL,
	"sell_price" numeric(20, 4),
	"proceeds" numeric(20, 2),
	"sell_fee" numeric(20, 2),
	"profit" numeric(20, 2),
	"status" text NOT NULL,
	"remark" text,
	"placed_by" bigint,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_order_status_check" CHECK ("trade_order"."status" IN ('pending','approved','rejected','waiting_payment','outstanding','fund_released','holding','sold','awaiting','unsettled','completed')),
	CONSTRAINT "trade_order_trade_type_check" CHECK ("trade_order"."trade_type" IN ('holding','review')),
	CONSTRAINT "trade_order_money" CHECK ("trade_order"."amount" > 0 AND "trade_order"."fee" >= 0 AND "trade_order"."frozen" >= 0 AND "trade_order"."owed" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trade_allocation" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"product_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"method" text NOT NULL,
	"requested" bigint NOT NULL,
	"allocated" bigint NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"fee" numeric(20, 2) DEFAULT '0' NOT NULL,
	"released" numeric(20, 2) DEFAULT '0' NOT NULL,
	"owed" numeric(20, 2) DEFAULT '0' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_allocation_method" CHECK ("trade_allocation"."method" IN ('ratio','lottery'))
);
--> statement-breakpoint
ALTER TABLE "trade_product" ADD CONSTRAINT "trade_product_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_product" ADD CONSTRAINT "trade_product_created_by_staff_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_order" ADD CONSTRAINT "trade_order_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_order" ADD CONSTRAINT "trade_order_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_order" ADD CONSTRAINT "trade_order_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_order" ADD CONSTRAINT "trade_order_product_id_trade_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."trade_product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_order" ADD CONSTRAINT "trade_order_placed_by_staff_user_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_order" ADD CONSTRAINT "trade_order_decided_by_staff_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_allocation" ADD CONSTRAINT "trade_allocation_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_allocation" ADD CONSTRAINT "trade_allocation_product_id_trade_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."trade_product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_allocation" ADD CONSTRAINT "trade_allocation_order_id_trade_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_allocation" ADD CONSTRAINT "trade_allocation_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_allocation" ADD CONSTRAINT "trade_allocation_created_by_staff_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_product_code" ON "trade_product" USING btree ("tenant_id","kind","code");--> statement-breakpoint
CREATE INDEX "trade_product_kind" ON "trade_product" USING btree ("tenant_id","kind","id");--> statement-breakpoint
CREATE INDEX "trade_order_kind" ON "trade_order" USING btree ("tenant_id","kind","id");--> statement-breakpoint
CREATE INDEX "trade_order_kind_status" ON "trade_order" USING btree ("tenant_id","kind","status","id");--> statement-breakpoint
CREATE INDEX "trade_order_client" ON "trade_order" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "trade_order_product" ON "trade_order" USING btree ("product_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_allocation_order" ON "trade_allocation" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "trade_allocation_product" ON "trade_allocation" USING btree ("tenant_id","product_id","id");--> statement-breakpoint
ALTER TABLE "holding" ADD COLUMN "product_id" bigint;--> statement-breakpoint
ALTER TABLE "holding" ADD COLUMN "cost" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "holding" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "holding" ADD CONSTRAINT "holding_product_id_trade_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."trade_product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "holding_client_product" ON "holding" USING btree ("client_id","product_id");
