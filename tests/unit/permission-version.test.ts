/**
 * The console's permission cache follows the tenant's permission version: any API answer naming a newer version
 * (header x-permission-version) refetches the grants at once; the same version does not.
 */
import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { createServices } from '../../services';
import { createPermissionCache } from '../../permissions/cache';
import { can, narrowGrants, loadRole, type PermissionPayload } from '../../permissions';
import { visibleMenu } from '../../resources/menu';
import { registry } from '../../resources/registry';
import {
  api,
  apiBody,
  apiList,
  DEMO_PASSWORD,
  fakeAuthApi,
  installMsw,
  permissionPayload,
  server,
  testProfile,
} from './msw';

installMsw();

const creds = (username: string) => ({ username, password: DEMO_PASSWORD, captchaId: 'c1', captcha: 'abcd' });
const menuNames = (p: PermissionPayload | null) => visibleMenu(registry, p?.grants, 'tr').map((n) => n.node.name);

describe('permission version', () => {
  it('refetches the grants when an answer names a newer version, and the menu entry goes', async () => {
    fakeAuthApi();
    const s = createServices({ profile: testProfile, chains: new Map(), redirect: vi.fn() });
    await s.authProvider.login(creds('supervisor'));
    await vi.waitFor(() => expect(s.permissionCache.get()).not.toBeNull());
    expect(menuNames(s.permissionCache.get())).toContain('message');

    let version = 0;
    let permissionCalls = 0;
    server.use(
      http.get(api('/message/admin/v1/list'), () =>
        HttpResponse.json(apiList('GET /message/admin/v1/list', []), {
          headers: { 'x-permission-version': String(version) },
        }),
      ),
      http.get(api('/auth/admin/v1/permissions'), () => {
        permissionCalls++;
        const base = permissionPayload({ id: 2, role: 'angel' });
        return HttpResponse.json(
          apiBody('GET /auth/admin/v1/permissions', {
            ...base,
            grants: narrowGrants(loadRole('angel').grants, [{ resource: 'message', action: 'read' }]),
            version: `${base.version}.${version}`,
            tenantVersion: version,
          }),
          { headers: { 'x-permission-version': String(version) } },
        );
      }),
    );

    // The same version (0): nothing refetched.
    await s.http('/message/admin/v1/list');
    expect(permissionCalls).toBe(0);

    // An administrator narrowed the role: the next answer names version 1.
    version = 1;
    await s.http('/message/admin/v1/list');
    await vi.waitFor(() => expect(s.permissionCache.get()?.tenantVersion).toBe(1));
    expect(permissionCalls).toBe(1);
    const payload = s.permissionCache.get();
    expect(can(payload?.grants, 'message', 'read')).toBe(false);
    expect(can(payload?.grants, 'message', 'create')).toBe(true);
    expect(menuNames(payload)).not.toContain('message');
    expect(menuNames(payload)).toContain('service');

    // Later answers at version 1 do not refetch again.
    await s.http('/message/admin/v1/list');
    await s.http('/message/admin/v1/list');
    expect(permissionCalls).toBe(1);
    s.refresher.cancel();
  });

  it('a version seen while a fetch is under way fetches once more after it', async () => {
    const answers: PermissionPayload[] = [];
    const make = (v: number) => ({
      ...(permissionPayload({ id: 4, role: 'hero' }) as PermissionPayload),
      tenantVersion: v,
    });
    let release: () => void = () => undefined;
    const fetch = vi.fn(async () => {
      const n = fetch.mock.calls.length;
      if (n === 2) await new Promise<void>((r) => (release = r));
      const p = make(n === 1 ? 0 : n === 2 ? 1 : 2);
      answers.push(p);
      return p;
    });
    const cache = createPermissionCache({ fetch, storage: () => undefined });
    await cache.ensure('hero');
    cache.observeVersion(1); // starts fetch 2 (held)
    cache.observeVersion(2); // under way: remembered
    cache.observeVersion(2);
    expect(fetch).toHaveBeenCalledTimes(2);
    release();
    await vi.waitFor(() => expect(cache.get()?.tenantVersion).toBe(2));
    expect(fetch).toHaveBeenCalledTimes(3);
    cache.observeVersion(2);
    cache.observeVersion(1);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('a failed refetch is tried again by the next answer naming the version', async () => {
    let fail = false;
    const fetch = vi.fn(async () => {
      if (fail) throw new Error('offline');
      return { ...(permissionPayload({ id: 4, role: 'hero' }) as PermissionPayload), tenantVersion: 0 };
    });
    const cache = createPermissionCache({ fetch, storage: () => undefined });
    await cache.ensure('hero');
    fail = true;
    cache.observeVersion(3);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    await new Promise((r) => setTimeout(r, 0));
    cache.observeVersion(3);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
  });
});

describe('narrowed grants', () => {
  it('a deny wins over a wildcard, and a denied menu group removes its pages', async () => {
    const { canAny } = await import('../../permissions');
    const god = narrowGrants(loadRole('god').grants, [{ resource: 'funds', action: 'read' }]);
    expect(can(god, 'funds', 'read')).toBe(false);
    expect(can(god, 'funds', 'update')).toBe(true);
    expect(canAny(god, ['deposit', 'funds'], 'read')).toBe(false);
    expect(canAny(god, ['deposit', 'funds'], 'approve')).toBe(true);
    // Never adds: a narrowing of something the role does not hold is dropped.
    expect(narrowGrants(loadRole('hero').grants, [{ resource: 'users', action: 'read' }])).toEqual(
      loadRole('hero').grants,
    );
  });
});
