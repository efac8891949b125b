-- The app's database role (docs/security.md, "Database role"; server/db/client.ts): migrations run as the owner of
-- every object, the API's queries as bo_app, which owns nothing (so it cannot disable a trigger or alter a table),
-- may not TRUNCATE or hold TRIGGER/REFERENCES anywhere, only reads and inserts the audit trail, only reads the ledger,
-- and changes account aggregates only through ledger_post() below.
-- Roles are cluster-wide: the role is created once (LOGIN without a password: it can sign in only where pg_hba trusts
-- it; production gives it a password, or uses a login role that is a member of it), by whichever database's migration
-- gets there first. Another database migrating at the same time waits for that creation and then meets a unique
-- violation (or duplicate_object): both mean the role is there. A role created beforehand by a DBA is left as it is.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'bo_app') THEN
    BEGIN
      CREATE ROLE bo_app LOGIN;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL;
    END;
  END IF;
END
$$;
--> statement-breakpoint
-- Nobody but the owner creates objects in the schema (PostgreSQL 15's default, made explicit for older servers).
REVOKE CREATE ON SCHEMA public FROM PUBLIC;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO bo_app;--> statement-breakpoint
-- Business tables: ordinary DML (no TRUNCATE, TRIGGER or REFERENCES), today's and, through the default privileges
-- of the owner who runs the migrations, every table and sequence a later migration creates.
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO bo_app;--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO bo_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO bo_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO bo_app;--> statement-breakpoint
-- The audit trail: read and append. Its chain heads move only through the chain trigger, which now runs as the owner.
REVOKE UPDATE, DELETE ON audit_log FROM bo_app;--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE ON audit_chain FROM bo_app;--> statement-breakpoint
ALTER FUNCTION audit_log_chain() SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp;--> statement-breakpoint
-- The ledger: read only; rows are written by ledger_post(). Platform accounts may be created, not changed.
REVOKE INSERT, UPDATE, DELETE ON ledger_txn, ledger_entry FROM bo_app;--> statement-breakpoint
REVOKE UPDATE, DELETE ON platform_account FROM bo_app;--> statement-breakpoint
-- Accounts: opened (empty) and read by the app; of their columns it may update acc_no alone, which moves no money
-- (row locks, SELECT ... FOR NO KEY UPDATE, need UPDATE on one column). tenant_id, client_id, currency, the aggregates
-- and version change only through ledger_post().
REVOKE UPDATE, DELETE ON account FROM bo_app;--> statement-breakpoint
GRANT UPDATE (acc_no) ON account TO bo_app;--> statement-breakpoint
-- An INSERT names every column (drizzle writes DEFAULT for the missing ones), so column INSERT grants cannot keep the
-- aggregates out: an account must open empty instead, for every role.
CREATE OR REPLACE FUNCTION account_opens_empty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.balance <> 0 OR NEW.frozen <> 0 OR NEW.deposit <> 0 OR NEW.withdrawal <> 0 OR NEW.profit <> 0
     OR NEW.compensation <> 0 OR NEW.bonus <> 0 OR NEW.loan <> 0 OR NEW.outstanding <> 0 OR NEW.version <> 0 THEN
    RAISE EXCEPTION 'an account opens empty: its aggregates move only through the ledger'
      USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER account_opens_empty BEFORE INSERT ON account FOR EACH ROW EXECUTE FUNCTION account_opens_empty();--> statement-breakpoint
-- The one writer of ledger rows and account aggregates (server/ledger/post.ts calls it; the guards of 0003 still
-- hold). p_lines: a JSON array of {account_id | platform_account_id, currency, amount, and for a client line the
-- aggregate deltas balance, frozen, deposit, withdrawal, profit, compensation, bonus, loan, outstanding}, amounts as
-- decimal strings with at most 2 decimals. Locks the client accounts (ascending id), inserts the txn and its entries
-- in line order, checks each entry against its account (tenant, currency) and the txn's balance per currency, then
-- moves each account's aggregates by the sums of its entries in this txn (so they stay the sums of the entries) and
-- bumps its version. Runs as the owner; the app may only EXECUTE it.
CREATE OR REPLACE FUNCTION ledger_post(
  p_tenant text, p_kind text, p_lines jsonb, p_ref_type text DEFAULT NULL, p_ref_id bigint DEFAULT NULL,
  p_reverses_txn_id bigint DEFAULT NULL, p_idempotency_key text DEFAULT NULL, p_created_by bigint DEFAULT NULL,
  p_memo text DEFAULT NULL
) RETURNS bigint LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  v_txn bigint;
  v_ids bigint[];
  v_locked int;
  bad record;
BEGIN
  IF p_tenant IS NULL OR p_kind IS NULL OR jsonb_typeof(p_lines) IS DISTINCT FROM 'array'
     OR jsonb_array_length(p_lines) < 2 THEN
    RAISE EXCEPTION 'ledger_post: a transaction needs a tenant, a kind and at least two lines' USING ERRCODE = '22023';
  END IF;
  SELECT x.ord INTO bad
    FROM jsonb_array_elements(p_lines) WITH ORDINALITY AS x(e, ord), jsonb_to_record(x.e) AS l(account_id bigint,
      platform_account_id bigint, currency text, amount numeric, balance numeric, frozen numeric, deposit numeric,
      withdrawal numeric, profit numeric, compensation numeric, bonus numeric, loan numeric, outstanding numeric)
    WHERE l.currency IS NULL OR l.amount IS NULL OR (l.account_id IS NULL) = (l.platform_account_id IS NULL)
      OR EXISTS (SELECT 1 FROM unnest(ARRAY[l.amount, l.balance, l.frozen, l.deposit, l.withdrawal, l.profit,
                   l.compensation, l.bonus, l.loan, l.outstanding]) v WHERE v <> round(v, 2))
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger_post: line % is malformed (one side, a currency, an amount, at most 2 decimals)', bad.ord
      USING ERRCODE = '22023';
  END IF;
  SELECT coalesce(array_agg(DISTINCT (e->>'account_id')::bigint), '{}') INTO v_ids
    FROM jsonb_array_elements(p_lines) e WHERE e->>'account_id' IS NOT NULL;
  PERFORM 1 FROM account WHERE id = ANY (v_ids) AND tenant_id = p_tenant ORDER BY id FOR NO KEY UPDATE;
  GET DIAGNOSTICS v_locked = ROW_COUNT;
  IF v_locked <> cardinality(v_ids) THEN
    RAISE EXCEPTION 'ledger_post: an account is not in tenant %', p_tenant USING ERRCODE = '23503';
  END IF;

  INSERT INTO ledger_txn (tenant_id, kind, ref_type, ref_id, reverses_txn_id, idempotency_key, created_by, memo)
    VALUES (p_tenant, p_kind, p_ref_type, p_ref_id, p_reverses_txn_id, p_idempotency_key, p_created_by, p_memo)
    RETURNING id INTO v_txn;
  INSERT INTO ledger_entry (txn_id, tenant_id, account_id, platform_account_id, currency, amount, kind, balance, frozen,
      deposit, withdrawal, profit, compensation, bonus, loan, outstanding)
    SELECT v_txn, p_tenant, l.account_id, l.platform_account_id, l.currency, l.amount, p_kind, coalesce(l.balance, 0),
      coalesce(l.frozen, 0), coalesce(l.deposit, 0), coalesce(l.withdrawal, 0), coalesce(l.profit, 0),
      coalesce(l.compensation, 0), coalesce(l.bonus, 0), coalesce(l.loan, 0), coalesce(l.outstanding, 0)
    FROM jsonb_array_elements(p_lines) WITH ORDINALITY AS x(e, ord), jsonb_to_record(x.e) AS l(account_id bigint,
      platform_account_id bigint, currency text, amount numeric, balance numeric, frozen numeric, deposit numeric,
      withdrawal numeric, profit numeric, compensation numeric, bonus numeric, loan numeric, outstanding numeric)
    ORDER BY x.ord;

  SELECT e.id INTO bad FROM ledger_entry e
    LEFT JOIN account a ON a.id = e.account_id LEFT JOIN platform_account p ON p.id = e.platform_account_id
    WHERE e.txn_id = v_txn AND NOT coalesce(
      (a.id IS NOT NULL AND a.tenant_id = p_tenant AND a.currency = e.currency)
      OR (p.id IS NOT NULL AND p.tenant_id = p_tenant AND p.currency = e.currency), false)
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger_post: entry % is not in its account''s tenant and currency', bad.id USING ERRCODE = '23514';
  END IF;
  SELECT currency, sum(amount) AS total INTO bad FROM ledger_entry
    WHERE txn_id = v_txn GROUP BY currency HAVING sum(amount) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger txn % does not balance in %: %', v_txn, bad.currency, bad.total USING ERRCODE = '23514';
  END IF;

  -- account_no_negative refuses a balance, frozen, outstanding or bonus below zero.
  UPDATE account a SET balance = a.balance + s.balance, frozen = a.frozen + s.frozen, deposit = a.deposit + s.deposit,
      withdrawal = a.withdrawal + s.withdrawal, profit = a.profit + s.profit,
      compensation = a.compensation + s.compensation, bonus = a.bonus + s.bonus, loan = a.loan + s.loan,
      outstanding = a.outstanding + s.outstanding, version = a.version + 1
    FROM (SELECT account_id, sum(balance) AS balance, sum(frozen) AS frozen, sum(deposit) AS deposit,
            sum(withdrawal) AS withdrawal, sum(profit) AS profit, sum(compensation) AS compensation,
            sum(bonus) AS bonus, sum(loan) AS loan, sum(outstanding) AS outstanding
          FROM ledger_entry WHERE txn_id = v_txn AND account_id IS NOT NULL GROUP BY account_id) s
    WHERE a.id = s.account_id;
  RETURN v_txn;
END;
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION ledger_post(text, text, jsonb, text, bigint, bigint, text, bigint, text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledger_post(text, text, jsonb, text, bigint, bigint, text, bigint, text) TO bo_app;
