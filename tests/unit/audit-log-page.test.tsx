// The audit log page: the rows with translated action names and results, the staff-member filter, the detail drawer
// (before/after as a table of fields, the target's history as a timeline with the row marked), and the history panel
// the record views show (administrators only). Every mocked answer is checked against the API's schemas.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import auditLog from '../../resources/audit_log';
import AuditHistory from '../../resources/audit_log/AuditHistory';
import { diffRows } from '../../resources/audit_log/AuditDiff';
import deposit from '../../resources/deposit';
import { record, renderResource, renderWithEngine, until } from './engine.helpers';
import { api, apiBody, apiList, installMsw, server } from './msw';

installMsw();

const row = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  at: '2026-11-23T08:00:00Z',
  user_id: 1,
  username: 'admin',
  action: 'client.fake',
  resource: 'client',
  target_id: '42',
  result: 'success',
  ip: '10.0.0.1',
  detail: null,
  origin: 'api',
  db_role: 'bo_app',
  ...extra,
});

const ROWS = [
  row(3),
  row(2, {
    action: 'access.denied',
    result: 'denied',
    username: 'sales',
    user_id: 5,
    resource: 'users',
    target_id: null,
  }),
  row(1, { action: 'something.new', result: 'failure' }),
  row(4, { action: 'deposit.approve', origin: 'outside_api', user_id: null, username: null }),
];

const STAFF = [
  { id: 1, username: 'admin', name: 'Administrator', role: 'god', active: true },
  { id: 5, username: 'sales', name: 'Salesman', role: 'hero', active: true },
];

function serve() {
  const seen = { lists: [] as URLSearchParams[], history: [] as URLSearchParams[] };
  server.use(
    http.get(api('/audit/admin/v1/list'), ({ request }) => {
      const q = new URL(request.url).searchParams;
      seen.lists.push(q);
      const rows = q.get('user_id') ? ROWS.filter((r) => String(r.user_id) === q.get('user_id')) : ROWS;
      return HttpResponse.json(apiList('GET /audit/admin/v1/list', rows));
    }),
    http.get(api('/user/v1/list'), () => HttpResponse.json(apiList('GET /user/v1/list', STAFF))),
    http.get(api('/audit/admin/v1/detail/:id'), ({ params }) =>
      HttpResponse.json(
        apiBody('GET /audit/admin/v1/detail/:id', {
          ...(ROWS.find((r) => r.id === Number(params.id)) ?? row(Number(params.id))),
          before: { id: 42, fake: false, username: 'carol' },
          after: { id: 42, fake: true, username: 'carol' },
          seq: 17,
          hash: 'a'.repeat(64),
          history: [row(1, { action: 'client.create', at: '2026-11-20T08:00:00Z' }), row(Number(params.id))],
          history_truncated: false,
        }),
      ),
    ),
    http.get(api('/audit/admin/v1/history'), ({ request }) => {
      seen.history.push(new URL(request.url).searchParams);
      return HttpResponse.json(
        apiBody('GET /audit/admin/v1/history', {
          data: [row(1, { action: 'client.create' }), row(3, { action: 'client.status', username: 'supervisor' })],
          truncated: false,
        }),
      );
    }),
  );
  return seen;
}

describe('audit log page', () => {
  it('lists the rows with translated actions and results, in Chinese; an unknown action shows as written', async () => {
    serve();
    await renderResource(auditLog.config, { locale: 'zh-CN' });
    await until(() => screen.getByText('设置真实/机器人'));
    expect(screen.getByText('拒绝访问')).toBeInTheDocument();
    expect(screen.getByText('something.new')).toBeInTheDocument();
    expect(screen.getAllByText('客户').length).toBeGreaterThan(0);
    expect(screen.getByText('拒绝')).toBeInTheDocument();
    expect(screen.getByText('失败')).toBeInTheDocument();
  });

  it('filters by staff member: the list is asked with user_id', async () => {
    const seen = serve();
    const { user } = await renderResource(auditLog.config, { locale: 'zh-CN' });
    await until(() => screen.getByText('拒绝访问'));
    const staff = screen.getByRole('combobox', { name: '员工' });
    await user.click(staff);
    await user.click(await screen.findByRole('option', { name: /^sales$/ }));
    await until(() => expect(seen.lists.at(-1)?.get('user_id')).toBe('5'));
    await until(() => expect(screen.queryByText('设置真实/机器人')).not.toBeInTheDocument());
    expect(screen.getByText('拒绝访问')).toBeInTheDocument();
  });

  it('a row opens its detail: what changed, and the history with this row marked', async () => {
    serve();
    const { user } = await renderResource(auditLog.config, { locale: 'zh-CN' });
    await user.click(await until(() => screen.getByText('设置真实/机器人')));
    const drawer = within(await until(() => screen.getByTestId('audit-drawer')));
    await until(() => drawer.getByTestId('audit-diff'));
    expect(drawer.getByText('审计记录 #3')).toBeInTheDocument();
    const changed = drawer.getAllByTestId('audit-diff-changed');
    expect(changed).toHaveLength(1);
    expect(within(changed[0]).getByText('fake')).toBeInTheDocument();
    expect(within(changed[0]).getByText('false')).toBeInTheDocument();
    expect(within(changed[0]).getByText('true')).toBeInTheDocument();
    expect(drawer.getByText('哈希链序号 17', { exact: false })).toBeInTheDocument();
    const timeline = within(drawer.getByTestId('audit-timeline'));
    expect(timeline.getByText('创建机器人客户')).toBeInTheDocument();
    expect(drawer.getByTestId('audit-timeline-3')).toHaveAttribute('aria-current', 'true');
    expect(drawer.getByTestId('audit-timeline-1')).not.toHaveAttribute('aria-current');
  });
});

describe('rows written outside the API', () => {
  it('marks a row without the API signature in the list and explains it in its detail (Chinese)', async () => {
    serve();
    const { user } = await renderResource(auditLog.config, { locale: 'zh-CN' });
    await until(() => screen.getByText('系统之外写入（未签名）'));
    expect(screen.getAllByText('系统（已签名）').length).toBe(3);
    await user.click(screen.getByText('系统之外写入（未签名）'));
    const drawer = within(await until(() => screen.getByTestId('audit-drawer')));
    const alert = await until(() => drawer.getByTestId('audit-outside-api'));
    expect(alert).toHaveTextContent('数据库角色 bo_app 直接插入');
  });

  it('the same in English', async () => {
    serve();
    const { user } = await renderResource(auditLog.config, { locale: 'en-US' });
    await user.click(await until(() => screen.getByText('Outside the API (unsigned)')));
    const drawer = within(await until(() => screen.getByTestId('audit-drawer')));
    expect(await until(() => drawer.getByTestId('audit-outside-api'))).toHaveTextContent(
      'inserted directly by the database role bo_app',
    );
    expect(drawer.getByText('Database role')).toBeInTheDocument();
  });
});

describe('AuditHistory', () => {
  it("shows a record's history to an administrator", async () => {
    const seen = serve();
    await renderWithEngine(<AuditHistory type="deposit" id={7} />, { locale: 'en-US' });
    await until(() => screen.getByText('Enable/disable client'));
    expect(screen.getByText('History')).toBeInTheDocument();
    expect(screen.getByText('Create robot client')).toBeInTheDocument();
    expect(seen.history.map((q) => [q.get('type'), q.get('id')])).toEqual([['deposit', '7']]);
  });

  it('shows nothing, and asks nothing, to a salesman', async () => {
    const seen = serve();
    await renderWithEngine(
      <div data-testid="host">
        <AuditHistory type="client" id={7} />
      </div>,
      { role: 'hero' },
    );
    await until(() => screen.getByTestId('host'));
    expect(screen.queryByTestId('audit-history')).not.toBeInTheDocument();
    expect(seen.history).toEqual([]);
  });
});

describe('diffRows', () => {
  it('puts the changed fields first and handles missing sides', () => {
    expect(diffRows({ a: 1, b: 2 }, { a: 1, b: 3, c: 'x' }).map((r) => [r.field, r.changed])).toEqual([
      ['b', true],
      ['c', true],
      ['a', false],
    ]);
    expect(diffRows(null, null)).toEqual([]);
    expect(diffRows(null, { a: 1 })).toEqual([{ field: 'a', before: undefined, after: 1, changed: true }]);
    expect(diffRows(undefined, 'x')).toEqual([{ field: '', before: undefined, after: 'x', changed: true }]);
  });
});

describe("a deposit's detail", () => {
  it('ends with its history for an administrator', async () => {
    const seen = serve();
    server.use(
      http.get(api('/deposit/admin/v1/detail/7'), () =>
        HttpResponse.json(apiBody('GET /deposit/admin/v1/detail/:id', { ...record(7), status: 'pending' })),
      ),
    );
    await renderResource(deposit.config, { path: '/deposit/7/show', locale: 'zh-CN' });
    const history = within(await until(() => screen.getByTestId('audit-history')));
    await until(() => history.getByText('创建机器人客户'));
    expect(history.getByText('操作记录')).toBeInTheDocument();
    expect(seen.history.map((q) => [q.get('type'), q.get('id')])).toEqual([['deposit', '7']]);
  });
});
