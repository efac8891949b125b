/** The roles of spec section 6, by their internal names. */
export const ROLES = ['god', 'angel', 'superman', 'hero'] as const;
export type Role = (typeof ROLES)[number];

/** The actions of spec section 6; '*' stands for all of them. */
export const ACTIONS = [
  'create',
  'read',
  'update',
  'delete',
  'approve',
  'export',
  'assign',
  'settle',
  'reset',
  'robot',
  'fund',
  'config',
] as const;
export type Action = (typeof ACTIONS)[number];

export interface Grant {
  resource: string;
  actions: string[];
  /** A tenant's narrowing (permissions/narrow.ts): these actions are removed, whatever else grants them. */
  deny?: boolean;
}

export interface RoleDefinition {
  role: Role;
  name: string;
  grants: Grant[];
}

export type FeatureFlags = Record<string, boolean>;

/** What the API answers for the signed-in staff member's permissions. */
export interface PermissionPayload {
  userId: number;
  roles: Role[];
  grants: Grant[];
  featureFlags: FeatureFlags;
  version: string;
  /** The tenant's permission version the grants were computed at (every API answer carries the current one in
   *  `x-permission-version`; the console refetches when it sees a newer one). */
  tenantVersion?: number;
}
