/**
 * The IP allow-list of a tenant: its entries (canonical CIDR text, note, who added them and when) and its switch
 * (the `ip_access` setting document). Enforcement: server/core/ip-allow.ts. A change that would leave the caller's
 * own address outside an enforced list (turning it on, deleting an entry) is refused with 409 `ip_self_lockout`;
 * the check and the change run under one per-tenant lock, so two concurrent changes cannot each rely on the other's
 * entry.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { formatCidr, normalizeIp, parseCidr } from '../../../domain/cidr';
import { ipAccess, type IpAccessCreate, type IpAccessRow, type IpAccessStatus } from '../../../domain/ip-access';
import { ipAllowEntry, setting, staffUser } from '../../db/schema';
import type { EntityListSpec } from '../../core/entity';
import type { Executor, Tx } from '../../core/db';
import { HttpError, NotFoundError, ValidationError } from '../../core/errors';
import { allowListEnabled, allowListRanges, holds, IP_ACCESS_SETTING, parseRanges } from '../../core/ip-allow';
import type { StaffScope } from '../../core/scope';
import { iso } from '../records/common';

const columns = {
  id: ipAllowEntry.id,
  cidr: ipAllowEntry.cidr,
  note: ipAllowEntry.note,
  createdBy: ipAllowEntry.createdBy,
  createdByName: staffUser.name,
  createdAt: ipAllowEntry.createdAt,
};

/** Entries with the name of who added them and `_cursor` (the list's paging key), open for WHERE. */
function selectEntries(db: Executor, cursor: SQL<string> = sql<string>`''`) {
  return db
    .select({ ...columns, _cursor: cursor })
    .from(ipAllowEntry)
    .leftJoin(staffUser, eq(staffUser.id, ipAllowEntry.createdBy))
    .$dynamic();
}

type Raw = Awaited<ReturnType<typeof selectEntries>>[number];

/** An entry as the API answers it. */
export function presentEntry(r: Raw): IpAccessRow {
  return {
    id: r.id,
    cidr: r.cidr,
    note: r.note,
    created_by: r.createdBy,
    created_by_name: r.createdByName,
    created_at: iso(r.createdAt)!,
  };
}

/** The list (and CSV export) of the tenant's entries. */
export const ipAccessListSpec: EntityListSpec<typeof ipAccess, Raw> = {
  def: ipAccess,
  table: ipAllowEntry,
  id: ipAllowEntry.id,
  columns: { id: ipAllowEntry.id, cidr: ipAllowEntry.cidr },
  scope: (staff: StaffScope) => eq(ipAllowEntry.tenantId, staff.tenantId),
  select: (db, cursor) => selectEntries(db, cursor),
  present: presentEntry,
  tags: ['ip_access'],
  description:
    "The tenant's IP allow-list entries (canonical CIDR text, note, who added each and when), newest first by " +
    'default. Filter: cidr prefix.',
};

/** Serialises the allow-list changes of one tenant (until the transaction ends). */
const lockTenant = (tx: Tx, tenantId: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`ip_access:${tenantId}`}))`);

function selfLockout(ip: string, what: string): HttpError {
  return new HttpError(
    409,
    'ip_self_lockout',
    `${what} would leave your own address ${normalizeIp(ip) ?? ip} outside the IP allow-list; nothing changed`,
  );
}

/** The switch, the caller's address and whether the list holds it. */
export async function readStatus(db: Executor, tenantId: string, ip: string): Promise<IpAccessStatus> {
  const [enabled, ranges] = await Promise.all([allowListEnabled(db, tenantId), allowListRanges(db, tenantId)]);
  return {
    enabled,
    your_ip: normalizeIp(ip) ?? ip,
    your_ip_allowed: holds(parseRanges(ranges), ip),
    entries: ranges.length,
  };
}

/** Turns the list on or off; turning it on is refused unless an entry holds the caller's address. */
export async function setEnabled(tx: Tx, tenantId: string, ip: string, enabled: boolean): Promise<IpAccessStatus> {
  await lockTenant(tx, tenantId);
  if (enabled && !holds(parseRanges(await allowListRanges(tx, tenantId)), ip)) {
    throw selfLockout(ip, 'Turning the allow-list on');
  }
  const value = { enabled };
  await tx
    .insert(setting)
    .values({ tenantId, key: IP_ACCESS_SETTING, value })
    .onConflictDoUpdate({ target: [setting.tenantId, setting.key], set: { value, updatedAt: sql`now()` } });
  return readStatus(tx, tenantId, ip);
}

/** A blank note is none. */
const noteOf = (note: string | null | undefined): string | null => (note?.trim() ? note.trim() : null);

/** One entry of the tenant; else 404. */
export async function entryOf(db: Executor, tenantId: string, id: number): Promise<IpAccessRow> {
  const [row] = await selectEntries(db)
    .where(and(eq(ipAllowEntry.id, id), eq(ipAllowEntry.tenantId, tenantId)))
    .limit(1);
  if (!row) throw new NotFoundError('Allow-list entry');
  return presentEntry(row);
}

/** Adds a range (stored in canonical form); a malformed one, host bits set or one already listed: 400 on `cidr`. */
export async function createEntry(
  tx: Tx,
  staff: StaffScope & { id: number },
  body: IpAccessCreate,
): Promise<IpAccessRow> {
  const parsed = parseCidr(body.cidr);
  if (!parsed.ok) {
    throw new ValidationError({
      cidr:
        parsed.problem === 'host_bits'
          ? {
              code: 'cidr_host_bits',
              message: 'Cidr has host bits set after the prefix (e.g. 10.0.0.0/8, not 10.1.2.3/8)',
            }
          : { code: 'cidr_invalid', message: 'Cidr is not an IPv4 or IPv6 address or CIDR range' },
    });
  }
  const cidr = formatCidr(parsed.cidr);
  await lockTenant(tx, staff.tenantId);
  const [inserted] = await tx
    .insert(ipAllowEntry)
    .values({ tenantId: staff.tenantId, cidr, note: noteOf(body.note), createdBy: staff.id })
    .onConflictDoNothing({ target: [ipAllowEntry.tenantId, ipAllowEntry.cidr] })
    .returning({ id: ipAllowEntry.id });
  if (!inserted) throw new ValidationError({ cidr: { code: 'duplicate', message: `Cidr ${cidr} is already listed` } });
  return entryOf(tx, staff.tenantId, inserted.id);
}

/** Changes an entry's note (its range never changes: a different range is a new entry). */
export async function updateNote(tx: Tx, tenantId: string, id: number, note: string | null): Promise<IpAccessRow> {
  const [row] = await tx
    .update(ipAllowEntry)
    .set({ note: noteOf(note) })
    .where(and(eq(ipAllowEntry.id, id), eq(ipAllowEntry.tenantId, tenantId)))
    .returning({ id: ipAllowEntry.id });
  if (!row) throw new NotFoundError('Allow-list entry');
  return entryOf(tx, tenantId, id);
}

/** Deletes an entry; while the list is on, refused when no remaining entry holds the caller's address. */
export async function deleteEntry(tx: Tx, tenantId: string, ip: string, id: number): Promise<IpAccessRow> {
  await lockTenant(tx, tenantId);
  const entry = await entryOf(tx, tenantId, id);
  if (await allowListEnabled(tx, tenantId)) {
    const rest = (await allowListRanges(tx, tenantId)).filter((c) => c !== entry.cidr);
    if (!holds(parseRanges(rest), ip)) throw selfLockout(ip, `Deleting ${entry.cidr}`);
  }
  await tx.delete(ipAllowEntry).where(and(eq(ipAllowEntry.id, id), eq(ipAllowEntry.tenantId, tenantId)));
  return entry;
}
