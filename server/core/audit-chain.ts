/**
 * The audit trail's hash chain, keyed and anchored outside the database (migrations "audit_chain" and "audit_keyed";
 * docs/architecture.md "The audit trail").
 *
 * - The chain (in the database): a trigger gives every new audit row the next sequence number of its tenant, the
 *   previous row's hash and its own hash, sha256(previous hash | the row's canonical text), kept in `audit_chain` (one
 *   head per tenant, locked by the UPDATE that advances it, so concurrent writers chain in commit order). Another
 *   trigger, running as the inserting role, records that role (`db_role`). The chain orders the rows and makes any
 *   change visible to whoever knows an earlier head, but it holds no secret: the database owner can edit a row and
 *   recompute every later hash and the head.
 * - The row's signature (`mac`, computed by the API before the insert): HMAC-SHA256 under AUDIT_HMAC_KEY, a key kept
 *   outside the database, over the row's content (`rowMac`). It is part of the row's hashed text. The owner cannot
 *   sign an edited or a new row; a row inserted as the API's own role (bo_app) without going through `writeAudit`
 *   has no valid signature and shows as such (`rowOrigin`). Rows before migration 0031 (`seq < keyed_from`) are
 *   unsigned and stay verifiable by their hash chain and the checkpoints.
 * - Checkpoints (outside the database): the API signs each tenant's head (tenant, sequence, head hash, keyed_from,
 *   time) and appends it as one JSON line to an append-only file in DATA_DIR (`writeCheckpoints`, on a schedule when a
 *   head moved and when the API closes), after checking the rows since its previous checkpoint. A rewrite of any row
 *   up to a checkpoint changes the hash at the checkpoint's sequence; a chain cut short ends before it.
 *
 * `verifyAuditChain` recomputes every row (in batches per tenant): an edited row no longer matches its hash or its
 * signature, a deleted row leaves a gap in the sequence (or a head ahead of the last row), a row inserted with the
 * trigger disabled has no place in the chain, a row not signed by the key is reported, and the chain must pass
 * through every checkpoint's head. `npm run audit:verify` prints the report.
 */
import { createHash, timingSafeEqual, type Hash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Executor } from './db';

/** The hash before a tenant's first row. */
export const GENESIS = '0'.repeat(64);

/** Rows read per batch by the verification. */
const BATCH = 5000;

/** One problem the verification found. */
export interface ChainProblem {
  tenant: string;
  id: number | null;
  seq: number | null;
  problem:
    | 'hash_mismatch'
    | 'broken_link'
    | 'sequence_gap'
    | 'unchained_row'
    | 'head_mismatch'
    /** A signed row whose signature does not match its content (edited), or a row signed with another key. */
    | 'mac_mismatch'
    /** A row after keyed_from without a signature: not written by the API's writer (forged as bo_app, or the owner). */
    | 'unsigned_row'
    /** The row at a checkpoint's sequence has another hash: the chain was rewritten up to there. */
    | 'checkpoint_mismatch'
    /** The chain ends before a checkpoint's sequence: rows were removed. */
    | 'checkpoint_ahead'
    /** A checkpoint line whose signature is wrong (not written with this key). */
    | 'checkpoint_forged'
    /** The tenant's first signed sequence differs from the checkpoint's. */
    | 'keyed_from_changed';
}

export interface ChainReport {
  ok: boolean;
  tenants: number;
  rows: number;
  /** Whether signatures were checked (a key was given). */
  keyed: boolean;
  /** Checkpoints checked (with a valid signature). */
  checkpoints: number;
  problems: ChainProblem[];
}

// ---------------------------------------------------------------------------------------------------------------
// Signatures

/** JSON with object keys sorted, so a value and its jsonb round trip give the same text. */
export function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
    .join(',')}}`;
}

/** What a row's signature covers: everything the writer chooses (not the database's id, time and chain columns). */
export interface SignedFields {
  tenantId: string | null;
  userId: number | string | null;
  username: string | null;
  action: string;
  resource: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  result: string;
  detail: string | null;
  /** The request that wrote the row (migration 0032); null or absent: a row without one, signed as before. */
  requestId?: string | null;
}

/**
 * HMAC-SHA256 (RFC 2104) with the key's inner and outer pads hashed once per key: an export checks a million rows'
 * signatures, and createHmac's per-call key setup was a large part of that. Same result as createHmac.
 */
const pads = new Map<string, { inner: Hash; outer: Hash }>();
function hmac(key: string, text: string): string {
  let p = pads.get(key);
  if (!p) {
    let k = Buffer.from(key, 'utf8');
    if (k.length > 64) k = createHash('sha256').update(k).digest();
    const block = Buffer.alloc(64);
    k.copy(block);
    const xor = (b: number) => Buffer.from(block.map((x) => x ^ b));
    p = { inner: createHash('sha256').update(xor(0x36)), outer: createHash('sha256').update(xor(0x5c)) };
    if (pads.size > 16) pads.clear();
    pads.set(key, p);
  }
  const inner = p.inner.copy().update(text, 'utf8').digest();
  return p.outer.copy().update(inner).digest('hex');
}

/**
 * The API's signature of an audit row's content. A row with a request id signs it too ('audit-row/2', the id last);
 * a row without one signs exactly what rows signed before migration 0032 ('audit-row/1'), so theirs still verify.
 */
export function rowMac(key: string, r: SignedFields): string {
  const json = (v: unknown) => (v === null || v === undefined ? null : canonicalJson(v));
  const requestId = r.requestId ?? null;
  return hmac(
    key,
    JSON.stringify([
      requestId === null ? 'audit-row/1' : 'audit-row/2',
      r.tenantId ?? null,
      r.userId === null || r.userId === undefined ? null : Number(r.userId),
      r.username ?? null,
      r.action,
      r.resource ?? null,
      r.targetId ?? null,
      json(r.before),
      json(r.after),
      r.ip ?? null,
      r.result,
      r.detail ?? null,
      ...(requestId === null ? [] : [requestId]),
    ]),
  );
}

const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/**
 * Who wrote a row, as the audit viewer shows it: `api` (signed by the API's key), `legacy` (written before rows were
 * signed, migration 0031) or `outside_api` (inserted without a valid signature: as the API's database role outside
 * its writer, or by another role; `db_role` says which).
 */
export type AuditOrigin = 'api' | 'legacy' | 'outside_api';

export function rowOrigin(key: string, r: SignedFields & { mac: string | null; dbRole: string | null }): AuditOrigin {
  if (r.dbRole === null) return 'legacy';
  return r.mac !== null && sameHex(r.mac, rowMac(key, r)) ? 'api' : 'outside_api';
}

// ---------------------------------------------------------------------------------------------------------------
// Checkpoints

/** One signed checkpoint: the tenant's chain had `seq` rows ending in `head` at `at`. */
export interface Checkpoint {
  tenant: string;
  seq: number;
  head: string;
  keyed_from: number;
  at: string;
  mac: string;
}

const checkpointText = (c: Omit<Checkpoint, 'mac'>) =>
  JSON.stringify(['audit-checkpoint/1', c.tenant, c.seq, c.head, c.keyed_from, c.at]);

export function signCheckpoint(key: string, c: Omit<Checkpoint, 'mac'>): Checkpoint {
  return { ...c, mac: hmac(key, checkpointText(c)) };
}

export const checkpointValid = (key: string, c: Checkpoint) =>
  typeof c.mac === 'string' && sameHex(c.mac, hmac(key, checkpointText(c)));

/** The checkpoints of a file, oldest first (none when it does not exist); a line that is not JSON is skipped. */
export function readCheckpoints(file: string): Checkpoint[] {
  if (!existsSync(file)) return [];
  const out: Checkpoint[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const c = JSON.parse(line) as Checkpoint;
      if (c && typeof c.tenant === 'string' && Number.isSafeInteger(c.seq)) out.push(c);
    } catch {
      // a torn last line (a crash while appending) is not a checkpoint
    }
  }
  return out;
}

/** Appends checkpoints to the file (O_APPEND, one line each: several processes may share the file). */
export function appendCheckpoints(file: string, list: Checkpoint[]): void {
  if (!list.length) return;
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, list.map((c) => `${JSON.stringify(c)}\n`).join(''), { mode: 0o600 });
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the chain

interface ChainRow {
  id: string | number;
  seq: string | number;
  prev_hash: string;
  hash: string;
  expected: string;
  tenant_id: string | null;
  user_id: string | number | null;
  username: string | null;
  action: string;
  resource: string | null;
  target_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  result: string;
  detail: string | null;
  mac: string | null;
  db_role: string | null;
  request_id: string | null;
}

/** The chained rows of a tenant after `afterSeq` (up to `toSeq`), in order, in batches. */
async function* chainRows(db: Executor, tenant: string, afterSeq: number, toSeq?: number) {
  let last = afterSeq;
  for (;;) {
    const res = await db.execute(sql`
      SELECT a.id, a.seq, a.prev_hash, a.hash,
        encode(sha256(convert_to(a.prev_hash || '|' || audit_row_text(a), 'UTF8')), 'hex') AS expected,
        a.tenant_id, a.user_id, a.username, a.action, a.resource, a.target_id, a.before, a.after, a.ip, a.result,
        a.detail, a.mac, a.db_role, a.request_id
      FROM audit_log a
      WHERE coalesce(a.tenant_id, '') = ${tenant} AND a.seq > ${last}
        ${toSeq === undefined ? sql`` : sql`AND a.seq <= ${toSeq}`}
        AND a.prev_hash IS NOT NULL AND a.hash IS NOT NULL
      ORDER BY coalesce(a.tenant_id, ''), a.seq
      LIMIT ${BATCH}`);
    const rows = res.rows as unknown as ChainRow[];
    if (!rows.length) return;
    yield rows;
    if (rows.length < BATCH) return;
    last = Number(rows[rows.length - 1].seq);
  }
}

const signedFields = (r: ChainRow): SignedFields => ({
  tenantId: r.tenant_id,
  userId: r.user_id,
  username: r.username,
  action: r.action,
  resource: r.resource,
  targetId: r.target_id,
  before: r.before,
  after: r.after,
  ip: r.ip,
  result: r.result,
  detail: r.detail,
  requestId: r.request_id,
});

/**
 * Checks a tenant's rows after (fromSeq, fromHash) up to `toSeq`: sequence, links, hashes and, with a key, the
 * signatures of rows from `keyedFrom` on; `at` is called with each row's (seq, hash) (the checkpoints' check).
 */
async function scanTenant(
  db: Executor,
  tenant: string,
  from: { seq: number; hash: string },
  opts: { key?: string; keyedFrom: number; toSeq?: number; at?: (seq: number, hash: string) => void },
  problems: ChainProblem[],
): Promise<{ seq: number; hash: string; rows: number }> {
  let before = from;
  let rows = 0;
  for await (const batch of chainRows(db, tenant, from.seq, opts.toSeq)) {
    for (const r of batch) {
      rows++;
      const id = Number(r.id);
      const seq = Number(r.seq);
      if (seq !== before.seq + 1) problems.push({ tenant, id, seq, problem: 'sequence_gap' });
      else if (r.prev_hash !== before.hash) problems.push({ tenant, id, seq, problem: 'broken_link' });
      if (r.hash !== r.expected) problems.push({ tenant, id, seq, problem: 'hash_mismatch' });
      if (opts.key && seq >= opts.keyedFrom) {
        if (r.mac === null) problems.push({ tenant, id, seq, problem: 'unsigned_row' });
        else if (!sameHex(r.mac, rowMac(opts.key, signedFields(r)))) {
          problems.push({ tenant, id, seq, problem: 'mac_mismatch' });
        }
      }
      opts.at?.(seq, r.hash);
      before = { seq, hash: r.hash };
    }
  }
  return { ...before, rows };
}

/** The heads of every tenant's chain. */
async function chainHeads(db: Executor) {
  const res = await db.execute(sql`SELECT tenant_key, seq, hash, keyed_from FROM audit_chain ORDER BY tenant_key`);
  return (res.rows as { tenant_key: string; seq: string | number; hash: string; keyed_from: string | number }[]).map(
    (h) => ({ tenant: h.tenant_key, seq: Number(h.seq), hash: h.hash, keyedFrom: Number(h.keyed_from) }),
  );
}

/**
 * Verifies every tenant's chain (the whole table, in batches: run it off-peak on a large trail). With `key`, the
 * signatures of the rows and of the checkpoints are checked and the chain must pass through every checkpoint.
 */
export async function verifyAuditChain(
  db: Executor,
  opts: { key?: string; checkpoints?: Checkpoint[] } = {},
): Promise<ChainReport> {
  const problems: ChainProblem[] = [];
  const unchained = await db.execute(sql`
    SELECT id, coalesce(tenant_id, '') AS tenant FROM audit_log
    WHERE seq IS NULL OR prev_hash IS NULL OR hash IS NULL ORDER BY id`);
  for (const r of unchained.rows as { id: string | number; tenant: string }[]) {
    problems.push({ tenant: r.tenant, id: Number(r.id), seq: null, problem: 'unchained_row' });
  }
  // Checkpoints per tenant, by sequence (a forged one is reported and not used).
  const marks = new Map<string, Map<number, Checkpoint[]>>();
  const latest = new Map<string, Checkpoint>();
  let checkpoints = 0;
  for (const c of opts.key ? (opts.checkpoints ?? []) : []) {
    if (!checkpointValid(opts.key!, c)) {
      problems.push({ tenant: String(c.tenant), id: null, seq: Number(c.seq) || null, problem: 'checkpoint_forged' });
      continue;
    }
    checkpoints++;
    const m = marks.get(c.tenant) ?? new Map<number, Checkpoint[]>();
    m.set(c.seq, [...(m.get(c.seq) ?? []), c]);
    marks.set(c.tenant, m);
    if (c.seq >= (latest.get(c.tenant)?.seq ?? -1)) latest.set(c.tenant, c);
  }
  const heads = await chainHeads(db);
  const tenantsRes = await db.execute(sql`SELECT DISTINCT coalesce(tenant_id, '') AS tenant FROM audit_log`);
  const tenants = new Set([
    ...(tenantsRes.rows as { tenant: string }[]).map((r) => r.tenant),
    ...heads.map((h) => h.tenant),
    ...marks.keys(),
  ]);
  let rows = unchained.rows.length;
  for (const tenant of [...tenants].sort()) {
    const head = heads.find((h) => h.tenant === tenant);
    const keyedFrom = head?.keyedFrom ?? 1;
    const m = marks.get(tenant);
    const seen = new Set<number>();
    const tail = await scanTenant(
      db,
      tenant,
      { seq: 0, hash: GENESIS },
      {
        key: opts.key,
        keyedFrom,
        at: m
          ? (seq, hash) => {
              for (const c of m.get(seq) ?? []) {
                seen.add(seq);
                if (c.head !== hash) problems.push({ tenant, id: null, seq, problem: 'checkpoint_mismatch' });
              }
            }
          : undefined,
      },
      problems,
    );
    rows += tail.rows;
    for (const seq of m?.keys() ?? []) {
      if (!seen.has(seq) && seq > 0) problems.push({ tenant, id: null, seq, problem: 'checkpoint_ahead' });
    }
    const last = latest.get(tenant);
    if (last && head && last.keyed_from !== head.keyedFrom) {
      problems.push({ tenant, id: null, seq: head.keyedFrom, problem: 'keyed_from_changed' });
    }
    if (head && (head.seq !== tail.seq || head.hash !== tail.hash)) {
      problems.push({ tenant, id: null, seq: head.seq, problem: 'head_mismatch' });
    }
  }
  const chained = new Set((tenantsRes.rows as { tenant: string }[]).map((r) => r.tenant));
  return { ok: problems.length === 0, tenants: chained.size, rows, keyed: !!opts.key, checkpoints, problems };
}

/** The report as text, one line per problem. */
export function formatChainReport(report: ChainReport): string {
  const head =
    `audit chain: ${report.rows} rows in ${report.tenants} tenants, ` +
    `${report.keyed ? `signatures checked, ${report.checkpoints} checkpoints` : 'no key: signatures not checked'}, ` +
    `${report.problems.length} problems`;
  const lines = report.problems.map(
    (p) => `  ${p.problem} tenant=${p.tenant || '(none)'} seq=${p.seq ?? '-'} id=${p.id ?? '-'}`,
  );
  return [head, ...lines, report.ok ? 'OK' : 'TAMPERED'].join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// Writing checkpoints

/** Problems of a row's signature alone (the chain holds). */
const UNSIGNED = new Set<ChainProblem['problem']>(['unsigned_row', 'mac_mismatch']);

/** What a checkpoint writer remembers between passes: the last checkpoint it knows per tenant. */
export type CheckpointState = Map<string, Checkpoint>;

/** The latest valid checkpoint per tenant of a file (a writer's starting state). */
export function checkpointState(key: string, file: string): CheckpointState {
  const state: CheckpointState = new Map();
  for (const c of readCheckpoints(file)) {
    if (checkpointValid(key, c) && c.seq >= (state.get(c.tenant)?.seq ?? -1)) state.set(c.tenant, c);
  }
  return state;
}

/**
 * One pass: for every tenant whose head moved since its last checkpoint, checks the rows since that checkpoint (links,
 * hashes, signatures, and that the checkpoint's row still has its hash) and appends a signed checkpoint of the head.
 * A tenant whose chain does not hold (an edited hash, a gap, a rewritten checkpoint row) gets no checkpoint (the last
 * good one stays the anchor) and is returned in `refused`; rows without a valid signature do not stop the checkpoint
 * (an unsigned row inserted as bo_app must not stop the anchoring of its tenant) and are returned in `flagged`: the
 * verification reports them for good.
 */
export async function writeCheckpoints(
  db: Executor,
  key: string,
  file: string,
  state: CheckpointState,
  now = () => new Date(),
): Promise<{
  written: Checkpoint[];
  refused: { tenant: string; problems: ChainProblem[] }[];
  flagged: ChainProblem[];
}> {
  const written: Checkpoint[] = [];
  const refused: { tenant: string; problems: ChainProblem[] }[] = [];
  const flagged: ChainProblem[] = [];
  for (const head of await chainHeads(db)) {
    const last = state.get(head.tenant);
    if (last && last.seq === head.seq && last.head === head.hash) continue;
    const problems: ChainProblem[] = [];
    let from = { seq: 0, hash: GENESIS };
    if (last) {
      if (last.seq > head.seq)
        problems.push({ tenant: head.tenant, id: null, seq: last.seq, problem: 'checkpoint_ahead' });
      else if (last.seq > 0) {
        const res = await db.execute(sql`
          SELECT hash FROM audit_log WHERE coalesce(tenant_id, '') = ${head.tenant} AND seq = ${last.seq}`);
        const hash = (res.rows[0] as { hash?: string } | undefined)?.hash;
        if (hash !== last.head) {
          problems.push({ tenant: head.tenant, id: null, seq: last.seq, problem: 'checkpoint_mismatch' });
        }
      }
      from = { seq: last.seq, hash: last.head };
    }
    let tail = from;
    if (!problems.length) {
      const found: ChainProblem[] = [];
      tail = await scanTenant(db, head.tenant, from, { key, keyedFrom: head.keyedFrom, toSeq: head.seq }, found);
      for (const p of found) (UNSIGNED.has(p.problem) ? flagged : problems).push(p);
    }
    if (!problems.length && (tail.seq !== head.seq || tail.hash !== head.hash)) {
      problems.push({ tenant: head.tenant, id: null, seq: head.seq, problem: 'head_mismatch' });
    }
    if (problems.length) {
      refused.push({ tenant: head.tenant, problems });
      continue;
    }
    const c = signCheckpoint(key, {
      tenant: head.tenant,
      seq: head.seq,
      head: head.hash,
      keyed_from: head.keyedFrom,
      at: now().toISOString(),
    });
    written.push(c);
  }
  appendCheckpoints(file, written);
  for (const c of written) state.set(c.tenant, c);
  return { written, refused, flagged };
}
