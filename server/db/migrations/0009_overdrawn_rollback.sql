ALTER TABLE "overdrawn_record" DROP CONSTRAINT "overdrawn_status";--> statement-breakpoint
ALTER TABLE "overdrawn_record" ADD COLUMN "reversal_txn_id" bigint;--> statement-breakpoint
ALTER TABLE "overdrawn_record" ADD CONSTRAINT "overdrawn_status" CHECK ("overdrawn_record"."status" IN ('pending','approved','rejected','repaid','rolled_back'));