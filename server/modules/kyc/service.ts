/**
 * Real-name verification (KYC): one record per client (the record id is the client id), the identity fields in
 * client_identity, the status in client.kyc_status. Staff fill in a client's identity (pending), correct it, and
 * decide pending ones once (approved or rejected, with who and when). Every read and write is limited to the staff
 * member's client scope; a client outside it is "not found".
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { client, clientIdentity, staffUser } from '../../db/schema';
import { editable, fillable, kyc, type KycRow } from '../../../domain/kyc';
import type { KycAuditBody, KycEdit, KycIdentity } from './schemas';
import type { EntityListSpec } from '../../core/entity';
import type { Executor, Tx } from '../../core/db';
import { NotFoundError, StateConflictError, ValidationError } from '../../core/errors';
import { clientScope, type StaffScope } from '../../core/scope';
import { signedIn, type Ctx } from '../../core/context';
import { proofReadUrl } from '../../storage';
import { byStaff, clientInScope, iso } from '../records/common';

const agent = alias(staffUser, 'kyc_agent');
const reviewer = alias(staffUser, 'kyc_reviewer');

/** Clients with their identity record, if any (a client without one is unverified). */
const FROM = sql`${client} LEFT JOIN ${clientIdentity} ON ${clientIdentity.clientId} = ${client.id}`;

/** Submitted time for sorting: never-submitted clients last in the newest-first order (first in the oldest-first). */
const SUBMITTED_SORT = sql`coalesce(${clientIdentity.submittedAt}, '-infinity'::timestamptz)`;

const columns = {
  id: client.id,
  username: client.username,
  fullName: client.fullName,
  agentId: client.agentId,
  agentName: agent.name,
  status: client.kycStatus,
  realName: clientIdentity.realName,
  idType: clientIdentity.idType,
  idNumber: clientIdentity.idNumber,
  nationality: clientIdentity.nationality,
  dob: clientIdentity.dob,
  address: clientIdentity.address,
  frontImage: clientIdentity.frontImage,
  backImage: clientIdentity.backImage,
  selfieImage: clientIdentity.selfieImage,
  submittedAt: clientIdentity.submittedAt,
  reviewedAt: clientIdentity.reviewedAt,
  reviewedBy: clientIdentity.reviewedBy,
  reviewerName: reviewer.name,
  remark: clientIdentity.remark,
};

/** The KYC rows of clients (joins included) with `_cursor` (the list's paging key), open for WHERE. */
function selectKyc(db: Executor, cursor: SQL<string> = sql<string>`''`) {
  return db
    .select({ ...columns, _cursor: cursor })
    .from(client)
    .leftJoin(clientIdentity, eq(clientIdentity.clientId, client.id))
    .leftJoin(agent, eq(agent.id, client.agentId))
    .leftJoin(reviewer, eq(reviewer.id, clientIdentity.reviewedBy))
    .$dynamic();
}

type Raw = Awaited<ReturnType<typeof selectKyc>>[number];

/** A URL an <img> loads for a stored image: a short-lived signed one for our files; null for anything else. */
export const imageUrl = (stored: string | null | undefined): string | null => proofReadUrl(stored);

/** A KYC record as the API answers it (image URLs signed: only ever answered for a client in the caller's scope). */
export function presentKyc(r: Raw): KycRow {
  return {
    id: r.id,
    username: r.username,
    full_name: r.fullName,
    agent_id: r.agentId,
    agent_name: r.agentName,
    status: r.status as KycRow['status'],
    real_name: r.realName,
    id_type: r.idType as KycRow['id_type'],
    id_number: r.idNumber,
    nationality: r.nationality,
    dob: r.dob,
    address: r.address,
    front_image: r.frontImage,
    back_image: r.backImage,
    selfie_image: r.selfieImage,
    front_image_url: imageUrl(r.frontImage),
    back_image_url: imageUrl(r.backImage),
    selfie_image_url: imageUrl(r.selfieImage),
    submitted_at: iso(r.submittedAt),
    reviewed_at: iso(r.reviewedAt),
    reviewed_by: r.reviewedBy,
    reviewer_name: r.reviewerName,
    remark: r.remark,
  };
}

/** How the KYC list (and its CSV export) reads its rows: clients in scope, joined to their identity record. */
export const kycListSpec: EntityListSpec<typeof kyc, Raw> = {
  def: kyc,
  table: FROM,
  id: client.id,
  columns: {
    id: client.id,
    username: client.username,
    agent_id: client.agentId,
    status: client.kycStatus,
    submitted_at: clientIdentity.submittedAt,
  },
  sortColumns: { submitted_at: SUBMITTED_SORT },
  scope: (staff: StaffScope) => clientScope(staff),
  select: (db, cursor) => selectKyc(db, cursor),
  present: presentKyc,
  search: 'username',
  tags: ['kyc'],
  description:
    'Real-name (KYC) records: every client in scope with its status (approved, pending, rejected, unverified) and ' +
    'submitted identity, newest submission first by default (never submitted last). Filters: status (one or a comma ' +
    "list), username prefix, agent_id, submitted_at_from/submitted_at_to (days in the tenant's time zone). Data " +
    "scope: a salesman sees his own clients, a team leader his and his salesmen's, supervisors and administrators all " +
    'clients of the tenant.',
};

/** One KYC record in the staff member's scope; else NotFoundError. */
export async function kycDetail(db: Executor, staff: StaffScope, id: number): Promise<KycRow> {
  const [row] = await selectKyc(db)
    .where(and(eq(client.id, id), clientScope(staff)))
    .limit(1);
  if (!row) throw new NotFoundError('Client');
  return presentKyc(row);
}

/** The client drawer's KYC tab (GET client_detail): status from the client, identity fields when submitted. */
export async function clientKyc(c: Ctx, id: number) {
  const row = await clientInScope(c.db, byStaff(signedIn(c)), id);
  const [k] = await c.db.select().from(clientIdentity).where(eq(clientIdentity.clientId, id));
  return {
    client_id: row.id,
    username: row.username,
    kyc_status: row.kycStatus,
    real_name: k?.realName ?? null,
    id_type: k?.idType ?? null,
    id_number: k?.idNumber ?? null,
    nationality: k?.nationality ?? null,
    dob: k?.dob ?? null,
    address: k?.address ?? null,
    front_image: k?.frontImage ?? null,
    back_image: k?.backImage ?? null,
    selfie_image: k?.selfieImage ?? null,
    front_image_url: imageUrl(k?.frontImage),
    back_image_url: imageUrl(k?.backImage),
    selfie_image_url: imageUrl(k?.selfieImage),
    submitted_at: iso(k?.submittedAt),
    reviewed_at: iso(k?.reviewedAt),
    remark: k?.remark ?? null,
  };
}

/** Trimmed text, null when blank. */
const clean = (v: string | null | undefined): string | null => {
  const t = typeof v === 'string' ? v.trim() : null;
  return t ? t : null;
};

/** The identity columns of a fill or edit body (only the keys present). */
function identityColumns(body: KycEdit) {
  const set: Partial<typeof clientIdentity.$inferInsert> = {};
  if ('real_name' in body) set.realName = clean(body.real_name);
  if ('id_type' in body) set.idType = body.id_type;
  if ('id_number' in body) set.idNumber = clean(body.id_number);
  if ('nationality' in body) set.nationality = clean(body.nationality);
  if ('dob' in body) set.dob = body.dob || null;
  if ('address' in body) set.address = clean(body.address);
  if ('front_image' in body) set.frontImage = clean(body.front_image);
  if ('back_image' in body) set.backImage = clean(body.back_image);
  if ('selfie_image' in body) set.selfieImage = clean(body.selfie_image);
  return set;
}

/** The required identity fields may not be cleared (blank after trimming). */
function requireIdentity(set: Partial<typeof clientIdentity.$inferInsert>) {
  const errors: Record<string, string> = {};
  if ('realName' in set && !set.realName) errors.real_name = 'Real name is required';
  if ('idNumber' in set && !set.idNumber) errors.id_number = 'Id number is required';
  if ('dob' in set && set.dob && (set.dob > new Date().toISOString().slice(0, 10) || set.dob < '1900-01-01'))
    errors.dob = 'Dob is invalid';
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** The client (locked for the write) in the staff member's scope; else NotFoundError. */
async function lockClient(tx: Tx, staff: StaffScope, id: number) {
  const [row] = await tx
    .select({ id: client.id, tenantId: client.tenantId, status: client.kycStatus })
    .from(client)
    .where(and(eq(client.id, id), clientScope(staff)))
    .for('update');
  if (!row) throw new NotFoundError('Client');
  return row;
}

/**
 * Fill (POST fill/{id}): staff submit the identity of a client that has none yet or was rejected; the record becomes
 * pending (submitted now, any earlier decision cleared). Pending or approved: 409 invalid_state.
 */
export async function fillKyc(tx: Tx, staff: StaffScope, id: number, body: KycIdentity): Promise<KycRow> {
  const set = identityColumns(body);
  requireIdentity(set);
  const current = await lockClient(tx, staff, id);
  if (!fillable(current.status)) throw new StateConflictError('KYC record', current.status, 'filled in');
  const values = {
    nationality: null,
    dob: null,
    address: null,
    frontImage: null,
    backImage: null,
    selfieImage: null,
    ...set,
    submittedAt: sql`now()`,
    reviewedAt: null,
    reviewedBy: null,
    remark: null,
  };
  await tx
    .insert(clientIdentity)
    .values({ clientId: id, tenantId: current.tenantId, ...values })
    .onConflictDoUpdate({ target: clientIdentity.clientId, set: values });
  await tx.update(client).set({ kycStatus: 'pending' }).where(eq(client.id, id));
  return kycDetail(tx, staff, id);
}

/** Edit (PUT {id}): staff correct the submitted fields; the status and the decision stay. Unverified: 409. */
export async function editKyc(tx: Tx, staff: StaffScope, id: number, body: KycEdit): Promise<KycRow> {
  const set = identityColumns(body);
  if (Object.keys(set).length === 0)
    throw new ValidationError({ body: { code: 'nothing_to_change', message: 'Nothing to change' } });
  requireIdentity(set);
  const current = await lockClient(tx, staff, id);
  if (!editable(current.status)) throw new StateConflictError('KYC record', current.status, 'edited');
  const updated = await tx
    .update(clientIdentity)
    .set(set)
    .where(eq(clientIdentity.clientId, id))
    .returning({ id: clientIdentity.clientId });
  if (!updated.length) throw new StateConflictError('KYC record', 'unverified', 'edited');
  return kycDetail(tx, staff, id);
}

/**
 * Audit (POST audit/{id}): approves or rejects a pending record once, with who and when; a rejection needs a remark
 * (400 errors.remark). The status moves with one conditional UPDATE (the loser of two concurrent decisions, or a
 * decided record, gets 409 invalid_state with nothing changed); outside the scope: 404.
 */
export async function auditKyc(tx: Tx, staff: StaffScope, id: number, body: KycAuditBody): Promise<KycRow> {
  const remark = clean(body.remark);
  if (body.status === 'rejected' && !remark)
    throw new ValidationError({ remark: { code: 'remark_required', message: 'Remark is required to reject' } });
  const moved = await tx
    .update(client)
    .set({ kycStatus: body.status })
    .where(and(eq(client.id, id), clientScope(staff), sql`${client.kycStatus} = 'pending'`))
    .returning({ id: client.id });
  if (!moved.length) {
    const [current] = await tx
      .select({ status: client.kycStatus })
      .from(client)
      .where(and(eq(client.id, id), clientScope(staff)));
    if (!current) throw new NotFoundError('Client');
    throw new StateConflictError('KYC record', current.status, body.status);
  }
  // A pending client without an identity row (imported data) still keeps who decided and when.
  const decision = { reviewedAt: sql`now()`, reviewedBy: staff.id, remark };
  await tx
    .insert(clientIdentity)
    .values({ clientId: id, tenantId: staff.tenantId, ...decision })
    .onConflictDoUpdate({ target: clientIdentity.clientId, set: decision });
  return kycDetail(tx, staff, id);
}

/** What the audit row keeps of a record (no signed URLs: they expire and are not the record). */
export function auditView(r: KycRow | null | undefined) {
  if (!r) return null;
  const { front_image_url: _f, back_image_url: _b, selfie_image_url: _s, ...rest } = r;
  return rest;
}

/** The record before a write, for the audit row (null outside the scope: the write answers 404 then). */
export async function kycBefore(tx: Tx, staff: StaffScope, id: number) {
  try {
    return auditView(await kycDetail(tx, staff, id));
  } catch (e) {
    if (e instanceof NotFoundError) return null;
    throw e;
  }
}
