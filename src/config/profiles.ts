import type { DeploymentCode } from '../../resources/types';

/** A deployment profile: where the API is, which tenant, which deployment code (menu hide lists). */
export interface Profile {
  key: string;
  apiBase: string;
  tenantId: string;
  deployment: DeploymentCode;
}

/** The deployment profiles; every tenant id is seeded by the API (server/db/seed.ts). */
export const PROFILES: Record<string, Profile> = {
  tr: { key: 'tr', apiBase: '/api', tenantId: 'tr', deployment: 'tr' },
  pl: { key: 'pl', apiBase: '/api', tenantId: 'pl', deployment: 'pl' },
  es: { key: 'es', apiBase: '/api', tenantId: 'es', deployment: 'es' },
  kun: { key: 'kun', apiBase: '/api', tenantId: 'kun', deployment: 'kun' },
  sun3: { key: 'sun3', apiBase: '/api', tenantId: 'sun3', deployment: 'sun3' },
};

export const DEFAULT_PROFILE = 'tr';
const STORAGE_KEY = 'bo.profile';

export class UnknownProfileError extends Error {
  constructor(public readonly profile: string) {
    super(`Unknown deployment profile "${profile}". Known profiles: ${Object.keys(PROFILES).join(', ')}`);
  }
}

/**
 * The active profile: the `profile` query value (then remembered), else the stored one, else 'tr'.
 * An unknown name throws UnknownProfileError, which the console shows as a clear error screen.
 */
export function resolveProfile(
  search: string = globalThis.location?.search ?? '',
  storage: Storage | undefined = globalThis.localStorage,
): Profile {
  const fromQuery = new URLSearchParams(search).get('profile');
  const name = fromQuery ?? storage?.getItem(STORAGE_KEY) ?? DEFAULT_PROFILE;
  const profile = Object.prototype.hasOwnProperty.call(PROFILES, name) ? PROFILES[name] : undefined;
  if (!profile) throw new UnknownProfileError(name);
  if (fromQuery) storage?.setItem(STORAGE_KEY, name);
  return profile;
}
