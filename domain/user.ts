/**
 * System users (staff members, spec sections 2 and 6): the `users` entity both sides import, the roles with their
 * labels and rank, and the rules of who may give which role.
 */
import { defineEntity, type Labels, type ListQuery, type Row } from './entity';

/** The staff roles, highest first (spec section 6). */
export const STAFF_ROLES = ['god', 'angel', 'superman', 'hero'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Each role's label (spec section 6: Admin, Supervisor, Leader, Salesman). */
export const ROLE_LABELS: { readonly [R in StaffRole]: Labels } = {
  god: { 'zh-CN': '管理员', 'en-US': 'Admin' },
  angel: { 'zh-CN': '主管', 'en-US': 'Supervisor' },
  superman: { 'zh-CN': '组长', 'en-US': 'Leader' },
  hero: { 'zh-CN': '业务员', 'en-US': 'Salesman' },
};

/** The role a salesman's team leader has. */
export const LEADER_ROLE = 'superman' satisfies StaffRole;
/** The role that has (and must have) a team leader. */
export const SALESMAN_ROLE = 'hero' satisfies StaffRole;

const isRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);

/** 0 for the highest role (god), larger below; an unknown role ranks below every role. */
export const roleRank = (role: string): number => (isRole(role) ? STAFF_ROLES.indexOf(role) : STAFF_ROLES.length);

/** Whether `role` is above `than` (god > angel > superman > hero). */
export const outranks = (role: string, than: string): boolean => roleRank(role) < roleRank(than);

/** The role of administrators: the one role managed by its own holders (nobody is above it). */
export const ADMIN_ROLE = 'god' satisfies StaffRole;

/**
 * Whether a staff member of role `role` may manage (create, edit, set the password of, close the authenticator of,
 * disable, delete) a staff member of role `target`: only strictly lower roles (god > angel > superman > hero), so a
 * supervisor cannot set up another supervisor he would then control; administrators are managed by administrators.
 */
export function manages(role: string, target: string): boolean {
  if (!isRole(role)) return false;
  if (role === ADMIN_ROLE) return isRole(target);
  return outranks(role, target);
}

/**
 * The roles a staff member may give (create or set): those he manages (domain rule `manages`): an administrator every
 * role, a supervisor team leaders and salesmen, a team leader salesmen (his own team); a salesman none.
 */
export function assignableRoles(role: string): StaffRole[] {
  return STAFF_ROLES.filter((r) => manages(role, r));
}

/**
 * The roles whose creation or grant is a change of the controls (approval kind `staff_role`): a second administrator
 * approves it in the approvals queue before the account exists or the role changes. Other roles are given at once.
 */
export const CONTROLLED_ROLES: readonly StaffRole[] = ['god', 'angel'];
export const isControlledRole = (role: string | undefined): boolean =>
  role !== undefined && (CONTROLLED_ROLES as readonly string[]).includes(role);

/** Fewest characters of a password, counted after trimming (spec section 9: "new at least 6 characters"). */
export const MIN_PASSWORD_LENGTH = 6;

/**
 * What is wrong with a typed password (trimmed), as a code: `required` (empty), `too_short` (under
 * MIN_PASSWORD_LENGTH); undefined when it is fine. The console checks every password it sets with it (the API receives
 * only the MD5 hex and cannot count characters).
 */
export function passwordProblem(typed: string | null | undefined): 'required' | 'too_short' | undefined {
  const value = (typed ?? '').trim();
  if (!value) return 'required';
  if (value.length < MIN_PASSWORD_LENGTH) return 'too_short';
  return undefined;
}

/** Most characters of a username and of a name. */
export const USERNAME_MAX = 32;
export const NAME_MAX = 64;
/** What a username may hold (letters, digits, `_ . @ -`), 3 to USERNAME_MAX characters. */
export const USERNAME_PATTERN = `^[A-Za-z0-9_.@-]{3,${USERNAME_MAX}}$`;

/** The `users` entity: the list row of `GET /user/v1/list`, its filters and sorts, and the paths of spec section 7. */
export const users = defineEntity({
  name: 'users',
  resource: 'users',
  paths: {
    list: '/user/v1/list',
    create: '/user/v1/create',
    update: '/user/v1/{id}',
    delete: '/user/v1/{id}',
    status: '/user/v1/status/{id}',
    code: '/user/v1/code/{id}',
    roles: '/user/v1/role',
    mfaClose: '/user/v1/mfa/close/{id}',
  },
  sort: { field: 'id', order: 'asc' },
  fields: [
    { name: 'id', kind: 'id', label: { 'zh-CN': 'ID', 'en-US': 'ID' }, list: true, sort: true },
    {
      name: 'username',
      kind: 'text',
      label: { 'zh-CN': '用户名', 'en-US': 'Username' },
      maxLength: USERNAME_MAX,
      list: true,
      filter: 'prefix',
      sort: true,
    },
    {
      name: 'name',
      kind: 'text',
      label: { 'zh-CN': '姓名', 'en-US': 'Name' },
      maxLength: NAME_MAX,
      list: true,
      sort: true,
    },
    {
      name: 'role',
      kind: 'enum',
      label: { 'zh-CN': '角色', 'en-US': 'Role' },
      values: STAFF_ROLES,
      valueLabels: ROLE_LABELS,
      list: true,
      filter: 'in',
    },
    {
      name: 'leader_id',
      kind: 'id',
      label: { 'zh-CN': '组长', 'en-US': 'Team leader' },
      nullable: true,
      filter: 'eq',
    },
    {
      name: 'leader_name',
      kind: 'text',
      label: { 'zh-CN': '组长', 'en-US': 'Team leader' },
      nullable: true,
      list: true,
    },
    { name: 'active', kind: 'boolean', label: { 'zh-CN': '状态', 'en-US': 'Status' }, list: true, filter: 'eq' },
    { name: 'mfa', kind: 'boolean', label: { 'zh-CN': '身份验证器', 'en-US': 'Authenticator' }, list: true },
    {
      name: 'invitation_code',
      kind: 'text',
      label: { 'zh-CN': '邀请码', 'en-US': 'Invitation code' },
      nullable: true,
      list: true,
    },
    {
      name: 'create_datetime',
      kind: 'datetime',
      label: { 'zh-CN': '创建时间', 'en-US': 'Created' },
      list: true,
      sort: true,
    },
  ],
});

/** A staff member as `GET /user/v1/list` answers it (no password hash, MFA secret or sign-in data). */
export type UserRow = Row<typeof users>;

/** The querystring of `GET /user/v1/list`: paging, sort, filters, and `full` (every match in one answer). */
export type UserListQuery = ListQuery<typeof users> & { full?: boolean };

/** One role the caller may give (`GET /user/v1/role`): `id` the role, `name` its English label, `labels` both. */
export interface RoleChoice {
  id: StaffRole;
  name: string;
  labels: Labels;
}
