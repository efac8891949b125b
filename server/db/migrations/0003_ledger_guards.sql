-- Ledger guards (DESIGN.md section 4): the database itself keeps the ledger append-only and balanced.
-- Entries and txns are immutable: UPDATE, DELETE and TRUNCATE are refused (refuse_change() comes from 0001).
CREATE TRIGGER ledger_entry_append_only BEFORE UPDATE OR DELETE ON ledger_entry
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_txn_append_only BEFORE UPDATE OR DELETE ON ledger_txn
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refuse_truncate() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'TRUNCATE on % is not allowed: the table is append-only', TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_entry_no_truncate BEFORE TRUNCATE ON ledger_entry
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate();
--> statement-breakpoint
CREATE TRIGGER ledger_txn_no_truncate BEFORE TRUNCATE ON ledger_txn
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate();
--> statement-breakpoint
-- At commit, every txn that received entries must sum to zero in each currency. A deferred constraint trigger
-- runs once per inserted row at commit time; it checks that row's txn (cheap: index on txn_id).
CREATE OR REPLACE FUNCTION ledger_txn_balanced() RETURNS trigger AS $$
DECLARE
  bad record;
BEGIN
  SELECT currency, sum(amount) AS total INTO bad FROM ledger_entry
    WHERE txn_id = NEW.txn_id GROUP BY currency HAVING sum(amount) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger txn % does not balance in %: %', NEW.txn_id, bad.currency, bad.total
      USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entry_balanced AFTER INSERT ON ledger_entry
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_txn_balanced();
