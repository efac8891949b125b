-- Dashboard statistics kept as sums (server/modules/dashboard, docs/architecture.md "Statistics"): summing a million
-- clients' accounts per request does not fit the list budget, so each figure is kept per agent in a small table that
-- the source rows' triggers move in the same transaction as the rows themselves. The tables are written only here
-- (triggers and stat_rebuild run as the owner; the app may only read them), `npm run ledger:check` compares each with
-- its recomputation (the stat_*_expected views, which stat_rebuild also loads from), and the dashboard sums a few
-- hundred rows instead of the records.
--
-- Keys: agent_id is the client's agent (0: none); days are in the tenant's time zone (stat_zone, kept equal to the
-- locale setting by stat_set_zone, which rebuilds the sums when it changes); a dated sum is kept per day and again
-- per month (span 'day' / 'month', the month's row dated its 1st; clients also once in all, span 'all'), so a range
-- reads its whole months and at most two months of days; slot spreads one agent's "now" rows over 16 rows by client
-- id, so that concurrent movements of different clients of one agent rarely wait for one another (a client's own
-- movements are serialised by its account lock anyway).
--
-- Concurrency: every trigger takes a shared advisory lock per tenant and stat_rebuild an exclusive one, so a rebuild
-- sees every committed movement and none lands between its delete and its insert. The triggers on account and
-- trade_order run at commit (deferred, per row) and take FOR SHARE on the row's client: a change of agent (an UPDATE
-- of client) then waits for movements committing and movements wait for it, so the moved sums are the committed ones.
CREATE TABLE "stat_zone" (
  "tenant_id" text PRIMARY KEY NOT NULL REFERENCES "tenant"("id"),
  "time_zone" text NOT NULL
);--> statement-breakpoint
CREATE TABLE "stat_client" (
  "tenant_id" text NOT NULL,
  "span" text NOT NULL,
  "day" date NOT NULL,
  "agent_id" bigint NOT NULL,
  "fake" boolean NOT NULL,
  "clients" bigint NOT NULL,
  PRIMARY KEY ("tenant_id", "span", "day", "agent_id", "fake")
);--> statement-breakpoint
CREATE TABLE "stat_money" (
  "tenant_id" text NOT NULL,
  "kind" text NOT NULL CHECK ("kind" IN ('deposit', 'withdrawal')),
  "span" text NOT NULL,
  "day" date NOT NULL,
  "agent_id" bigint NOT NULL,
  "currency" text NOT NULL,
  "records" bigint NOT NULL,
  "amount" numeric(20, 2) NOT NULL,
  PRIMARY KEY ("tenant_id", "kind", "span", "day", "agent_id", "currency")
);--> statement-breakpoint
CREATE TABLE "stat_balance" (
  "tenant_id" text NOT NULL,
  "agent_id" bigint NOT NULL,
  "slot" smallint NOT NULL,
  "currency" text NOT NULL,
  "accounts" bigint NOT NULL,
  "balance" numeric(20, 2) NOT NULL,
  PRIMARY KEY ("tenant_id", "agent_id", "slot", "currency")
);--> statement-breakpoint
CREATE TABLE "stat_order" (
  "tenant_id" text NOT NULL,
  "agent_id" bigint NOT NULL,
  "slot" smallint NOT NULL,
  "kind" text NOT NULL,
  "currency" text NOT NULL,
  "status" text NOT NULL,
  "orders" bigint NOT NULL,
  "amount" numeric(20, 2) NOT NULL,
  "owed" numeric(20, 2) NOT NULL,
  PRIMARY KEY ("tenant_id", "agent_id", "slot", "kind", "currency", "status")
);--> statement-breakpoint
CREATE TABLE "stat_order_day" (
  "tenant_id" text NOT NULL,
  "span" text NOT NULL,
  "day" date NOT NULL,
  "agent_id" bigint NOT NULL,
  "slot" smallint NOT NULL,
  "kind" text NOT NULL,
  "currency" text NOT NULL,
  "orders" bigint NOT NULL,
  "amount" numeric(20, 2) NOT NULL,
  PRIMARY KEY ("tenant_id", "span", "day", "agent_id", "slot", "kind", "currency")
);--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON stat_zone, stat_client, stat_money, stat_balance, stat_order, stat_order_day FROM bo_app;--> statement-breakpoint

CREATE FUNCTION stat_slot(p_client_id bigint) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (p_client_id % 16)::smallint
$$;--> statement-breakpoint
-- The default matches the API's (server/modules/setting/service.ts) for a tenant without a locale setting.
CREATE FUNCTION stat_zone_of(p_tenant text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT time_zone FROM stat_zone WHERE tenant_id = p_tenant), 'Asia/Shanghai')
$$;--> statement-breakpoint
-- The rows a dated sum is kept in: its day, its month (dated the 1st) and, with p_all, all time.
CREATE FUNCTION stat_spans(p_day date, p_all boolean) RETURNS TABLE (span text, day date) LANGUAGE sql IMMUTABLE AS $$
  SELECT 'day', p_day UNION ALL SELECT 'month', date_trunc('month', p_day)::date
  UNION ALL SELECT 'all', DATE '2000-01-01' WHERE p_all
$$;--> statement-breakpoint
-- The rows of a statement as signed contributions: +1 for a new row version, -1 for an old one.
CREATE FUNCTION stat_rows(p_op text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_op WHEN 'INSERT' THEN 'SELECT 1 AS s, n.* FROM n'
                   WHEN 'DELETE' THEN 'SELECT -1 AS s, o.* FROM o'
                   ELSE 'SELECT 1 AS s, n.* FROM n UNION ALL SELECT -1 AS s, o.* FROM o' END
$$;--> statement-breakpoint

-- What each table must hold, recomputed from the records: stat_rebuild loads from these, ledger:check compares.
CREATE VIEW stat_client_expected AS
  SELECT c.tenant_id, g.span, g.day, coalesce(c.agent_id, 0) AS agent_id, c.fake, count(*) AS clients
  FROM client c LEFT JOIN stat_zone z ON z.tenant_id = c.tenant_id
  CROSS JOIN LATERAL stat_spans((c.created_at AT TIME ZONE coalesce(z.time_zone, 'Asia/Shanghai'))::date, true) g
  GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
CREATE VIEW stat_money_expected AS
  SELECT r.tenant_id, r.kind, g.span, g.day, r.agent_id, r.currency, count(*) AS records, sum(r.amount) AS amount
  FROM (SELECT tenant_id, 'deposit' AS kind, resolved_at, coalesce(agent_id, 0) AS agent_id,
          credit_currency AS currency, credit_amount AS amount
        FROM deposit_record WHERE status = 'approved' AND resolved_at IS NOT NULL
        UNION ALL
        SELECT tenant_id, 'withdrawal', resolved_at, coalesce(agent_id, 0), currency, amount
        FROM withdraw_record WHERE status = 'approved' AND resolved_at IS NOT NULL) r
  LEFT JOIN stat_zone z ON z.tenant_id = r.tenant_id
  CROSS JOIN LATERAL stat_spans((r.resolved_at AT TIME ZONE coalesce(z.time_zone, 'Asia/Shanghai'))::date, false) g
  GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
CREATE VIEW stat_balance_expected AS
  SELECT a.tenant_id, coalesce(c.agent_id, 0) AS agent_id, stat_slot(a.client_id) AS slot, a.currency,
    count(*) AS accounts, sum(a.balance) AS balance
  FROM account a JOIN client c ON c.id = a.client_id
  GROUP BY 1, 2, 3, 4;--> statement-breakpoint
CREATE VIEW stat_order_expected AS
  SELECT o.tenant_id, coalesce(c.agent_id, 0) AS agent_id, stat_slot(o.client_id) AS slot, o.kind, o.currency,
    o.status, count(*) AS orders, sum(o.amount) AS amount, sum(o.owed) AS owed
  FROM trade_order o JOIN client c ON c.id = o.client_id
  GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
CREATE VIEW stat_order_day_expected AS
  SELECT o.tenant_id, g.span, g.day, coalesce(c.agent_id, 0) AS agent_id, stat_slot(o.client_id) AS slot, o.kind,
    o.currency, count(*) AS orders, sum(o.amount) AS amount
  FROM trade_order o JOIN client c ON c.id = o.client_id LEFT JOIN stat_zone z ON z.tenant_id = o.tenant_id
  CROSS JOIN LATERAL stat_spans((o.created_at AT TIME ZONE coalesce(z.time_zone, 'Asia/Shanghai'))::date, false) g
  GROUP BY 1, 2, 3, 4, 5, 6, 7;--> statement-breakpoint

-- Rebuilds a tenant's statistics from its records (after a change of time zone, or a bulk load with triggers off).
CREATE FUNCTION stat_rebuild(p_tenant text) RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('stat'), hashtext(p_tenant));
  DELETE FROM stat_client WHERE tenant_id = p_tenant;
  INSERT INTO stat_client SELECT * FROM stat_client_expected WHERE tenant_id = p_tenant;
  DELETE FROM stat_money WHERE tenant_id = p_tenant;
  INSERT INTO stat_money SELECT * FROM stat_money_expected WHERE tenant_id = p_tenant;
  DELETE FROM stat_balance WHERE tenant_id = p_tenant;
  INSERT INTO stat_balance SELECT * FROM stat_balance_expected WHERE tenant_id = p_tenant;
  DELETE FROM stat_order WHERE tenant_id = p_tenant;
  INSERT INTO stat_order SELECT * FROM stat_order_expected WHERE tenant_id = p_tenant;
  DELETE FROM stat_order_day WHERE tenant_id = p_tenant;
  INSERT INTO stat_order_day SELECT * FROM stat_order_day_expected WHERE tenant_id = p_tenant;
END;
$$;--> statement-breakpoint
-- Sets the time zone a tenant's days are counted in (the API calls it with its locale setting's canonical zone) and
-- rebuilds the statistics when it changed; true when it did. 22023 for a zone PostgreSQL does not know.
CREATE FUNCTION stat_set_zone(p_tenant text, p_zone text) RETURNS boolean LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = p_zone) THEN
    RAISE EXCEPTION 'unknown time zone %', p_zone USING ERRCODE = '22023';
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('stat'), hashtext(p_tenant));
  IF EXISTS (SELECT 1 FROM stat_zone WHERE tenant_id = p_tenant AND time_zone = p_zone) THEN
    RETURN false;
  END IF;
  INSERT INTO stat_zone (tenant_id, time_zone) VALUES (p_tenant, p_zone)
    ON CONFLICT (tenant_id) DO UPDATE SET time_zone = excluded.time_zone;
  PERFORM stat_rebuild(p_tenant);
  RETURN true;
END;
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION stat_rebuild(text), stat_set_zone(text, text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION stat_rebuild(text), stat_set_zone(text, text) TO bo_app;--> statement-breakpoint

-- Triggers: one per source table and event, statement-level over the transition tables n (new rows) and o (old).
CREATE FUNCTION stat_on_client() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  src text := stat_rows(TG_OP);
  v_tenants text[];
BEGIN
  EXECUTE format('SELECT array_agg(DISTINCT tenant_id ORDER BY tenant_id) FROM (%s) d', src) INTO v_tenants;
  IF v_tenants IS NULL THEN RETURN NULL; END IF;
  PERFORM pg_advisory_xact_lock_shared(hashtext('stat'), hashtext(t)) FROM unnest(v_tenants) t;
  EXECUTE format($q$
    INSERT INTO stat_client AS t (tenant_id, span, day, agent_id, fake, clients)
    SELECT d.tenant_id, g.span, g.day, coalesce(d.agent_id, 0), d.fake, sum(d.s)
    FROM (%s) d CROSS JOIN LATERAL stat_spans((d.created_at AT TIME ZONE stat_zone_of(d.tenant_id))::date, true) g
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(d.s) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (tenant_id, span, day, agent_id, fake) DO UPDATE SET clients = t.clients + excluded.clients$q$, src);
  IF TG_OP = 'UPDATE' THEN
    -- A change of agent moves the client's accounts and orders with him (his records move by their own agent_id).
    -- The UPDATE holds the clients' rows, and movements take FOR SHARE on them: the sums read here are final.
    WITH moved AS (
      SELECT n.id, n.tenant_id, x.agent_id, x.s FROM n JOIN o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (coalesce(n.agent_id, 0), 1), (coalesce(o.agent_id, 0), -1)) x(agent_id, s)
      WHERE o.agent_id IS DISTINCT FROM n.agent_id
    ), balances AS (
      INSERT INTO stat_balance AS t (tenant_id, agent_id, slot, currency, accounts, balance)
        SELECT m.tenant_id, m.agent_id, stat_slot(a.client_id), a.currency, sum(m.s), sum(m.s * a.balance)
        FROM moved m JOIN account a ON a.client_id = m.id
        GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
        ON CONFLICT (tenant_id, agent_id, slot, currency) DO UPDATE
          SET accounts = t.accounts + excluded.accounts, balance = t.balance + excluded.balance
        RETURNING 1
    ), orders AS (
      INSERT INTO stat_order AS t (tenant_id, agent_id, slot, kind, currency, status, orders, amount, owed)
        SELECT m.tenant_id, m.agent_id, stat_slot(r.client_id), r.kind, r.currency, r.status, sum(m.s),
          sum(m.s * r.amount), sum(m.s * r.owed)
        FROM moved m JOIN trade_order r ON r.client_id = m.id
        GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
        ON CONFLICT (tenant_id, agent_id, slot, kind, currency, status) DO UPDATE
          SET orders = t.orders + excluded.orders, amount = t.amount + excluded.amount, owed = t.owed + excluded.owed
        RETURNING 1
    )
    INSERT INTO stat_order_day AS t (tenant_id, span, day, agent_id, slot, kind, currency, orders, amount)
      SELECT m.tenant_id, g.span, g.day, m.agent_id, stat_slot(r.client_id), r.kind, r.currency, sum(m.s),
        sum(m.s * r.amount)
      FROM moved m JOIN trade_order r ON r.client_id = m.id
      CROSS JOIN LATERAL stat_spans((r.created_at AT TIME ZONE stat_zone_of(m.tenant_id))::date, false) g
      GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
      ON CONFLICT (tenant_id, span, day, agent_id, slot, kind, currency) DO UPDATE
        SET orders = t.orders + excluded.orders, amount = t.amount + excluded.amount;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Balances and orders move with every money movement, several of them for one agent at a time: their sums are
-- moved by deferred row triggers, at commit, so a kept row is held only while its transaction commits (an immediate
-- trigger held it from the order's first statement to the commit, and movements of different clients of one slot
-- queued behind each other). Each reads the client's agent under FOR SHARE, so a change of agent and a movement of
-- the same client wait for each other. A transaction must not move a client's money before changing his agent (the
-- move would carry the uncommitted delta that the deferred trigger then adds again); none does.
CREATE FUNCTION stat_on_account() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  r account%ROWTYPE := coalesce(NEW, OLD);
  v_agent bigint;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('stat'), hashtext(r.tenant_id));
  SELECT coalesce(agent_id, 0) INTO v_agent FROM client WHERE id = r.client_id FOR SHARE;
  INSERT INTO stat_balance AS t (tenant_id, agent_id, slot, currency, accounts, balance)
    VALUES (r.tenant_id, coalesce(v_agent, 0), stat_slot(r.client_id), r.currency,
      CASE TG_OP WHEN 'INSERT' THEN 1 WHEN 'DELETE' THEN -1 ELSE 0 END,
      coalesce(NEW.balance, 0) - coalesce(OLD.balance, 0))
    ON CONFLICT (tenant_id, agent_id, slot, currency) DO UPDATE
      SET accounts = t.accounts + excluded.accounts, balance = t.balance + excluded.balance;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- One signed contribution of an order version (sign +1: the new version, -1: the old one).
CREATE FUNCTION stat_order_add(o trade_order, p_agent bigint, p_sign int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO stat_order AS t (tenant_id, agent_id, slot, kind, currency, status, orders, amount, owed)
    VALUES (o.tenant_id, p_agent, stat_slot(o.client_id), o.kind, o.currency, o.status, p_sign, p_sign * o.amount,
      p_sign * o.owed)
    ON CONFLICT (tenant_id, agent_id, slot, kind, currency, status) DO UPDATE
      SET orders = t.orders + excluded.orders, amount = t.amount + excluded.amount, owed = t.owed + excluded.owed;
  INSERT INTO stat_order_day AS t (tenant_id, span, day, agent_id, slot, kind, currency, orders, amount)
    SELECT o.tenant_id, g.span, g.day, p_agent, stat_slot(o.client_id), o.kind, o.currency, p_sign, p_sign * o.amount
    FROM stat_spans((o.created_at AT TIME ZONE stat_zone_of(o.tenant_id))::date, false) g
    ORDER BY g.span
    ON CONFLICT (tenant_id, span, day, agent_id, slot, kind, currency) DO UPDATE
      SET orders = t.orders + excluded.orders, amount = t.amount + excluded.amount;
$$;--> statement-breakpoint
CREATE FUNCTION stat_on_order() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  r trade_order%ROWTYPE := coalesce(NEW, OLD);
  v_agent bigint;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('stat'), hashtext(r.tenant_id));
  SELECT coalesce(agent_id, 0) INTO v_agent FROM client WHERE id = r.client_id FOR SHARE;
  IF TG_OP <> 'INSERT' THEN PERFORM stat_order_add(OLD, coalesce(v_agent, 0), -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM stat_order_add(NEW, coalesce(v_agent, 0), 1); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Approved deposits (credited amount in the account's currency) and withdrawals, by the day they were resolved.
CREATE FUNCTION stat_on_money() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  src text := stat_rows(TG_OP);
  v_kind text := CASE TG_TABLE_NAME WHEN 'deposit_record' THEN 'deposit' ELSE 'withdrawal' END;
  v_cols text := CASE TG_TABLE_NAME WHEN 'deposit_record' THEN 'd.credit_currency, d.credit_amount'
                                    ELSE 'd.currency, d.amount' END;
  v_tenants text[];
BEGIN
  EXECUTE format('SELECT array_agg(DISTINCT tenant_id ORDER BY tenant_id) FROM (%s) d', src) INTO v_tenants;
  IF v_tenants IS NULL THEN RETURN NULL; END IF;
  PERFORM pg_advisory_xact_lock_shared(hashtext('stat'), hashtext(t)) FROM unnest(v_tenants) t;
  EXECUTE format($q$
    INSERT INTO stat_money AS t (tenant_id, kind, span, day, agent_id, currency, records, amount)
    SELECT m.tenant_id, %L, g.span, g.day, m.agent_id, m.currency, sum(m.s), sum(m.s * m.amount)
    FROM (SELECT d.s, d.tenant_id, (d.resolved_at AT TIME ZONE stat_zone_of(d.tenant_id))::date AS day,
            coalesce(d.agent_id, 0) AS agent_id, %s
          FROM (%s) d WHERE d.status = 'approved' AND d.resolved_at IS NOT NULL) m(s, tenant_id, day, agent_id, currency, amount)
    CROSS JOIN LATERAL stat_spans(m.day, false) g
    GROUP BY m.tenant_id, g.span, g.day, m.agent_id, m.currency HAVING sum(m.s) <> 0 OR sum(m.s * m.amount) <> 0
    ORDER BY m.tenant_id, g.span, g.day, m.agent_id, m.currency
    ON CONFLICT (tenant_id, kind, span, day, agent_id, currency) DO UPDATE
      SET records = t.records + excluded.records, amount = t.amount + excluded.amount$q$, v_kind, v_cols, src);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER stat_client_ins AFTER INSERT ON client REFERENCING NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION stat_on_client();--> statement-breakpoint
CREATE TRIGGER stat_client_upd AFTER UPDATE ON client REFERENCING OLD TABLE AS o NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION stat_on_client();--> statement-breakpoint
CREATE TRIGGER stat_client_del AFTER DELETE ON client REFERENCING OLD TABLE AS o FOR EACH STATEMENT EXECUTE FUNCTION stat_on_client();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER stat_account_ins_del AFTER INSERT OR DELETE ON account DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION stat_on_account();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER stat_account_upd AFTER UPDATE ON account DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.balance IS DISTINCT FROM NEW.balance) EXECUTE FUNCTION stat_on_account();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER stat_order_ins_del AFTER INSERT OR DELETE ON trade_order DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION stat_on_order();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER stat_order_upd AFTER UPDATE ON trade_order DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.status, OLD.amount, OLD.owed, OLD.kind, OLD.currency, OLD.client_id, OLD.created_at)
    IS DISTINCT FROM (NEW.status, NEW.amount, NEW.owed, NEW.kind, NEW.currency, NEW.client_id, NEW.created_at))
  EXECUTE FUNCTION stat_on_order();--> statement-breakpoint
CREATE TRIGGER stat_deposit_ins AFTER INSERT ON deposit_record REFERENCING NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION stat_on_money();--> statement-breakpoint
CREATE TRIGGER stat_deposit_upd AFTER UPDATE ON deposit_record REFERENCING OLD TABLE AS o NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION stat_on_money();--> statement-breakpoint
CREATE TRIGGER stat_deposit_del AFTER DELETE ON deposit_record REFERENCING OLD TABLE AS o FOR EACH STATEMENT EXECUTE FUNCTION stat_on_money();--> statement-breakpoint
CREATE TRIGGER stat_withdraw_ins AFTER INSERT ON withdraw_record REFERENCING NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION stat_on_money();--> statement-breakpoint
CREATE TRIGGER stat_withdraw_upd AFTER UPDATE ON withdraw_record REFERENCING OLD TABLE AS o NEW TABLE AS n FOR EACH STATEMENT EXECUTE FUNCTION stat_on_money();--> statement-breakpoint
CREATE TRIGGER stat_withdraw_del AFTER DELETE ON withdraw_record REFERENCING OLD TABLE AS o FOR EACH STATEMENT EXECUTE FUNCTION stat_on_money();--> statement-breakpoint

-- The existing data: each tenant's zone as its locale setting names it (the API re-sets it with the canonical
-- spelling on its first statistics read), then the sums.
INSERT INTO stat_zone (tenant_id, time_zone)
  SELECT s.tenant_id, s.value->>'timezone' FROM setting s
  WHERE s.key = 'locale' AND EXISTS (SELECT 1 FROM pg_timezone_names z WHERE z.name = s.value->>'timezone');--> statement-breakpoint
SELECT stat_rebuild(id) FROM tenant;
