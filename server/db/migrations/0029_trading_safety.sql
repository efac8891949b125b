-- Trading that cannot lose money (issue 18, docs/trading.md "Trading safety"): an IPO's subscription window opens at
-- subscribe_start (none: at its issue) and closes at subscribe_end; a subscription outside it is refused.
ALTER TABLE "trade_product" ADD COLUMN "subscribe_start" timestamp with time zone;
