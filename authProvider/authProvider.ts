import type { AuthProvider, UserIdentity } from 'react-admin';
import { ERRORS } from '../i18n/messages/errors';
import type { PermissionCache } from '../permissions/cache';
import type { PermissionPayload } from '../permissions/types';
import type { AuthMachine, LoginParams } from './machine';
import { canAccessWith, type ResourceChains } from './access';

export interface AuthProviderDeps {
  machine: AuthMachine;
  permissions: Pick<PermissionCache, 'get' | 'ensure'>;
  /** The permission chain of each react-admin resource (resources/registry.ts registryChains). */
  chains: ResourceChains;
}

const statusOf = (error: unknown): number | undefined => {
  const e = error as { status?: number; response?: { status?: number } } | null;
  return e?.status ?? e?.response?.status;
};

/** The react-admin AuthProvider over the auth machine. */
export function createAuthProvider({ machine, permissions, chains }: AuthProviderDeps): AuthProvider {
  async function ensureSession() {
    if (machine.getState().status === 'idle') await machine.bootstrap();
    const { status, user } = machine.getState();
    if (status !== 'authenticated') return null;
    return user ?? (await machine.loadProfile());
  }

  return {
    /** Signs in; stays on the login page (redirectTo false) when the second factor is required. */
    async login(params: LoginParams) {
      const status = await machine.login(params);
      return status === 'mfa_required' ? { redirectTo: false } : undefined;
    },

    async checkAuth() {
      let user;
      try {
        user = await ensureSession();
      } catch {
        user = null;
      }
      if (!user) throw { redirectTo: '/login', message: false };
      if (!user.must_change_password) permissions.ensure(user.role).catch(() => undefined);
    },

    /** 401 logs out (react-admin then calls logout); 403 keeps the session. */
    async checkError(error: unknown) {
      if (statusOf(error) === 401) throw { redirectTo: '/login', message: false };
    },

    async getIdentity(): Promise<UserIdentity> {
      const user = await ensureSession();
      if (!user) throw new Error(ERRORS.unauthorized);
      return { id: user.id, fullName: user.name };
    },

    async getPermissions(): Promise<PermissionPayload | null> {
      const cached = permissions.get();
      if (cached) return cached;
      const user = machine.getState().user;
      return user ? permissions.ensure(user.role) : null;
    },

    /** react-admin's access check, over the cached grants (authProvider/access.ts). */
    async canAccess(params: { resource?: string; action?: string }) {
      const user = machine.getState().user;
      const payload = permissions.get() ?? (user ? await permissions.ensure(user.role) : null);
      return canAccessWith(payload?.grants, params, chains);
    },

    async logout() {
      await machine.logout({ redirect: false });
      return '/login';
    },
  };
}
