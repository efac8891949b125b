import god from './roles/god.json';
import angel from './roles/angel.json';
import superman from './roles/superman.json';
import hero from './roles/hero.json';
import type { FeatureFlags, RoleDefinition } from './types';

const definitions: Record<string, RoleDefinition> = {
  god: god as RoleDefinition,
  angel: angel as RoleDefinition,
  superman: superman as RoleDefinition,
  hero: hero as RoleDefinition,
};

/** The role's definition from its file; a role without a file is an error (spec section 6). */
export function loadRole(role: string): RoleDefinition {
  const def = Object.prototype.hasOwnProperty.call(definitions, role) ? definitions[role] : undefined;
  if (!def) throw new Error('No permissions json found for role');
  return def;
}

/** Feature flags by role (spec section 3): beta.blockDeals for all but hero, ui.compactSideMenu for hero and angel. */
export function featureFlags(role: string): FeatureFlags {
  return {
    'beta.blockDeals': role !== 'hero',
    'ui.compactSideMenu': role === 'hero' || role === 'angel',
  };
}

/** A version string that changes whenever a role's grants change, so cached payloads can be compared. */
export function permissionsVersion(role: string): string {
  const text = JSON.stringify(loadRole(role).grants);
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return `${role}-${(h >>> 0).toString(36)}`;
}
