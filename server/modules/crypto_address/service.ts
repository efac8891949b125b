/**
 * The platform's crypto receiving addresses of a tenant: chain, address (of the chain's shape, stored as entered
 * with its canonical spelling `address_key`, unique per tenant and chain), label, active. The deposits received on
 * an address are the deposit records of the tenant on that chain naming it (EVM and bech32 addresses compare without
 * case, base58 ones exactly); an address that a deposit names is never deleted (409 address_in_use), only
 * deactivated, so that its records keep a known receiving address.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  cryptoAddress,
  cryptoAddressProblems,
  type CryptoAddressOption,
  type CryptoAddressRow,
} from '../../../domain/crypto-address';
import { canonicalAddress } from '../../../domain/crypto-chains';
import { client, cryptoAddressEntry, depositRecord } from '../../db/schema';
import { staffNamed, tenantList, type StaffNamed } from '../../core/tenant-list';
import type { Executor, Tx } from '../../core/db';
import type { EntityWritesSpec } from '../../core/entity-writes';
import { DuplicateError, HttpError, NotFoundError } from '../../core/errors';
import { recordScope, type StaffScope } from '../../core/scope';
import { iso } from '../records/common';

const CASE_INSENSITIVE = sql.raw(`('ERC20','BEP20','ETH')`);

/** The deposit records of the tenant that name the address (the index deposit_tenant_chain_address). */
const namesAddress = (a: typeof cryptoAddressEntry) => sql`${depositRecord.tenantId} = ${a.tenantId}
  AND ${depositRecord.chain} = ${a.chain}
  AND lower(${depositRecord.address}) = lower(${a.address})
  AND (${a.chain} IN ${CASE_INSENSITIVE} OR lower(${a.address}) LIKE 'bc1%' OR ${depositRecord.address} = ${a.address})`;

const depositCount = sql<number>`(SELECT count(*) FROM ${depositRecord} WHERE ${namesAddress(cryptoAddressEntry)})::int`;

const addressColumns = {
  id: cryptoAddressEntry.id,
  chain: cryptoAddressEntry.chain,
  address: cryptoAddressEntry.address,
  label: cryptoAddressEntry.label,
  active: cryptoAddressEntry.active,
  depositCount,
  createdAt: cryptoAddressEntry.createdAt,
  updatedAt: cryptoAddressEntry.updatedAt,
};

/** Addresses with their deposit count and who added them (`staffName`), `_cursor`, open for WHERE. */
const selectAddresses = staffNamed(cryptoAddressEntry, addressColumns, cryptoAddressEntry.createdBy);

type Raw = StaffNamed<typeof addressColumns>;

/** An address as the API answers it. */
export function presentAddress(r: Raw): CryptoAddressRow {
  return {
    id: r.id,
    chain: r.chain as CryptoAddressRow['chain'],
    address: r.address,
    label: r.label,
    active: r.active,
    deposit_count: Number(r.depositCount),
    created_by_name: r.staffName,
    created_at: iso(r.createdAt)!,
    updated_at: iso(r.updatedAt)!,
  };
}

/** The list (and CSV export) of the tenant's addresses. */
export const cryptoAddressListSpec = tenantList(cryptoAddressEntry, 'Receiving address', {
  def: cryptoAddress,
  columns: {
    id: cryptoAddressEntry.id,
    chain: cryptoAddressEntry.chain,
    address: cryptoAddressEntry.address,
    active: cryptoAddressEntry.active,
  },
  select: selectAddresses,
  present: presentAddress,
  description:
    "The tenant's crypto receiving addresses (chain, address, label, active, how many deposit records name it, who " +
    'added it and when), newest first by default. Filters: chain, address prefix (as entered), active.',
});

/** One address of the tenant; else 404. `lock`: FOR UPDATE (a delete or a switch). */
export async function addressOf(db: Executor, tenantId: string, id: number, lock = false): Promise<CryptoAddressRow> {
  if (lock) {
    const [row] = await db
      .select({ id: cryptoAddressEntry.id })
      .from(cryptoAddressEntry)
      .where(and(eq(cryptoAddressEntry.id, id), eq(cryptoAddressEntry.tenantId, tenantId)))
      .for('update');
    if (!row) throw new NotFoundError('Receiving address');
  }
  return cryptoAddressListSpec.one(db, tenantId, id);
}

/**
 * Create (chain, address of the chain's shape, label, active), edit (the label: the chain and the address never
 * change, a new address is a new entry) and delete (only while no deposit names it: 409 address_in_use) from the
 * definition. One address per tenant, chain and canonical spelling (EVM and bech32 without case): 409 duplicate.
 */
export const cryptoAddressWritesSpec: EntityWritesSpec<typeof cryptoAddress, Raw> = {
  list: cryptoAddressListSpec,
  table: cryptoAddressEntry,
  columns: { label: cryptoAddressEntry.label, address_key: cryptoAddressEntry.addressKey },
  validate: async (v, { tx, staff, current }) => {
    if (current) return undefined;
    const problems = cryptoAddressProblems(v);
    if (Object.keys(problems).length) return problems;
    const [clash] = await tx
      .select({ id: cryptoAddressEntry.id })
      .from(cryptoAddressEntry)
      .where(
        and(
          eq(cryptoAddressEntry.tenantId, staff.tenantId),
          eq(cryptoAddressEntry.chain, String(v.chain)),
          eq(cryptoAddressEntry.addressKey, canonicalAddress(String(v.chain), String(v.address))),
        ),
      )
      .limit(1);
    if (clash) throw new DuplicateError('address');
  },
  beforeWrite: (v) =>
    v.address === undefined ? v : { ...v, address_key: canonicalAddress(String(v.chain), String(v.address)) },
  beforeDelete: async (current, { tx, staff }) => {
    const entry = await addressOf(tx, staff.tenantId, current.id, true);
    if (entry.deposit_count > 0) {
      throw new HttpError(
        409,
        'address_in_use',
        `${entry.deposit_count} deposit record(s) name ${entry.address}; deactivate it instead of deleting it`,
      );
    }
  },
  description: "The address is trimmed and must have the chain's shape (400 address_chain).",
};

/** Activates or deactivates an address. */
export async function setActive(tx: Tx, tenantId: string, id: number, active: boolean) {
  const [row] = await tx
    .update(cryptoAddressEntry)
    .set({ active, updatedAt: sql`now()` })
    .where(and(eq(cryptoAddressEntry.id, id), eq(cryptoAddressEntry.tenantId, tenantId)))
    .returning({ id: cryptoAddressEntry.id });
  if (!row) throw new NotFoundError('Receiving address');
  return addressOf(tx, tenantId, id);
}

/** The deposits received on an address (in the caller's data scope), newest first, a page. */
export async function addressDeposits(
  db: Executor,
  staff: StaffScope,
  id: number,
  q: { page?: number; page_size?: number; order?: 'asc' | 'desc' },
) {
  await addressOf(db, staff.tenantId, id);
  const where = and(
    recordScope(staff, depositRecord),
    sql`EXISTS (SELECT 1 FROM ${cryptoAddressEntry} WHERE ${cryptoAddressEntry.id} = ${id}
      AND ${cryptoAddressEntry.tenantId} = ${staff.tenantId} AND ${namesAddress(cryptoAddressEntry)})`,
  );
  const size = q.page_size ?? 20;
  const offset = ((q.page ?? 1) - 1) * size;
  const order = q.order === 'asc' ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: depositRecord.id,
        clientId: depositRecord.clientId,
        username: client.username,
        amount: depositRecord.amount,
        currency: depositRecord.currency,
        status: depositRecord.status,
        txHash: depositRecord.txHash,
        createdAt: depositRecord.createdAt,
      })
      .from(depositRecord)
      .innerJoin(client, eq(client.id, depositRecord.clientId))
      .where(where)
      .orderBy(order(depositRecord.createdAt), order(depositRecord.id))
      .limit(size)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(depositRecord)
      .where(where),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      client_id: r.clientId,
      username: r.username,
      amount: r.amount,
      currency: r.currency,
      status: r.status,
      tx_hash: r.txHash,
      created_at: iso(r.createdAt)!,
    })),
    total: Number(total),
  };
}

/** The tenant's active addresses, by chain then label, as the deposit dialog offers them. */
export async function activeAddresses(db: Executor, tenantId: string): Promise<CryptoAddressOption[]> {
  const rows = await db
    .select({ chain: cryptoAddressEntry.chain, address: cryptoAddressEntry.address, label: cryptoAddressEntry.label })
    .from(cryptoAddressEntry)
    .where(and(eq(cryptoAddressEntry.tenantId, tenantId), eq(cryptoAddressEntry.active, true)))
    .orderBy(asc(cryptoAddressEntry.chain), asc(cryptoAddressEntry.label), asc(cryptoAddressEntry.id))
    .limit(500);
  return rows;
}
