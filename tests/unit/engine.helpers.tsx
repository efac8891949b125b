// Helpers of the resource engine tests: a react-admin context with real i18n, the console's dataProvider over a test
// http client, a permission cache for a role, a toast probe, and a small declared resource served by msw.
import type { ReactNode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryStore, TestMemoryRouter, useNotificationContext, useRouterProvider, useTranslate } from 'ra-core';
import { AdminContext } from 'react-admin';
import { createDataProvider } from '../../dataProvider';
import { createHttp } from '../../dataProvider/http';
import { createI18nProvider, type UiLocale } from '../../i18n';
import type { PermissionPayload, Role } from '../../permissions';
import { createPermissionCache } from '../../permissions/cache';
import { PermissionsProvider } from '../../src/permissions/PermissionsContext';
import { EngineServicesProvider } from '../../resources/engine/context';
import { createStreamOpener } from '../../resources/engine/export';
import type { ResourceConfig } from '../../resources/engine/types';
import { ResourceViews } from '../../resources/engine/ResourceViews';
import { http as mock, HttpResponse } from 'msw';
import type { FundsRecord } from '../../resources/fundsRecords';
import { api, apiList, permissionPayload, server, testProfile } from './msw';

/** waitFor (its timeout: tests/unit/setup.ts, room for a loaded machine). */
export const until = <T,>(fn: () => T | Promise<T>) => waitFor(fn);

/** Tokens of the test session. */
export const testTokens = { get: () => ({ access: 'test-access', refresh: 'test-refresh' }) };

/** The test http client (bearer and tenant as in the console). */
export const testHttp = createHttp({
  profile: testProfile,
  tokens: testTokens,
  refresh: async () => undefined,
  onAuthFailure: () => undefined,
});

/** Mounts `ui` at the route `path` with react-admin's router components (one router instance with react-admin). */
function Mount({ path, ui }: { path: string; ui: ReactNode }) {
  const { Routes, Route } = useRouterProvider();
  return (
    <Routes>
      <Route path={path} element={ui} />
    </Routes>
  );
}

function ToastProbe() {
  const { notifications } = useNotificationContext();
  const translate = useTranslate();
  return (
    <ul data-testid="toasts">
      {notifications.map((n, i) => (
        <li key={i} data-type={n.type}>
          {typeof n.message === 'string' ? translate(n.message, n.notificationOptions?.messageArgs) : ''}
        </li>
      ))}
    </ul>
  );
}

/** The texts of the toasts raised so far. */
export function toasts(): string[] {
  return within(screen.getByTestId('toasts'))
    .queryAllByRole('listitem', { hidden: true })
    .map((li) => li.textContent ?? '');
}

/** Wraps `ui` in the contexts a generated view needs. */
export async function renderWithEngine(
  ui: ReactNode,
  {
    role = 'god',
    grants,
    locale = 'en-US',
    path = '/',
    mount = '/*',
  }: { role?: Role; grants?: PermissionPayload['grants']; locale?: UiLocale; path?: string; mount?: string } = {},
) {
  const payload = permissionPayload({ id: 1, role }) as PermissionPayload;
  const cache = createPermissionCache({ fetch: async () => (grants ? { ...payload, grants } : payload) });
  await cache.refetch(role);
  const services = {
    http: testHttp,
    openStream: createStreamOpener({ profile: testProfile, tokens: testTokens, refresh: async () => undefined }),
  };
  const utils = render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={createDataProvider(testHttp)}
        i18nProvider={createI18nProvider({ initialLocale: locale })}
        store={memoryStore()}
      >
        <PermissionsProvider cache={cache}>
          <EngineServicesProvider value={services}>
            <Mount path={mount} ui={ui} />
            <ToastProbe />
          </EngineServicesProvider>
        </PermissionsProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...utils, user: userEvent.setup() };
}

/** Renders a resource's routes mounted at `/<name>/*`, opened at `path` (default the list). */
export function renderResource(config: ResourceConfig, options: Parameters<typeof renderWithEngine>[1] = {}) {
  return renderWithEngine(<ResourceViews config={config} />, {
    path: `/${config.name}`,
    mount: `/${config.name}/*`,
    ...options,
  });
}

/** A deposit record with defaults. */
export function record(id: number, extra: Partial<FundsRecord> = {}): FundsRecord {
  return {
    id,
    client_id: 100 + id,
    username: `user${id}`,
    fake: false,
    account_id: 500 + id,
    currency: 'USD',
    amount: '100.00',
    status: 'pending',
    sub_type: 'bank',
    created_at: '2026-01-02T03:04:05Z',
    resolved_at: null,
    resolved_by: null,
    ...extra,
  };
}

/**
 * Serves a list path (a GET route of the API) with `rows`, each completed to the API's record (apiList), recording
 * every request's query.
 */
export function serveList(path: string, rows: FundsRecord[], total = rows.length) {
  const queries: URLSearchParams[] = [];
  server.use(
    mock.get(api(path), ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      // A test-only resource (installMsw offApi) has no API schema to complete its rows with.
      const fixture = /^\/(things?|gadget)\//.test(path);
      return HttpResponse.json(fixture ? { data: rows, total } : apiList(`GET ${path}`, rows, { total }));
    }),
  );
  return queries;
}
