/**
 * Demo clients, accounts and money records for one tenant, all created THROUGH the ledger services so every
 * invariant holds from the first start (`npm run ledger:check` passes on a freshly seeded database).
 *
 * Deterministic (fixed pseudo-random sequence) and idempotent: does nothing when the tenant already has clients.
 * Clients `client0001`..: agents cycle sales, sales2, sales3, sales, sales2, sales3, leader, leader2; every 7th client
 * is a robot (fake); every 25th has no account; every 10th a single account.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CRYPTO_CHAINS } from '../../domain/crypto-chains';
import { withRetry } from '../core/retry';
import type { Executor, Tx } from '../core/db';
import { createClient, openAccount } from '../modules/client/service';
import { auditDeposit, createDeposit, executeDepositRollback } from '../modules/deposit/service';
import { exchange } from '../modules/exchange/service';
import { byStaff, bySystem } from '../modules/records/common';
import {
  auditLoan,
  creditOverdrawn,
  executeOverdrawnRollback,
  payFine,
  requestLoan,
} from '../modules/overdrawn/service';
import { CURRENCIES, setRate } from '../modules/exchange/rates';
import { auditWithdrawal, executeWithdrawalRollback, requestWithdrawal } from '../modules/withdraw/service';
import type { Db } from './client';
import { client } from './schema';
import { staffUser } from './schema';

/** Units of each currency per 1 USD (demo values). Pair rates are derived and stored both ways. */
const PER_USD: Record<(typeof CURRENCIES)[number], string> = {
  USD: '1',
  CNY: '7.1',
  HKD: '7.8',
  EUR: '0.92',
  USDT: '1',
};

/**
 * Stores a rate for every ordered pair of the demo currencies (8 decimals, rounded down: every round trip through two
 * or three of them multiplies by at most 1, as the exchange requires; domain/exchange.ts).
 */
export async function seedRates(tx: Executor, tenantId: string): Promise<void> {
  const scale = 10n ** 8n;
  const units = (s: string) => {
    const [i, f = ''] = s.split('.');
    return BigInt(i + f.padEnd(8, '0'));
  };
  for (const p of CURRENCIES) {
    for (const s of CURRENCIES) {
      if (p === s) continue;
      // rate p->s = perUsd(s) / perUsd(p), rounded down at 8 decimals
      const q = (units(PER_USD[s]) * scale) / units(PER_USD[p]);
      const txt = `${q / scale}.${(q % scale).toString().padStart(8, '0')}`;
      await setRate(tx, tenantId, p, s, txt);
    }
  }
}

/** Mulberry32: a tiny deterministic PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SURNAMES = [
  'Wang',
  'Li',
  'Zhang',
  'Liu',
  'Chen',
  'Yang',
  'Huang',
  'Zhao',
  'Wu',
  'Zhou',
  'Smith',
  'Kaya',
  'Nowak',
  'García',
];
const GIVEN = [
  'Wei',
  'Fang',
  'Min',
  'Jing',
  'Lei',
  'Yan',
  'Tao',
  'Anna',
  'Emre',
  'Piotr',
  'Lucía',
  'Jun',
  'Hui',
  'Ming',
];

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** `n` characters of `alphabet` drawn from the SHA-256 stream of `seed` (deterministic). */
function drawn(seed: string, alphabet: string, n: number): string {
  let out = '';
  for (let block = 0; out.length < n; block++) {
    for (const byte of createHash('sha256').update(`${seed}/${block}`).digest()) {
      if (out.length < n) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

/**
 * The chain, receiving address and transaction hash of a demo crypto deposit, as each chain writes them
 * (TRON T… base58 addresses, EVM 0x addresses and hashes, bech32 bc1q… addresses, Solana base58), derived from
 * `seed` alone so the PRNG sequence of the rest of the seed does not change.
 */
export function demoCryptoFields(seed: string) {
  const chain = CRYPTO_CHAINS[createHash('sha256').update(seed).digest()[0] % CRYPTO_CHAINS.length];
  const hex = (n: number, what: string) => drawn(`${seed}:${what}`, '0123456789abcdef', n);
  switch (chain) {
    case 'TRC20':
      return { chain, address: `T${drawn(`${seed}:address`, BASE58, 33)}`, tx_hash: hex(64, 'tx') };
    case 'BTC':
      return {
        chain,
        address: `bc1q${drawn(`${seed}:address`, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l', 38)}`,
        tx_hash: hex(64, 'tx'),
      };
    case 'SOL':
      return { chain, address: drawn(`${seed}:address`, BASE58, 44), tx_hash: drawn(`${seed}:tx`, BASE58, 88) };
    default:
      return { chain, address: `0x${hex(40, 'address')}`, tx_hash: `0x${hex(64, 'tx')}` };
  }
}

export interface SeedFundsOptions {
  /** How many clients (default 300). */
  clients?: number;
  /** Clients seeded in parallel (default 1). Use ~8 on PostgreSQL; PGlite has one connection, keep 1. */
  concurrency?: number;
}

/** Seeds demo clients and money records for `tenantId` (which must already have its demo staff). */
export async function seedFunds(db: Db, tenantId: string, opts: SeedFundsOptions = {}): Promise<{ clients: number }> {
  const [existing] = await db.select({ id: client.id }).from(client).where(eq(client.tenantId, tenantId)).limit(1);
  if (existing) return { clients: 0 };
  const total = opts.clients ?? 300;

  const staffRows = await db
    .select({ id: staffUser.id, username: staffUser.username, role: staffUser.role })
    .from(staffUser)
    .where(
      and(
        eq(staffUser.tenantId, tenantId),
        inArray(staffUser.username, ['admin', 'supervisor', 'sales', 'sales2', 'sales3', 'leader', 'leader2']),
      ),
    );
  const byName = new Map(staffRows.map((s) => [s.username, s]));
  const admin = byName.get('admin');
  if (!admin) throw new Error(`seedFunds: tenant ${tenantId} has no demo staff (seed staff first)`);
  const cycle = ['sales', 'sales2', 'sales3', 'sales', 'sales2', 'sales3', 'leader', 'leader2'].map(
    (u) => byName.get(u)?.id ?? null,
  );
  const staff = byStaff({ id: admin.id, tenantId, role: 'god' });
  const system = bySystem(tenantId);
  // Maker-checker (domain/approval.ts): the second checker of large deposits and the checker of the administrator's
  // own records.
  const supervisor = byName.get('supervisor');
  const checker2 = supervisor ? byStaff({ id: supervisor.id, tenantId, role: 'angel' }) : system;
  /** Approves a deposit: the administrator, then the supervisor when its amount needs two checkers. */
  const approveDeposit = async (tx: Tx, id: number) => {
    const d = await auditDeposit(tx, staff, id, 'approved');
    if (d.status === 'pending') await auditDeposit(tx, checker2, id, 'approved');
  };

  await withRetry(db, (tx) => seedRates(tx, tenantId));

  const tenantSeed = [...tenantId].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);

  /** One client and its records, in one transaction; its own PRNG keeps the data the same whatever the concurrency. */
  const seedClient = (i: number) =>
    withRetry(db, async (tx: Tx) => {
      // A retried transaction starts again from the same random sequence.
      const rnd = prng(tenantSeed ^ Math.imul(i, 0x9e3779b1));
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
      const cents = (min: number, max: number) => {
        const c = BigInt(Math.floor(min * 100 + rnd() * (max - min) * 100));
        return `${c / 100n}.${(c % 100n).toString().padStart(2, '0')}`;
      };
      const n = String(i).padStart(4, '0');
      const fake = i % 7 === 0;
      const c = await createClient(tx, tenantId, {
        username: `${fake ? 'robot' : 'client'}${n}`,
        fullName: `${pick(SURNAMES)} ${pick(GIVEN)}`,
        mobile: `1${String(3000000000 + Math.floor(rnd() * 999999999)).padStart(10, '0')}`,
        fake,
        agentId: cycle[i % cycle.length],
        vip: Math.floor(rnd() * 6),
        score: 60 + Math.floor(rnd() * 41),
        kycStatus: pick(['approved', 'approved', 'pending', 'rejected', 'unverified'] as const),
      });
      // Back-date registrations over the last year so lists and date filters have something to show.
      await tx.execute(
        sql`UPDATE client SET created_at = now() - make_interval(mins => ${Math.floor(rnd() * 525_600)}) WHERE id = ${c.id}`,
      );
      if (i % 25 === 0) return;
      const currencies = i % 10 === 0 ? ['USD'] : ['USD', pick(['CNY', 'HKD', 'EUR', 'USDT'] as const)];
      const accs = [];
      for (const cur of currencies) accs.push(await openAccount(tx, tenantId, c.id, cur));
      const main = accs[0];

      // Approved deposits (one of them rolled back sometimes), one pending, sometimes a rejected one.
      for (let k = 0; k < 2; k++) {
        const amount = cents(500, 20_000);
        const subType = pick(['bank', 'bank', 'crypto'] as const);
        const d = await createDeposit(tx, system, c.id, {
          account_id: main.id,
          amount,
          sub_type: subType,
          ...(subType === 'crypto' ? demoCryptoFields(`${tenantId}:${i}:${k}`) : {}),
        });
        await approveDeposit(tx, d.id);
      }
      if (accs[1]) {
        const d = await createDeposit(tx, system, c.id, {
          account_id: accs[1].id,
          amount: cents(100, 5_000),
          currency: 'USD',
        });
        await approveDeposit(tx, d.id);
      }
      if (i % 3 === 0) await createDeposit(tx, system, c.id, { account_id: main.id, amount: cents(100, 3_000) });
      if (i % 5 === 0) {
        const d = await createDeposit(tx, staff, c.id, {
          account_id: main.id,
          amount: cents(100, 3_000),
          screenshot: null,
        });
        await auditDeposit(tx, checker2, d.id, 'rejected', 'proof unreadable');
      }
      if (i % 11 === 0) {
        const d = await createDeposit(tx, system, c.id, { account_id: main.id, amount: cents(10, 90) });
        await approveDeposit(tx, d.id);
        // History from before maker-checker: rolled back without a rollback approval.
        await executeDepositRollback(tx, staff, d.id, 'duplicate transfer');
      }

      // Compensation and bonus credits, some rolled back (so the bonus-point records page shows every status).
      if (i % 4 === 0) {
        const o = await creditOverdrawn(tx, staff, 'compensation', c.id, {
          account_id: main.id,
          amount: cents(10, 200),
        });
        // A credit past the maker's cumulative daily limit waits for a checker (docs/security.md): only credited
        // ones are rolled back.
        if (i % 8 === 4 && o.status === 'approved')
          await executeOverdrawnRollback(tx, staff, o.id, 'credited by mistake');
      }
      if (i % 6 === 0) {
        const o = await creditOverdrawn(tx, staff, 'bonus', c.id, { account_id: main.id, amount: cents(10, 300) });
        if (i % 12 === 6 && o.status === 'approved')
          await executeOverdrawnRollback(tx, staff, o.id, 'campaign cancelled');
      }

      // Withdrawals in every status.
      if (i % 2 === 0) {
        const w = await requestWithdrawal(tx, system, c.id, { account_id: main.id, amount: cents(50, 400) });
        if (i % 4 === 0) await auditWithdrawal(tx, staff, w.id, 'approved');
        else if (i % 8 === 2) await auditWithdrawal(tx, staff, w.id, 'rejected', 'bank details mismatch');
      }
      if (i % 13 === 0) {
        const w = await requestWithdrawal(tx, system, c.id, { account_id: main.id, amount: cents(20, 100) });
        await auditWithdrawal(tx, staff, w.id, 'approved');
        await executeWithdrawalRollback(tx, staff, w.id, 'payout bounced');
      }

      // Loans: pending, approved, partly repaid, repaid, rejected.
      if (i % 6 === 3) {
        const l = await requestLoan(tx, system, c.id, { account_id: main.id, amount: cents(1_000, 5_000) });
        const j = ((i - 3) / 6) % 5; // 0 approved, 1 pending, 2 rejected, 3 partly repaid, 4 repaid
        if (j === 2) await auditLoan(tx, staff, l.id, 'rejected');
        else if (j !== 1) {
          await auditLoan(tx, staff, l.id, 'approved');
          if (j === 3) await payFine(tx, staff, l.id, { amount: '100.00' });
          if (j === 4) await payFine(tx, staff, l.id, { amount: l.amount! });
        }
      }

      // An exchange from the main account into the second one.
      if (accs[1] && i % 3 === 1) {
        await exchange(tx, staff, c.id, { from_account: main.id, to_account: accs[1].id, amount: cents(10, 200) });
      }
    });

  const workers = Math.max(1, Math.min(opts.concurrency ?? 1, 32));
  let next = 1;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next <= total) await seedClient(next++);
    }),
  );
  return { clients: total };
}
