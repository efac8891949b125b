/**
 * Managing system users (spec section 7 "Auth and users"): create, edit, enable/disable, delete, invitation code,
 * closing another user's authenticator, and the roles a caller may give. Each function runs inside the route's
 * transaction (core/write.ts) on a target within the caller's scope (staff.ts staffScope: another team's user or
 * another tenant's is not found).
 *
 * Rules: a staff member manages (creates, edits, sets the password of, closes the authenticator of, disables,
 * deletes) only staff of a strictly lower role; administrators are managed by administrators (domain/user.ts manages,
 * assignableRoles), so nobody sets up an account of his own rank that he would then control; a team leader only
 * salesmen of his own team; nobody disables, deletes, closes the authenticator of, or changes the role or password of
 * his own account here (the own password and authenticator have their own dialogs, which ask for the current password
 * or code); a salesman has a team leader (an active team leader of the tenant), other roles have none.
 *
 * A password set here (create, reset) is temporary: the owner must change it at his next sign-in (must_change_password,
 * 403 password_change_required elsewhere). The row keeps who created the account, who last set its password and who
 * last closed its authenticator: approval/gate.ts refuses such a staff member as checker of that person's records.
 */
import { randomInt } from 'node:crypto';
import { and, eq, inArray, ne, or } from 'drizzle-orm';
import type { ControlChange, PendingChangeAnswer } from '../../../domain/approval';
import {
  assignableRoles,
  isControlledRole,
  LEADER_ROLE,
  manages,
  ROLE_LABELS,
  SALESMAN_ROLE,
  type RoleChoice,
  type StaffRole,
} from '../../../domain/user';
import type { UserCreate, UserUpdate } from './schemas';
import {
  authSession,
  client,
  clientIdentity,
  depositRecord,
  overdrawnRecord,
  recoveryCode,
  refreshToken,
  staffUser,
  withdrawRecord,
} from '../../db/schema';
import { signedIn, type Ctx } from '../../core/context';
import type { Executor, Tx } from '../../core/db';
import { HttpError, NotFoundError, validationError } from '../../core/errors';
import { announceSessions } from '../../core/events';
import { sqlState } from '../../core/retry';
import type { Staff } from '../../core/auth';
import { hashPassword } from '../../security/password';
import { revokeUserSessions } from '../auth/session';
import { activeAdministrator, dryRun, proposeChange } from '../approval/gate';
import { byStaff } from '../records/common';
import { presentStaff, selectStaffRows, staffScope, type StaffRow } from './staff';

type StaffRecord = typeof staffUser.$inferSelect;

const roleNotAllowed = (message = 'You give and manage only roles below your own') =>
  new HttpError(403, 'role_not_allowed', message, undefined);
const ownAccount = (message = 'This cannot be done to your own account') => new HttpError(403, 'own_account', message);

/** The roles the signed-in staff member may give, highest first, with their labels. */
export function roleChoices(staff: Pick<Staff, 'role'>): RoleChoice[] {
  return assignableRoles(staff.role).map((id) => ({ id, name: ROLE_LABELS[id]['en-US'], labels: ROLE_LABELS[id] }));
}

/** The staff member `id` within the caller's scope, locked for the change; 404 outside it. */
async function target(tx: Tx, staff: Staff, id: number): Promise<StaffRecord> {
  const [row] = await tx
    .select()
    .from(staffUser)
    .where(and(eq(staffUser.id, id), staffScope(staff)))
    .for('update')
    .limit(1);
  if (!row) throw new NotFoundError('User');
  return row;
}

/**
 * The target of a change: in scope, and of a role the caller manages (strictly lower; an administrator any), else 403
 * role_not_allowed. The own account passes here; what may not be done to it is refused by each change (own_account).
 */
async function managed(tx: Tx, staff: Staff, id: number): Promise<StaffRecord> {
  const row = await target(tx, staff, id);
  if (row.id !== staff.id && !manages(staff.role, row.role)) {
    throw roleNotAllowed('You manage only staff of a role below your own');
  }
  return row;
}

/**
 * Announces (at commit) that the open event streams of the staff member (`self`: his role changed, or he is gone) and
 * of the given leaders (their team, the data scope, changed) must check their session again.
 */
async function teamChanged(
  tx: Tx,
  row: Pick<StaffRecord, 'id' | 'tenantId'>,
  self: boolean,
  ...leaders: (number | null)[]
): Promise<void> {
  const users = new Set([...(self ? [row.id] : []), ...leaders.filter((l): l is number => l !== null)]);
  await announceSessions(tx, ...[...users].map((user) => ({ tenant: row.tenantId, user })));
}

/** The row of a staff member as the list answers it. */
export async function staffRowOf(tx: Tx, id: number): Promise<StaffRow> {
  const [row] = await selectStaffRows(tx, eq(staffUser.id, id));
  if (!row) throw new NotFoundError('User');
  return presentStaff(row);
}

/** What an audit row keeps of a staff member (no secrets). */
export const auditView = (r: StaffRecord) => ({
  username: r.username,
  name: r.name,
  role: r.role,
  active: r.active,
  leader_id: r.leaderId,
  mfa: r.mfaEnabled,
});

function checkRole(staff: Staff, role: StaffRole): void {
  if (!assignableRoles(staff.role).includes(role)) {
    throw roleNotAllowed(
      staff.role === LEADER_ROLE ? 'A team leader adds salesmen only' : 'You give only roles below your own',
    );
  }
}

/**
 * A salesman's team leader must be an active team leader of the tenant (a team leader's own salesmen: himself);
 * other roles have none. 400 `errors.leader_id` otherwise.
 */
async function checkLeader(tx: Tx, staff: Staff, role: StaffRole, leaderId: number | null): Promise<void> {
  if (role !== SALESMAN_ROLE) {
    if (leaderId !== null)
      throw validationError({
        leader_id: { code: 'leader_not_allowed', message: 'Only a salesman has a team leader' },
      });
    return;
  }
  if (leaderId === null)
    throw validationError({ leader_id: { code: 'leader_required', message: 'A salesman needs a team leader' } });
  if (staff.role === LEADER_ROLE && leaderId !== staff.id) {
    throw validationError({
      leader_id: { code: 'leader_own_team', message: 'A team leader adds salesmen to his own team only' },
    });
  }
  const [leader] = await tx
    .select({ id: staffUser.id })
    .from(staffUser)
    .where(
      and(
        eq(staffUser.id, leaderId),
        eq(staffUser.tenantId, staff.tenantId),
        eq(staffUser.role, LEADER_ROLE),
        eq(staffUser.active, true),
      ),
    )
    .limit(1);
  if (!leader)
    throw validationError({
      leader_id: { code: 'leader_invalid', message: 'The team leader must be an active team leader of this tenant' },
    });
}

const CODE_CHARS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A random invitation code (8 characters without look-alikes) not used in the tenant. */
async function newInvitationCode(tx: Tx, tenantId: string): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = Array.from({ length: 8 }, () => CODE_CHARS[randomInt(CODE_CHARS.length)]).join('');
    const [taken] = await tx
      .select({ id: staffUser.id })
      .from(staffUser)
      .where(and(eq(staffUser.tenantId, tenantId), eq(staffUser.invitationCode, code)))
      .limit(1);
    if (!taken) return code;
  }
  throw new Error('No free invitation code after 10 attempts');
}

const usernameTaken = () =>
  new HttpError(409, 'username_taken', 'This username is already taken', {
    username: 'This username is already taken',
  });

/**
 * Creates a staff member with a temporary password (he changes it at his first sign-in), recording the caller as his
 * creator and the setter of his password; 409 username_taken when the tenant has the username. An administrator or a
 * supervisor (CONTROLLED_ROLES) is a change of the controls: checked now (a dry run), then nothing is created until a
 * second administrator approves it in the queue (approval kind staff_role, applyStaffRole); the answer is the pending
 * approval (202).
 */
export async function createUser(tx: Tx, c: Ctx, input: UserCreate): Promise<StaffRow | PendingChangeAnswer> {
  const staff = signedIn(c);
  const passwordHash = await hashPassword(input.password.toLowerCase(), c.config.passwordPepper);
  if (!isControlledRole(input.role)) return insertUser(tx, staff, input, passwordHash);
  await dryRun(tx, (sp) => insertUser(sp as Tx, staff, input, passwordHash));
  const { password: _password, ...asked } = input;
  return proposeChange(tx, byStaff(staff), 'staff_role', {
    op: 'create',
    target: input.username,
    from: null,
    to: { name: input.name.trim(), role: input.role },
    apply: { input: asked, password_hash: passwordHash },
  });
}

/** Inserts a new staff member as `staff` (his creator) asked it, after the create rules. */
async function insertUser(
  tx: Tx,
  staff: Staff,
  input: Omit<UserCreate, 'password'>,
  passwordHash: string,
): Promise<StaffRow> {
  checkRole(staff, input.role);
  const leaderId = input.leader_id ?? null;
  await checkLeader(tx, staff, input.role, leaderId);
  const [exists] = await tx
    .select({ id: staffUser.id })
    .from(staffUser)
    .where(and(eq(staffUser.tenantId, staff.tenantId), eq(staffUser.username, input.username)))
    .limit(1);
  if (exists) throw usernameTaken();
  const [created] = await tx
    .insert(staffUser)
    .values({
      tenantId: staff.tenantId,
      username: input.username,
      name: input.name.trim(),
      role: input.role,
      leaderId,
      passwordHash,
      mustChangePassword: true,
      createdBy: staff.id,
      passwordResetBy: staff.id,
      invitationCode: await newInvitationCode(tx, staff.tenantId),
    })
    .returning({ id: staffUser.id })
    .catch((e: unknown) => {
      if (sqlState(e) === '23505') throw usernameTaken(); // unique (tenant, username): a concurrent create
      throw e;
    });
  await teamChanged(tx, { id: created.id, tenantId: staff.tenantId }, false, leaderId);
  return staffRowOf(tx, created.id);
}

/** Reads the target for the audit row's `before` (in scope, else 404). */
export async function userBefore(tx: Tx, c: Ctx, id: number) {
  return auditView(await target(tx, signedIn(c), id));
}

/**
 * Edits a staff member: name, role, team leader, and a new password when given (temporary: his sessions end and he
 * must change it at his next sign-in; the caller is recorded as its setter). A salesman moved to another role leaves
 * his team; a team leader who still leads salesmen keeps his role (409 user_has_team). Raising a staff member to
 * administrator or supervisor (CONTROLLED_ROLES) is a change of the controls: checked now (a dry run), the whole edit
 * then waits for a second administrator in the queue (approval kind staff_role, applyStaffRole); answers it (202).
 */
export async function updateUser(
  tx: Tx,
  c: Ctx,
  id: number,
  input: UserUpdate,
): Promise<StaffRow | PendingChangeAnswer> {
  const staff = signedIn(c);
  const passwordHash =
    input.password !== undefined ? await hashPassword(input.password.toLowerCase(), c.config.passwordPepper) : null;
  const row = await managed(tx, staff, id);
  if (!isControlledRole(input.role) || input.role === row.role) return changeUser(tx, staff, id, input, passwordHash);
  await dryRun(tx, (sp) => changeUser(sp as Tx, staff, id, input, passwordHash));
  const { password: _password, ...asked } = input;
  return proposeChange(tx, byStaff(staff), 'staff_role', {
    op: 'update',
    target: row.username,
    from: { name: row.name, role: row.role },
    to: { name: input.name?.trim() ?? row.name, role: input.role },
    apply: { id: row.id, input: asked, password_hash: passwordHash },
  });
}

/** Edits staff member `id` as `staff` asked it (`passwordHash`: the new password's, null to keep it). */
async function changeUser(
  tx: Tx,
  staff: Staff,
  id: number,
  input: Omit<UserUpdate, 'password'>,
  passwordHash: string | null,
): Promise<StaffRow> {
  const row = await managed(tx, staff, id);
  const self = row.id === staff.id;
  const role = (input.role ?? row.role) as StaffRole;
  if (role !== row.role) {
    if (self) throw ownAccount('You cannot change your own role');
    checkRole(staff, role);
  }
  if (passwordHash !== null && self) {
    throw ownAccount('Change your own password with the change-password dialog');
  }
  // The leader: as given; else kept for a salesman who stays one, none for other roles.
  const leaderId =
    input.leader_id !== undefined ? input.leader_id : role === SALESMAN_ROLE ? row.leaderId : (null as number | null);
  if (role !== SALESMAN_ROLE || leaderId !== row.leaderId || role !== row.role) {
    await checkLeader(tx, staff, role, leaderId);
  }
  if (row.role === LEADER_ROLE && role !== LEADER_ROLE) await refuseWithTeam(tx, row);
  const changes: Partial<StaffRecord> = { role, leaderId };
  if (input.name !== undefined) changes.name = input.name.trim();
  if (passwordHash !== null) {
    changes.passwordHash = passwordHash;
    changes.passwordChangedAt = new Date();
    changes.passwordResetBy = staff.id;
    changes.mustChangePassword = true;
  }
  await tx.update(staffUser).set(changes).where(eq(staffUser.id, row.id));
  if (passwordHash !== null) await revokeUserSessions(tx, row.id, 'password_reset');
  // his grants, and the teams (data scope) of his former and new leader
  if (role !== row.role || leaderId !== row.leaderId)
    await teamChanged(tx, row, role !== row.role, row.leaderId, leaderId);
  return staffRowOf(tx, row.id);
}

/**
 * Applies an approved staff_role change as its maker (the creator or setter recorded is the maker, so the checker
 * independence rule still sees him): the maker must still be an active administrator of the tenant (else 403
 * role_not_allowed), and the module's rules are checked again (username_taken, leader, team...).
 */
export async function applyStaffRole(
  tx: Executor,
  tenantId: string,
  makerId: number | null,
  change: ControlChange,
): Promise<void> {
  const maker = await activeAdministrator(tx, tenantId, makerId);
  const staff: Staff = {
    id: maker.id,
    username: maker.username,
    name: maker.name,
    role: maker.role,
    tenantId,
    sessionId: '',
  };
  const apply = change.apply as { id?: number; input: UserCreate & UserUpdate; password_hash: string | null };
  if (change.op === 'create') await insertUser(tx as Tx, staff, apply.input, apply.password_hash!);
  else await changeUser(tx as Tx, staff, apply.id!, apply.input, apply.password_hash);
}

/** Enables or disables a staff member; a disabled one's sessions end at once (his next request is 401). */
export async function setUserActive(tx: Tx, c: Ctx, id: number, active: boolean): Promise<StaffRow> {
  const staff = signedIn(c);
  const row = await managed(tx, staff, id);
  if (row.id === staff.id) throw ownAccount('You cannot enable or disable your own account');
  await tx.update(staffUser).set({ active }).where(eq(staffUser.id, row.id));
  if (!active) await revokeUserSessions(tx, row.id, 'user_disabled');
  return staffRowOf(tx, row.id);
}

/** A new invitation code for a staff member (his own included). */
export async function regenerateInvitationCode(tx: Tx, c: Ctx, id: number): Promise<{ invitation_code: string }> {
  const staff = signedIn(c);
  const row = await managed(tx, staff, id);
  const code = await newInvitationCode(tx, row.tenantId);
  await tx.update(staffUser).set({ invitationCode: code }).where(eq(staffUser.id, row.id));
  return { invitation_code: code };
}

/**
 * Unbinds another staff member's authenticator (secret and recovery codes dropped), recording the caller as who reset
 * it; 400 mfa_not_enabled.
 */
export async function closeUserMfa(tx: Tx, c: Ctx, id: number): Promise<StaffRow> {
  const staff = signedIn(c);
  const row = await managed(tx, staff, id);
  if (row.id === staff.id) throw ownAccount('Turn your own authenticator off in the authenticator dialog');
  if (!row.mfaEnabled) throw new HttpError(400, 'mfa_not_enabled', 'MFA is not enabled');
  await tx
    .update(staffUser)
    .set({ mfaEnabled: false, mfaSecret: null, mfaPendingSecret: null, mfaLastStep: null, mfaResetBy: staff.id })
    .where(eq(staffUser.id, row.id));
  await tx.delete(recoveryCode).where(eq(recoveryCode.userId, row.id));
  return staffRowOf(tx, row.id);
}

async function refuseWithTeam(tx: Tx, row: StaffRecord): Promise<void> {
  const [member] = await tx
    .select({ id: staffUser.id })
    .from(staffUser)
    .where(and(eq(staffUser.leaderId, row.id), eq(staffUser.tenantId, row.tenantId), ne(staffUser.id, row.id)))
    .limit(1);
  if (member) throw new HttpError(409, 'user_has_team', 'This user still leads salesmen; move them first');
}

/** Whether any money record or KYC review names the staff member (agent, creator, resolver or reviewer). */
async function hasRecords(tx: Tx, id: number): Promise<boolean> {
  for (const t of [depositRecord, withdrawRecord, overdrawnRecord]) {
    const [hit] = await tx
      .select({ id: t.id })
      .from(t)
      .where(or(eq(t.agentId, id), eq(t.createdBy, id), eq(t.resolvedBy, id), eq(t.rolledBackBy, id)))
      .limit(1);
    if (hit) return true;
  }
  const [reviewed] = await tx
    .select({ id: clientIdentity.clientId })
    .from(clientIdentity)
    .where(eq(clientIdentity.reviewedBy, id))
    .limit(1);
  return !!reviewed;
}

/**
 * Deletes a staff member who owns no client, leads nobody and is named by no record (409 user_has_clients,
 * user_has_team, user_has_records: nothing is deleted); his sessions and recovery codes go with him.
 */
export async function deleteUser(tx: Tx, c: Ctx, id: number): Promise<Record<string, never>> {
  const staff = signedIn(c);
  const row = await managed(tx, staff, id);
  if (row.id === staff.id) throw ownAccount('You cannot delete your own account');
  const [owned] = await tx.select({ id: client.id }).from(client).where(eq(client.agentId, row.id)).limit(1);
  if (owned) throw new HttpError(409, 'user_has_clients', 'This user still has clients; move them first');
  await refuseWithTeam(tx, row);
  if (await hasRecords(tx, row.id)) {
    throw new HttpError(409, 'user_has_records', 'This user is named by business records; disable the user instead');
  }
  await teamChanged(tx, row, true, row.leaderId);
  const sessions = tx.select({ id: authSession.id }).from(authSession).where(eq(authSession.userId, row.id));
  await tx.delete(refreshToken).where(inArray(refreshToken.sessionId, sessions));
  await tx.delete(authSession).where(eq(authSession.userId, row.id));
  await tx.delete(recoveryCode).where(eq(recoveryCode.userId, row.id));
  await tx
    .delete(staffUser)
    .where(eq(staffUser.id, row.id))
    .catch((e: unknown) => {
      // A reference this check does not know of: refuse rather than fail.
      if (sqlState(e) === '23503') {
        throw new HttpError(409, 'user_has_records', 'This user is named by other records; disable the user instead');
      }
      throw e;
    });
  return {};
}
