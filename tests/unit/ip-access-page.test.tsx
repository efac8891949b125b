// The IP allow-list page: the entries, the switch panel (state, the caller's own address, the changes awaiting
// review), asking to turn the list on (asked first; the API's 202 said as awaiting review, never "done"; its
// self-lockout refusal shown in the user's language), the create form (range rules checked before sending, the API's
// field code under its input, awaiting review), edit note (at once) and delete (confirmed, awaiting review). Every
// mocked answer is checked against the API's schemas (installMsw).
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import ipAccess from '../../resources/ip_access';
import { renderResource, toasts, until } from './engine.helpers';
import { api, apiBody, apiError, apiList, installMsw, server } from './msw';

installMsw();

const entry = (id: number, cidr: string, extra: Record<string, unknown> = {}) =>
  apiBody('GET /ip_access/admin/v1/list', {
    data: [
      {
        id,
        cidr,
        note: null,
        created_by: 1,
        created_by_name: 'Administrator',
        created_at: '2026-03-01T08:00:00Z',
        ...extra,
      },
    ],
    total: 1,
  }).data[0];

const status = (extra: Record<string, unknown> = {}) =>
  apiBody('GET /ip_access/admin/v1/status', {
    enabled: false,
    your_ip: '203.0.113.7',
    your_ip_allowed: false,
    entries: 2,
    pending_changes: 0,
    ...extra,
  });

type Write = { method: string; path: string; body: unknown };

/** The API's answer to a change of the list: it awaits a second administrator (202). */
let approvalId = 40;
const pendingAnswer = () =>
  HttpResponse.json(
    { pending_approval: { id: ++approvalId, kind: 'ip_access', status: 'pending', required_checkers: 1 } },
    { status: 202 },
  );
const AWAITING = '已提交，待另一位管理员复核：复核通过后才生效';

/**
 * Serves the list, the status and the writes (each recorded); `put` answers the switch. A change of the list answers
 * 202 and changes nothing but the count of pending changes.
 */
function serve(options: { put?: (body: { enabled: boolean }) => Response; create?: (body: unknown) => Response } = {}) {
  const writes: Write[] = [];
  const rows = [entry(2, '10.0.0.0/8', { note: 'Office' }), entry(1, '2001:db8::/32')];
  let current = status();
  const record = async (request: Request) => {
    const body = request.method === 'DELETE' ? undefined : await request.clone().json();
    writes.push({ method: request.method, path: new URL(request.url).pathname, body });
    return body;
  };
  server.use(
    http.get(api('/ip_access/admin/v1/list'), () => HttpResponse.json(apiList('GET /ip_access/admin/v1/list', rows))),
    http.get(api('/ip_access/admin/v1/status'), () => HttpResponse.json(current)),
    http.put(api('/ip_access/admin/v1/status'), async ({ request }) => {
      const body = (await record(request)) as { enabled: boolean };
      if (options.put) return options.put(body);
      current = status({ ...current, pending_changes: current.pending_changes + 1 });
      return pendingAnswer();
    }),
    http.post(api('/ip_access/admin/v1/create'), async ({ request }) => {
      const body = (await record(request)) as { cidr: string; note?: string };
      if (options.create) return options.create(body);
      current = status({ ...current, pending_changes: current.pending_changes + 1 });
      return pendingAnswer();
    }),
    http.put(api('/ip_access/admin/v1/:id'), async ({ request, params }) => {
      const body = (await record(request)) as { note: string | null };
      const row = rows.find((r) => String(r.id) === params.id)!;
      return HttpResponse.json(apiBody('PUT /ip_access/admin/v1/:id', { ...row, ...body }));
    }),
    http.delete(api('/ip_access/admin/v1/:id'), async ({ request }) => {
      await record(request);
      current = status({ ...current, pending_changes: current.pending_changes + 1 });
      return pendingAnswer();
    }),
  );
  return { writes };
}

describe('IP allow-list page', () => {
  it('shows the entries and the switch panel with the caller address, in Chinese', async () => {
    serve();
    await renderResource(ipAccess.config, { locale: 'zh-CN' });
    const row = (await until(() => screen.getByText('10.0.0.0/8'))).closest('tr')!;
    expect(within(row).getByText('Office')).toBeInTheDocument();
    expect(within(row).getByText('Administrator')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '删除' })).toBeInTheDocument();
    expect(screen.getByText('2001:db8::/32')).toBeInTheDocument();
    const panel = within(await until(() => screen.getByTestId('ip-access-status')));
    expect(panel.getByTestId('ip-access-state')).toHaveTextContent('已关闭');
    expect(panel.getByTestId('ip-access-your-ip')).toHaveTextContent('203.0.113.7');
    expect(panel.getByText('不在白名单中')).toBeInTheDocument();
    expect(panel.getByText(/开启前请先添加覆盖您当前地址（203\.0\.113\.7）的条目/)).toBeInTheDocument();
    expect(panel.getByRole('switch', { name: '启用 IP 白名单' })).not.toBeChecked();
  });

  it('offers the first entry from the panel when the list is empty', async () => {
    server.use(
      http.get(api('/ip_access/admin/v1/list'), () => HttpResponse.json(apiList('GET /ip_access/admin/v1/list', []))),
      http.get(api('/ip_access/admin/v1/status'), () => HttpResponse.json(status({ entries: 0 }))),
    );
    const { user } = await renderResource(ipAccess.config, { locale: 'zh-CN' });
    const add = await until(() => screen.getByRole('link', { name: '添加条目' }));
    await user.click(add);
    await until(() => expect(screen.getByRole('textbox', { name: /IP 地址或网段/ })).toBeInTheDocument());
  });

  it('asks to turn the list on after asking; it awaits review and the switch stays off', async () => {
    const { writes } = serve();
    const { user } = await renderResource(ipAccess.config, { locale: 'zh-CN' });
    const panel = within(await until(() => screen.getByTestId('ip-access-status')));
    await user.click(panel.getByRole('switch', { name: '启用 IP 白名单' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/您当前的地址为 203\.0\.113\.7/)).toBeInTheDocument();
    expect(writes).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: /确认|确定/ }));
    await until(() => expect(toasts()).toContain(AWAITING));
    await until(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes).toEqual([{ method: 'PUT', path: '/api/ip_access/admin/v1/status', body: { enabled: true } }]);
    await until(() => expect(panel.getByTestId('ip-access-pending')).toHaveTextContent('白名单变更：1 项'));
    expect(panel.getByTestId('ip-access-state')).toHaveTextContent('已关闭');
    expect(panel.getByRole('switch', { name: '启用 IP 白名单' })).not.toBeChecked();
    expect(toasts()).not.toContain('操作成功');
  });

  it('shows the self-lockout refusal in the user language and stays off', async () => {
    serve({ put: () => HttpResponse.json(apiError('ip_self_lockout', 'would lock you out'), { status: 409 }) });
    const { user } = await renderResource(ipAccess.config, { locale: 'zh-CN' });
    const panel = within(await until(() => screen.getByTestId('ip-access-status')));
    await user.click(panel.getByRole('switch', { name: '启用 IP 白名单' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /确认|确定/ }));
    await until(() => expect(toasts().join()).toMatch(/会使您当前的 IP 地址无法访问系统/));
    expect(panel.getByTestId('ip-access-state')).toHaveTextContent('已关闭');
  });

  it('cancelling the question sends nothing', async () => {
    const { writes } = serve();
    const { user } = await renderResource(ipAccess.config);
    const panel = within(await until(() => screen.getByTestId('ip-access-status')));
    await user.click(panel.getByRole('switch', { name: 'IP allow-list on' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await until(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes).toHaveLength(0);
    expect(panel.getByTestId('ip-access-state')).toHaveTextContent('Off');
  });

  it('creates an entry: range rules checked before sending, the API field code shown under the input', async () => {
    const { writes } = serve({
      create: (body) =>
        (body as { cidr: string }).cidr === '10.0.0.0/8'
          ? HttpResponse.json(
              {
                ...apiError('validation', 'Cidr 10.0.0.0/8 is already listed', { cidr: 'already listed' }),
                field_codes: { cidr: { code: 'duplicate' } },
              },
              { status: 400 },
            )
          : pendingAnswer(),
    });
    const { user } = await renderResource(ipAccess.config, { locale: 'zh-CN', path: '/ip_access/create' });
    const cidr = await screen.findByRole('textbox', { name: /IP 地址或网段/ });
    const save = () => screen.getByRole('button', { name: '保存' });

    await user.type(cidr, '10.1.2.3/8');
    await user.click(save());
    expect(await screen.findByText(/网段的主机位须为 0/)).toBeInTheDocument();
    await user.clear(cidr);
    await user.type(cidr, 'not-an-ip');
    // Checked again as typed once the form was submitted (the save button waits for a valid range).
    expect(await screen.findByText(/请输入 IP 地址或网段/)).toBeInTheDocument();
    expect(writes).toHaveLength(0);

    await user.clear(cidr);
    await user.type(cidr, '10.0.0.0/8');
    await user.click(save());
    expect(await screen.findByText('该值已存在')).toBeInTheDocument();

    await user.clear(cidr);
    await user.type(cidr, '203.0.113.7');
    await user.type(screen.getByRole('textbox', { name: /备注/ }), 'Me');
    await user.click(save());
    await until(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toEqual({
      method: 'POST',
      path: '/api/ip_access/admin/v1/create',
      body: { cidr: '203.0.113.7', note: 'Me' },
    });
    await until(() => expect(toasts()).toContain(AWAITING));
    // back on the list
    await until(() => expect(screen.getByTestId('ip-access-status')).toBeInTheDocument());
  });

  it('edits a note and deletes an entry after confirming', async () => {
    const { writes } = serve();
    const { user } = await renderResource(ipAccess.config);
    const row = (await until(() => screen.getByText('10.0.0.0/8'))).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Edit note' }));
    let dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByRole('textbox', { name: /Note/ }), ' HQ ');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await until(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({ method: 'PUT', path: '/api/ip_access/admin/v1/2', body: { note: 'HQ' } });
    await until(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(screen.getByText('10.0.0.0/8').closest('tr')!).getByRole('button', { name: 'Delete' }));
    dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/Ask to delete 10\.0\.0\.0\/8 from the allow-list\?/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await until(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toEqual({ method: 'DELETE', path: '/api/ip_access/admin/v1/2', body: undefined });
    // asked, not done: the entry stays until a second administrator approves
    await until(() =>
      expect(toasts()).toContain(
        'Submitted: awaiting review by another administrator; nothing changes until it is approved',
      ),
    );
    expect(screen.getByText('10.0.0.0/8')).toBeInTheDocument();
  });
});
