/**
 * The load of bench/kill9.ts: requests sent until they have a definitive answer (same Idempotency-Key across a kill,
 * `stats` counting the retries) and the workers that make deposits, approvals, rollbacks, bonuses, compensations,
 * exchanges and withdrawal approvals while the API is killed and started again, each outcome recorded for the checks.
 */

/** The tenant of the load. */
export const TENANT = 'tr';
/** No request, retries included, waits longer than this for a definitive answer (a died claim frees in 10 s). */
export const OP_DEADLINE_MS = 60_000;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const rnd = (n: number) => Math.floor(Math.random() * n);
export const cents = (min: number, max: number) => {
  const c = min * 100 + rnd((max - min) * 100);
  return `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
};

// ---------------------------------------------------------------------------------------------------------------
// Requests with retries

export interface Answer {
  status: number;
  body: any;
}
export const stats = {
  attempts: 0,
  /** Requests cut off by a kill (in flight) and requests refused while the API was down, each sent again. */
  cutOff: 0,
  refused: 0,
  inFlightRetries: 0,
  fiveXx: 0,
  statuses: new Map<string, number>(),
};

/**
 * Sends one request until it has a definitive answer: the connection lost (the API killed) or 409
 * idempotency_in_flight (a died claim whose lease has not run out) are sent again, same key, same body.
 */
export async function send(base: string, method: string, path: string, token: string, key: string, body?: unknown) {
  const t0 = Date.now();
  let retriedAfterKill = false;
  for (let attempt = 0; Date.now() - t0 < OP_DEADLINE_MS; attempt++) {
    stats.attempts++;
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          'x-tenant-id': TENANT,
          authorization: `Bearer ${token}`,
          'idempotency-key': key,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body ?? {}),
        signal: AbortSignal.timeout(20_000),
      });
    } catch (e) {
      // Refused (the API is down) or cut off (the API died with this request in flight).
      const code = (e as { cause?: { code?: string } }).cause?.code;
      if (code === 'ECONNREFUSED') stats.refused++;
      else stats.cutOff++;
      retriedAfterKill = true;
      await sleep(150 + rnd(150));
      continue;
    }
    const text = await res.text().catch(() => null);
    if (text === null) {
      // The answer was cut off mid-body.
      stats.cutOff++;
      retriedAfterKill = true;
      await sleep(150);
      continue;
    }
    const json = text ? JSON.parse(text) : null;
    if (res.status >= 500) {
      stats.fiveXx++;
      console.error(`5xx ${method} ${path}: ${res.status} ${text}`);
      await sleep(200);
      continue;
    }
    if (res.status === 409 && json?.code === 'idempotency_in_flight') {
      stats.inFlightRetries++;
      await sleep(300 + rnd(300));
      continue;
    }
    const label = `${res.status}${res.status >= 400 ? ` ${json?.code}` : ''}`;
    stats.statuses.set(label, (stats.statuses.get(label) ?? 0) + 1);
    return { status: res.status, body: json, retriedAfterKill } as Answer & { retriedAfterKill: boolean };
  }
  throw new Error(`${method} ${path} (key ${key}): no definitive answer within ${OP_DEADLINE_MS / 1000} s`);
}

// ---------------------------------------------------------------------------------------------------------------
// The load

export interface Outcome {
  kind:
    'deposit' | 'approve' | 'rollback' | 'rollback_check' | 'bonus' | 'compensation' | 'exchange' | 'withdraw_approve';
  key: string;
  status: number;
  code?: string;
  /** The record the 2xx answer named, and the state it answered. */
  id?: number;
  state?: string;
  retriedAfterKill: boolean;
}

export interface Fixture {
  tokens: Record<'admin' | 'supervisor' | 'checker2', string>;
  clients: { id: number; accounts: number[] }[];
  withdrawals: number[];
}

export async function worker(base: string, w: number, fx: Fixture, stop: () => boolean, out: Outcome[]) {
  const { tokens } = fx;
  const record = (o: Outcome) => out.push(o);
  for (let i = 0; !stop(); i++) {
    const c = fx.clients[rnd(fx.clients.length)];
    const key = `k9-${w}-${i}`;
    const op = i % 5;
    if (op === 0 || op === 3) {
      // A deposit recorded by the maker, approved by a checker, sometimes rolled back.
      const made = await send(base, 'POST', `/api/deposit/admin/v2/specialized/${c.id}`, tokens.admin, key, {
        account_id: c.accounts[0],
        amount: cents(5, 80),
        sub_type: 'bank',
        remark: key,
      });
      record({
        kind: 'deposit',
        key,
        status: made.status,
        code: made.body?.code,
        id: made.body?.id,
        state: made.body?.status,
        retriedAfterKill: made.retriedAfterKill,
      });
      if (made.status !== 200) continue;
      let ok = await send(base, 'PUT', `/api/deposit/admin/v1/audit/${made.body.id}`, tokens.supervisor, `${key}-a`, {
        status: 'approved',
      });
      if (ok.status === 200 && ok.body?.status === 'pending')
        ok = await send(base, 'PUT', `/api/deposit/admin/v1/audit/${made.body.id}`, tokens.checker2, `${key}-a2`, {
          status: 'approved',
        });
      record({
        kind: 'approve',
        key: `${key}-a`,
        status: ok.status,
        code: ok.body?.code,
        id: made.body.id,
        state: ok.body?.status,
        retriedAfterKill: ok.retriedAfterKill,
      });
      if (ok.status !== 200 || i % 4 !== 0) continue;
      const back = await send(
        base,
        'PUT',
        `/api/deposit/admin/v1/rollback/${made.body.id}`,
        tokens.supervisor,
        `${key}-r`,
        {},
      );
      record({
        kind: 'rollback',
        key: `${key}-r`,
        status: back.status,
        code: back.body?.code,
        id: made.body.id,
        state: back.body?.status,
        retriedAfterKill: back.retriedAfterKill,
      });
      // Under maker-checker the rollback opened an approval (the deposit stays approved): another checker decides it.
      const pending = back.body?.approval as { id: number; kind: string } | null | undefined;
      if (back.status !== 200 || back.body?.status !== 'approved' || pending?.kind !== 'rollback') continue;
      const d = await send(base, 'PUT', `/api/approval/admin/v1/decide/${pending.id}`, tokens.checker2, `${key}-rd`, {
        decision: 'approved',
      });
      record({
        kind: 'rollback_check',
        key: `${key}-rd`,
        status: d.status,
        code: d.body?.code,
        id: made.body.id,
        state: d.status === 200 && d.body?.status === 'approved' ? 'rolled_back' : undefined,
        retriedAfterKill: d.retriedAfterKill,
      });
    } else if (op === 1) {
      const kind = i % 2 ? 'bonus' : 'compensation';
      const r = await send(base, 'POST', `/api/overdrawn/admin/v1/${kind}/${c.id}`, tokens.admin, key, {
        account_id: c.accounts[0],
        amount: cents(1, 20),
        remark: key,
      });
      record({
        kind,
        key,
        status: r.status,
        code: r.body?.code,
        id: r.body?.id,
        state: r.body?.status,
        retriedAfterKill: r.retriedAfterKill,
      });
    } else if (op === 2) {
      const [from, to] = i % 2 ? [c.accounts[0], c.accounts[1]] : [c.accounts[1], c.accounts[0]];
      const r = await send(base, 'POST', `/api/acc/admin/v1/exchange/${c.id}`, tokens.admin, key, {
        from_account: from,
        to_account: to,
        amount: cents(1, 10),
      });
      record({
        kind: 'exchange',
        key,
        status: r.status,
        code: r.body?.code,
        id: r.body?.id,
        retriedAfterKill: r.retriedAfterKill,
      });
    } else {
      const id = fx.withdrawals.pop();
      if (id === undefined) continue;
      let r = await send(base, 'POST', `/api/withdraw/admin/v1/audit/${id}`, tokens.supervisor, key, {
        status: 'approved',
      });
      if (r.status === 200 && r.body?.status === 'pending')
        r = await send(base, 'POST', `/api/withdraw/admin/v1/audit/${id}`, tokens.checker2, `${key}-2`, {
          status: 'approved',
        });
      record({
        kind: 'withdraw_approve',
        key,
        status: r.status,
        code: r.body?.code,
        id,
        state: r.body?.status,
        retriedAfterKill: r.retriedAfterKill,
      });
    }
  }
}
