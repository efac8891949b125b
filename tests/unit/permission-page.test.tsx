// The permission page: the role tabs, the matrix (granted, narrowed, never held, held through the group, the
// administrator's own page locked), saving with a confirmation showing the diff, the API's refusal in the user's
// language, the history. Every mocked answer is checked against the API's schemas (installMsw).
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import PermissionPage from '../../resources/permission/PermissionPage';
import { cellState, matrixRows } from '../../resources/permission/model';
import { registry } from '../../resources/registry';
import { ACTIONS, featureFlags, loadRole, ROLES } from '../../permissions';
import { renderWithEngine, toasts, until } from './engine.helpers';
import { api, apiBody, apiError, installMsw, server } from './msw';

installMsw();

type N = { resource: string; action: string };

function serve(options: { removed?: Record<string, N[]>; put?: () => Response } = {}) {
  const puts: { path: string; body: unknown }[] = [];
  let version = 3;
  let removed = options.removed ?? { angel: [{ resource: 'service', action: 'read' }] };
  const list = () =>
    apiBody('GET /permission/admin/v1/list', {
      version,
      actions: [...ACTIONS],
      roles: ROLES.map((role) => ({
        role,
        name: loadRole(role).name,
        grants: loadRole(role).grants,
        removed: removed[role] ?? [],
        feature_flags: featureFlags(role),
      })),
    });
  server.use(
    http.get(api('/permission/admin/v1/list'), () => HttpResponse.json(list())),
    http.get(api('/permission/admin/v1/history'), () =>
      HttpResponse.json(
        apiBody('GET /permission/admin/v1/history', {
          items: [
            {
              version: 3,
              role: 'angel',
              removed: [{ resource: 'service', action: 'read' }],
              restored: [],
              changed_by: 1,
              changed_by_name: 'Administrator',
              changed_at: '2026-03-01T08:00:00Z',
            },
          ],
        }),
      ),
    ),
    http.put(api('/permission/admin/v1/role/:role'), async ({ request, params }) => {
      const body = (await request.json()) as { removed: N[]; version: number };
      puts.push({ path: new URL(request.url).pathname, body });
      if (options.put) return options.put();
      version += 1;
      removed = { ...removed, [String(params.role)]: body.removed };
      return HttpResponse.json(
        apiBody('PUT /permission/admin/v1/role/:role', { role: params.role, removed: body.removed, version }),
      );
    }),
  );
  return puts;
}

const cell = (name: string) => screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement;

describe('permission matrix model', () => {
  const rows = matrixRows(registry);
  const row = (resource: string) => rows.find((r) => r.resource === resource)!;
  it('rows follow the menu, groups before their pages', () => {
    const names = rows.map((r) => r.resource);
    expect(names.indexOf('funds')).toBeLessThan(names.indexOf('deposit'));
    expect(row('deposit').chain).toEqual(['deposit', 'funds']);
    expect(row('permission').chain).toEqual(['permission', 'config']);
  });
  it('cell states', () => {
    const angel = loadRole('angel').grants;
    expect(cellState('angel', angel, [], row('message'), 'read')).toMatchObject({ granted: true, editable: true });
    expect(cellState('angel', angel, [{ resource: 'message', action: 'read' }], row('message'), 'read')).toMatchObject({
      granted: false,
      editable: true,
      narrowed: true,
    });
    expect(cellState('angel', angel, [], row('deposit'), 'read')).toMatchObject({ granted: true, reason: 'inherited' });
    expect(cellState('angel', angel, [{ resource: 'funds', action: 'read' }], row('deposit'), 'read')).toMatchObject({
      granted: false,
      narrowed: true,
    });
    expect(cellState('angel', angel, [], row('permission'), 'read')).toMatchObject({ granted: false, reason: 'never' });
    const god = loadRole('god').grants;
    expect(cellState('god', god, [], row('permission'), 'update')).toMatchObject({ granted: true, reason: 'locked' });
    expect(cellState('god', god, [], row('deposit'), 'read')).toMatchObject({ editable: true });
  });
});

describe('permission page', () => {
  it('shows the matrix in Chinese, saves a narrowing after a confirmation with the diff', async () => {
    const puts = serve();
    const { user } = await renderWithEngine(<PermissionPage />, { locale: 'zh-CN', path: '/permission' });
    await until(() => expect(screen.getByRole('tab', { name: '主管' })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByTestId('permission-version')).toHaveTextContent('权限版本 3');
    // Granted, narrowed by the tenant, never held, held through the group.
    expect(cell('站内信 · 查看')).toBeChecked();
    expect(cell('站内信 · 查看')).toBeEnabled();
    expect(cell('客服配置 · 查看')).not.toBeChecked();
    expect(cell('客服配置 · 查看')).toBeEnabled();
    expect(cell('权限管理 · 查看')).toBeDisabled();
    expect(cell('充值记录 · 查看')).toBeChecked();
    expect(cell('充值记录 · 查看')).toBeDisabled();
    expect(screen.getByText('修改历史')).toBeInTheDocument();
    expect(screen.getByText('− 客服配置 · 查看')).toBeInTheDocument();

    await user.click(cell('站内信 · 查看'));
    await user.click(cell('客服配置 · 查看'));
    await user.click(screen.getByRole('button', { name: '保存' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('保存「主管」的权限修改？')).toBeInTheDocument();
    const diff = within(dialog).getByTestId('permission-diff');
    expect(diff).toHaveTextContent('将收回：站内信 · 查看');
    expect(diff).toHaveTextContent('将恢复：客服配置 · 查看');
    await user.click(within(dialog).getByRole('button', { name: /确认|Confirm/ }));
    await until(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      path: '/api/permission/admin/v1/role/angel',
      body: { removed: [{ resource: 'message', action: 'read' }], version: 3 },
    });
    await until(() => expect(screen.getByTestId('permission-version')).toHaveTextContent('权限版本 4'));
    expect(cell('站内信 · 查看')).not.toBeChecked();
  });

  it('a change of a money grant says it awaits a second administrator, and nothing is saved yet', async () => {
    const pending = { pending_approval: { id: 7, kind: 'role_grants', status: 'pending', required_checkers: 1 } };
    const puts = serve({ put: () => HttpResponse.json(pending, { status: 202 }) });
    const { user } = await renderWithEngine(<PermissionPage />, { locale: 'zh-CN', path: '/permission' });
    await until(() => expect(screen.getByRole('tab', { name: '主管' })).toHaveAttribute('aria-selected', 'true'));
    await user.click(cell('资金管理 · 查看'));
    await user.click(screen.getByRole('button', { name: '保存' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /确认|Confirm/ }));
    await until(() => expect(puts).toHaveLength(1));
    expect((puts[0].body as { removed: unknown[] }).removed).toContainEqual({ resource: 'funds', action: 'read' });
    await until(() => expect(toasts().join()).toContain('待另一位管理员复核'));
    expect(screen.getByTestId('permission-version')).toHaveTextContent('权限版本 3');
    await until(() => expect(cell('资金管理 · 查看')).toBeChecked());
  });

  it('the administrator tab locks its own permission page; a refusal shows in the user language', async () => {
    serve({
      removed: {},
      put: () =>
        HttpResponse.json(apiError('permission_version_conflict', 'The permissions are at version 4'), { status: 409 }),
    });
    const { user } = await renderWithEngine(<PermissionPage />, { locale: 'zh-CN', path: '/permission' });
    await user.click(await screen.findByRole('tab', { name: '管理员' }));
    await until(() => expect(cell('权限管理 · 修改')).toBeDisabled());
    expect(cell('权限管理 · 修改')).toBeChecked();
    expect(cell('系统配置 · 查看')).toBeDisabled();
    expect(cell('站内信 · 删除')).toBeEnabled();
    expect(screen.getByRole('button', { name: '保存' })).toBeDisabled();
    await user.click(cell('站内信 · 删除'));
    await user.click(screen.getByRole('button', { name: '保存' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /确认|Confirm/ }));
    await until(() => expect(toasts().join()).toContain('权限已被他人修改，请刷新后重新操作'));
  });

  it('someone without the update grant sees the matrix read-only', async () => {
    serve();
    await renderWithEngine(<PermissionPage />, {
      locale: 'en-US',
      path: '/permission',
      grants: [{ resource: 'permission', actions: ['read'] }],
    });
    await until(() => expect(cell('Messages · Read')).toBeDisabled());
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
