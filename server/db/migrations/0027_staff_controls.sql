-- Who set a staff member up (docs/security.md "Staff management and checker independence"): the account's creator,
-- who last set its password as another staff member (create, reset) and who last closed its authenticator. The owner's
-- own change keeps them: whoever set a temporary password may be the one who then changed it. The approval gate
-- refuses a checker whose account the maker created or whose password or authenticator the maker last reset (409
-- checker_not_independent). No foreign key: a deleted staff member's id is never reused, and the rows he set up stay
-- as they are. Existing rows: unknown (null).
ALTER TABLE "staff_user" ADD COLUMN "created_by" bigint;--> statement-breakpoint
ALTER TABLE "staff_user" ADD COLUMN "password_reset_by" bigint;--> statement-breakpoint
ALTER TABLE "staff_user" ADD COLUMN "mfa_reset_by" bigint;
