-- Cumulative limits of the maker-checker policy (domain/approval.ts, docs/security.md "Maker-checker on money"): per
-- kind and currency, what one maker, and what one client, may receive without a checker in a tenant's day. NULL: the
-- built-in default (domain/approval.ts defaultTier).
ALTER TABLE "approval_policy" ADD COLUMN "maker_daily_limit" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "approval_policy" ADD COLUMN "client_daily_limit" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "approval_policy" ADD CONSTRAINT "approval_policy_limits" CHECK (("maker_daily_limit" IS NULL OR "maker_daily_limit" >= 0) AND ("client_daily_limit" IS NULL OR "client_daily_limit" >= 0));
