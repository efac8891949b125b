-- Trade results (docs/trading.md "Trade results"): each product kind's sanity bounds of a sale, close or settlement
-- (price within ± price_band of the product's price; a period settlement's result ÷ amount within profit_rate_min..max).
-- Settlements, sale prices and emergency modifications above the approval tier wait in the approval queue (kind
-- trade_result, target trade_order): the approval table takes them as they are.
ALTER TABLE "trade_product_config" ADD COLUMN "price_band" numeric(8, 6) DEFAULT '0.2' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_product_config" ADD COLUMN "profit_rate_min" numeric(8, 6) DEFAULT '-0.2' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_product_config" ADD COLUMN "profit_rate_max" numeric(12, 6) DEFAULT '0.2' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_product_config" ADD CONSTRAINT "trade_product_bounds" CHECK ("trade_product_config"."price_band" > 0 AND "trade_product_config"."price_band" <= 1 AND "trade_product_config"."profit_rate_min" >= -1 AND "trade_product_config"."profit_rate_min" <= 0 AND "trade_product_config"."profit_rate_max" >= 0);
