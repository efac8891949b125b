/**
 * The IP allow-list of a tenant: its entries (canonical CIDR text, note, who added them and when) and its switch
 * (the `ip_access` setting document). Enforcement: server/core/ip-allow.ts.
 *
 * Adding or deleting an entry and turning the list on or off are changes of the controls (approval kind `ip_access`,
 * docs/security.md "Maker-checker on money"): checked now in a dry run of the applier, answered with the pending
 * approval (202), applied only when another administrator approves it (applyIpAccess). The proposal keeps the maker's
 * address as the API saw it; a change after which an enforced list would no longer hold the caller's own address is
 * refused with 409 `ip_self_lockout` (the maker when he asks, the checker when he approves), one that would no
 * longer hold the maker's recorded address with 409 `ip_maker_lockout` (at approval). The applier's checks and change
 * run under one per-tenant lock, so two changes approved at once cannot each rely on the other's entry. A note
 * changes at once.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ControlChange, PendingChangeAnswer } from '../../../domain/approval';
import { formatCidr, normalizeIp, parseCidr } from '../../../domain/cidr';
import {
  ipAccess,
  type IpAccessApply,
  type IpAccessCreate,
  type IpAccessRow,
  type IpAccessStatus,
} from '../../../domain/ip-access';
import { approval, ipAllowEntry, setting } from '../../db/schema';
import { staffNamed, tenantList, type StaffNamed } from '../../core/tenant-list';
import type { Executor } from '../../core/db';
import { HttpError, NotFoundError, ValidationError } from '../../core/errors';
import { allowListEnabled, allowListRanges, holds, IP_ACCESS_SETTING, parseRanges } from '../../core/ip-allow';
import type { StaffScope } from '../../core/scope';
import { activeAdministrator, dryRun, proposeChange } from '../approval/gate';
import { byStaff, iso } from '../records/common';

const entryColumns = {
  id: ipAllowEntry.id,
  cidr: ipAllowEntry.cidr,
  note: ipAllowEntry.note,
  createdBy: ipAllowEntry.createdBy,
  createdAt: ipAllowEntry.createdAt,
};

/** Entries with the name of who added them (`staffName`) and `_cursor` (the list's paging key), open for WHERE. */
const selectEntries = staffNamed(ipAllowEntry, entryColumns, ipAllowEntry.createdBy);

/** An entry as the API answers it. */
export function presentEntry(r: StaffNamed<typeof entryColumns>): IpAccessRow {
  return {
    id: r.id,
    cidr: r.cidr,
    note: r.note,
    created_by: r.createdBy,
    created_by_name: r.staffName,
    created_at: iso(r.createdAt)!,
  };
}

/** The list (and CSV export) of the tenant's entries. */
export const ipAccessListSpec = tenantList(ipAllowEntry, 'Allow-list entry', {
  def: ipAccess,
  columns: { id: ipAllowEntry.id, cidr: ipAllowEntry.cidr },
  select: selectEntries,
  present: presentEntry,
  description:
    "The tenant's IP allow-list entries (canonical CIDR text, note, who added each and when), newest first by " +
    'default. Filter: cidr prefix.',
});

/** One entry of the tenant; else 404. */
export const entryOf = ipAccessListSpec.one;

/** Serialises the allow-list changes of one tenant (until the transaction ends). */
const lockTenant = (tx: Executor, tenantId: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`ip_access:${tenantId}`}))`);

/** An address as the API shows it (IPv4-mapped IPv6 as IPv4). */
const shown = (ip: string) => normalizeIp(ip) ?? ip;

/** 409 ip_self_lockout: the change would leave the caller's own address (maker asking, checker approving) outside. */
function selfLockout(ip: string, what: string): HttpError {
  return new HttpError(
    409,
    'ip_self_lockout',
    `${what} would leave your own address ${shown(ip)} outside the IP allow-list; nothing changed`,
  );
}

/** 409 ip_maker_lockout: the change would leave the address its maker asked it from outside. */
function makerLockout(ip: string, what: string): HttpError {
  return new HttpError(
    409,
    'ip_maker_lockout',
    `${what} would leave the address its maker asked it from (${shown(ip)}) outside the IP allow-list; nothing changed`,
  );
}

/** How many changes of the tenant's list await a checker. */
async function pendingChanges(db: Executor, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(approval)
    .where(and(eq(approval.tenantId, tenantId), eq(approval.kind, 'ip_access'), eq(approval.status, 'pending')));
  return Number(row?.n ?? 0);
}

/** The switch, the caller's address, whether the list holds it and the changes awaiting review. */
export async function readStatus(db: Executor, tenantId: string, ip: string): Promise<IpAccessStatus> {
  const [enabled, ranges, pending] = await Promise.all([
    allowListEnabled(db, tenantId),
    allowListRanges(db, tenantId),
    pendingChanges(db, tenantId),
  ]);
  return {
    enabled,
    your_ip: shown(ip),
    your_ip_allowed: holds(parseRanges(ranges), ip),
    entries: ranges.length,
    pending_changes: pending,
  };
}

/** A blank note is none. */
const noteOf = (note: string | null | undefined): string | null => (note?.trim() ? note.trim() : null);

/** A range of a request in canonical form; a malformed one or host bits set: 400 on `cidr`. */
function rangeOf(text: string): string {
  const parsed = parseCidr(text);
  if (parsed.ok) return formatCidr(parsed.cidr);
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

/** What a change does, as its refusals say it. */
function whatOf(a: IpAccessApply): string {
  if (a.op === 'create') return `Adding ${a.cidr}`;
  if (a.op === 'delete') return `Deleting ${a.cidr}`;
  return `Turning the allow-list ${a.op === 'enable' ? 'on' : 'off'}`;
}

/**
 * Opens a change of the list asked by `staff` from address `ip` (nothing changes now): checked first in a dry run of
 * its applier (validation, duplicate, missing entry, the maker's own lockout: 409 ip_self_lockout). Answers the
 * pending approval (the route answers 202).
 */
async function propose(
  tx: Executor,
  staff: StaffScope & { id: number },
  ip: string,
  change: Omit<ControlChange, 'apply'> & { apply: Omit<IpAccessApply, 'maker_ip'> },
): Promise<PendingChangeAnswer> {
  const full: ControlChange = { ...change, apply: { ...change.apply, maker_ip: shown(ip) } };
  await dryRun(tx, (sp) => applyIpAccess(sp, staff.tenantId, staff.id, full, ip));
  return proposeChange(tx, byStaff(staff), 'ip_access', full);
}

/** Asks to add a range (stored in canonical form); a malformed one, host bits set or one already listed: 400 on `cidr`. */
export function proposeCreate(
  tx: Executor,
  staff: StaffScope & { id: number },
  ip: string,
  body: IpAccessCreate,
): Promise<PendingChangeAnswer> {
  const cidr = rangeOf(body.cidr);
  const note = noteOf(body.note);
  return propose(tx, staff, ip, {
    op: 'create',
    target: cidr,
    from: null,
    to: { cidr, note },
    apply: { op: 'create', cidr, note },
  });
}

/** Asks to delete an entry (another tenant's or a missing one: 404). */
export async function proposeDelete(
  tx: Executor,
  staff: StaffScope & { id: number },
  ip: string,
  id: number,
): Promise<PendingChangeAnswer> {
  const entry = await entryOf(tx, staff.tenantId, id);
  return propose(tx, staff, ip, {
    op: 'delete',
    target: entry.cidr,
    from: { cidr: entry.cidr, note: entry.note },
    to: null,
    apply: { op: 'delete', id, cidr: entry.cidr },
  });
}

/** Asks to turn the list on or off; when it already is, answers the status (nothing to review). */
export async function proposeSwitch(
  tx: Executor,
  staff: StaffScope & { id: number },
  ip: string,
  enabled: boolean,
): Promise<IpAccessStatus | PendingChangeAnswer> {
  const now = await allowListEnabled(tx, staff.tenantId);
  if (now === enabled) return readStatus(tx, staff.tenantId, ip);
  return propose(tx, staff, ip, {
    op: enabled ? 'enable' : 'disable',
    target: 'allow_list',
    from: { allow_list: now },
    to: { allow_list: enabled },
    apply: { op: enabled ? 'enable' : 'disable' },
  });
}

/**
 * Applies an approved (or dry-run) ip_access change on the list as it is now, as its maker (who must still be an
 * active administrator: 403 role_not_allowed), under the tenant's lock: an entry added (400 duplicate when listed
 * meanwhile), deleted (404 when gone meanwhile), or the switch. Then, while the list is on, it must still hold the
 * address of `checkerIp` (the caller: 409 ip_self_lockout) and the maker's recorded one (409 ip_maker_lockout); a
 * refusal undoes the change with the decision.
 */
export async function applyIpAccess(
  tx: Executor,
  tenantId: string,
  makerId: number | null,
  change: ControlChange,
  checkerIp?: string | null,
): Promise<void> {
  const maker = await activeAdministrator(tx, tenantId, makerId);
  const a = change.apply as unknown as IpAccessApply;
  await lockTenant(tx, tenantId);
  if (a.op === 'create') {
    const [inserted] = await tx
      .insert(ipAllowEntry)
      .values({ tenantId, cidr: a.cidr!, note: a.note ?? null, createdBy: maker.id })
      .onConflictDoNothing({ target: [ipAllowEntry.tenantId, ipAllowEntry.cidr] })
      .returning({ id: ipAllowEntry.id });
    if (!inserted)
      throw new ValidationError({ cidr: { code: 'duplicate', message: `Cidr ${a.cidr} is already listed` } });
  } else if (a.op === 'delete') {
    const gone = await tx
      .delete(ipAllowEntry)
      .where(and(eq(ipAllowEntry.id, a.id!), eq(ipAllowEntry.tenantId, tenantId), eq(ipAllowEntry.cidr, a.cidr!)))
      .returning({ id: ipAllowEntry.id });
    if (!gone.length) throw new NotFoundError('Allow-list entry');
  } else {
    const value = { enabled: a.op === 'enable' };
    await tx
      .insert(setting)
      .values({ tenantId, key: IP_ACCESS_SETTING, value })
      .onConflictDoUpdate({ target: [setting.tenantId, setting.key], set: { value, updatedAt: sql`now()` } });
  }
  if (!(await allowListEnabled(tx, tenantId))) return;
  const ranges = parseRanges(await allowListRanges(tx, tenantId));
  if (checkerIp && !holds(ranges, checkerIp)) throw selfLockout(checkerIp, whatOf(a));
  if (!holds(ranges, a.maker_ip)) throw makerLockout(a.maker_ip, whatOf(a));
}

/** Changes an entry's note (its range never changes: a different range is a new entry). */
export async function updateNote(
  tx: Executor,
  tenantId: string,
  id: number,
  note: string | null,
): Promise<IpAccessRow> {
  const [row] = await tx
    .update(ipAllowEntry)
    .set({ note: noteOf(note) })
    .where(and(eq(ipAllowEntry.id, id), eq(ipAllowEntry.tenantId, tenantId)))
    .returning({ id: ipAllowEntry.id });
  if (!row) throw new NotFoundError('Allow-list entry');
  return entryOf(tx, tenantId, id);
}
