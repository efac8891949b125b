/**
 * Permissions page (spec section 2 "permission", config group; only administrators hold the `permission` grant): the
 * role × resource × action grants of permissions/roles/*.json as a matrix, and a tenant's narrowings of them. A
 * narrowing removes one action on one resource from one role in one tenant; it never adds (permissions/narrow.ts).
 * Every change bumps the tenant's permission version, which every authenticated API answer carries in the header
 * `x-permission-version`. Paths are ours (spec section 7 does not show them).
 */
export const permissionPaths = {
  list: '/permission/admin/v1/list',
  history: '/permission/admin/v1/history',
  role: '/permission/admin/v1/role/{role}',
} as const;

/** The permission resource and its menu parent. */
export const PERMISSION_CHAIN = ['permission', 'config'] as const;

/** Resource keys a narrowing may name (a permission resource key, as in the roles' JSON and the menu). */
export const RESOURCE_PATTERN = '^[a-zA-Z][a-zA-Z0-9_/]{0,63}$';

/** At most this many narrowings per role (far more than resources × actions of the menu). */
export const NARROWINGS_MAX = 500;
