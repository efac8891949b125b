// The data-exception page: the findings list in Chinese (check, severity, status labels), the run panel (run now,
// progress while running, the counts per check and a notice when done), the threshold dialog (same rule as the API),
// the drawer (ledger rule and what the check saw in the user's language, link to the record list), assign and
// resolve (note required) with the API's refusal shown translated; a role without the grant sees no actions. Every
// mocked answer is checked against the API's schemas (installMsw). Also: every rule of the ledger check has labels.
import { readFileSync } from 'node:fs';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import dataException from '../../resources/data_exception';
import { recordLink } from '../../resources/data_exception/DataExceptionDrawer';
import { LEDGER_RULE_LABELS, type DataExceptionDetail } from '../../domain/data-exception';
import { renderResource, toasts, until } from './engine.helpers';
import { api, apiBody, apiError, apiList, installMsw, server } from './msw';

installMsw();

const finding = (id: number, extra: Record<string, unknown> = {}) =>
  apiBody('GET /data_exception/admin/v1/detail/:id', {
    id,
    check: 'client_without_agent',
    rule: null,
    severity: 'warning',
    subject_type: 'client',
    subject_id: '42',
    client_id: 42,
    client_username: 'alice',
    status: 'open',
    assignee_id: null,
    assignee_name: null,
    first_seen: '2026-11-20T08:00:00Z',
    last_seen: '2026-11-23T08:00:00Z',
    absent_since: null,
    resolution_note: null,
    resolved_by: null,
    resolved_by_name: null,
    resolved_at: null,
    detail: { username: 'alice', reason: 'no_agent' },
    ...extra,
  });
const row = (id: number, extra: Record<string, unknown> = {}) => {
  const { detail: _detail, ...rest } = finding(id, extra);
  return rest;
};

const results = (found: number) =>
  ['ledger_invariant', 'negative_balance', 'pending_too_long', 'duplicate_tx_hash', 'client_without_agent'].map(
    (check, i) => ({ check, status: 'done', found: i === 4 ? found : 0, new: i === 4 ? found : 0 }),
  );
const runOf = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  trigger: 'manual',
  status: 'done',
  started_at: '2026-11-23T08:00:00Z',
  finished_at: '2026-11-23T08:00:05Z',
  started_by_name: 'Administrator',
  checks_done: 5,
  checks_total: 5,
  results: results(1),
  ...extra,
});
const status = (runs: unknown[], extra: Record<string, unknown> = {}) =>
  apiBody('GET /data_exception/admin/v1/status', { pending_hours: 24, schedule_minutes: 60, runs, ...extra });

type Write = { method: string; path: string; body: unknown };

/** Serves the page's calls; `statuses` are answered in turn (the last one repeats). */
function serve(
  options: {
    statuses?: unknown[];
    resolve?: (body: { note: string }) => Response;
    rows?: Record<string, unknown>[];
  } = {},
) {
  const writes: Write[] = [];
  const statuses = options.statuses ?? [status([runOf(1)])];
  let n = 0;
  let current = finding(7);
  const rows = options.rows ?? [
    row(7),
    row(8, {
      check: 'negative_balance',
      severity: 'critical',
      subject_type: 'account',
      subject_id: '9',
      client_username: 'bob',
    }),
  ];
  const record = async (request: Request) => {
    const body = request.method === 'POST' ? undefined : await request.clone().json();
    writes.push({ method: request.method, path: new URL(request.url).pathname, body });
    return body;
  };
  server.use(
    http.get(api('/data_exception/admin/v1/list'), () =>
      HttpResponse.json(apiList('GET /data_exception/admin/v1/list', rows)),
    ),
    http.get(api('/data_exception/admin/v1/status'), () =>
      HttpResponse.json(statuses[Math.min(n++, statuses.length - 1)] as Record<string, unknown>),
    ),
    http.get(api('/data_exception/admin/v1/detail/:id'), () => HttpResponse.json(current)),
    http.get(api('/data_exception/admin/v1/assignees'), () =>
      HttpResponse.json(
        apiBody('GET /data_exception/admin/v1/assignees', {
          data: [{ id: 1, name: 'Administrator', username: 'admin' }],
        }),
      ),
    ),
    http.post(api('/data_exception/admin/v1/run'), async ({ request }) => {
      await record(request);
      return HttpResponse.json(
        apiBody(
          'POST /data_exception/admin/v1/run',
          runOf(2, { status: 'running', checks_done: 0, finished_at: null }),
        ),
      );
    }),
    http.put(api('/data_exception/admin/v1/config'), async ({ request }) => {
      const body = (await record(request)) as { pending_hours: number };
      return HttpResponse.json(apiBody('PUT /data_exception/admin/v1/config', status([runOf(1)], body)));
    }),
    http.put(api('/data_exception/admin/v1/assign/:id'), async ({ request }) => {
      const body = (await record(request)) as { assignee_id: number };
      current = finding(7, { status: 'assigned', assignee_id: body.assignee_id, assignee_name: 'Administrator' });
      return HttpResponse.json(apiBody('PUT /data_exception/admin/v1/assign/:id', current));
    }),
    http.put(api('/data_exception/admin/v1/resolve/:id'), async ({ request }) => {
      const body = (await record(request)) as { note: string };
      if (options.resolve) return options.resolve(body);
      current = finding(7, { status: 'resolved', resolution_note: body.note, resolved_by_name: 'Administrator' });
      return HttpResponse.json(apiBody('PUT /data_exception/admin/v1/resolve/:id', current));
    }),
  );
  return { writes };
}

describe('data exception page', () => {
  it('lists the findings with labels in Chinese and the last run with its counts', async () => {
    serve();
    await renderResource(dataException.config, { locale: 'zh-CN' });
    const first = (await until(() => screen.getByText('alice'))).closest('tr')!;
    expect(within(first).getByText('客户无业务员')).toBeInTheDocument();
    expect(within(first).getByText('警告')).toBeInTheDocument();
    expect(within(first).getByText('待处理')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: '指派' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: '解决' })).toBeInTheDocument();
    expect(screen.getByText('账户负余额')).toBeInTheDocument();
    expect(screen.getByText('严重')).toBeInTheDocument();
    const panel = within(screen.getByTestId('data-exception-panel'));
    expect(panel.getByTestId('data-exception-run-status')).toHaveTextContent('已完成');
    expect(panel.getByText('客户无业务员：发现 1，新增 1')).toBeInTheDocument();
    expect(panel.getByText('账务不变量：发现 0，新增 0')).toBeInTheDocument();
    expect(panel.getByText('待处理超时阈值：24 小时')).toBeInTheDocument();
    expect(panel.getByText('每 60 分钟自动检查一次')).toBeInTheDocument();
    expect(panel.getByText(/Administrator 手动/)).toBeInTheDocument();
  });

  it('runs the checks now: progress while running, then the counts and a notice, and the list read again', async () => {
    const running = (done: number) => runOf(2, { status: 'running', checks_done: done, finished_at: null });
    const { writes } = serve({
      statuses: [
        status([runOf(1)]),
        status([running(0)]),
        status([running(2)]),
        status([runOf(2, { results: results(3) })]),
      ],
    });
    const { user } = await renderResource(dataException.config, { locale: 'zh-CN' });
    const panel = within(await until(() => screen.getByTestId('data-exception-panel')));
    await user.click(panel.getByRole('button', { name: '立即检查' }));
    await until(() =>
      expect(writes).toEqual([{ method: 'POST', path: '/api/data_exception/admin/v1/run', body: undefined }]),
    );
    await until(() => expect(panel.getByTestId('data-exception-progress')).toHaveTextContent(/已完成 [02]\/5 项/));
    await until(() => expect(panel.getByText('客户无业务员：发现 3，新增 3')).toBeInTheDocument());
    await until(() => expect(toasts()).toContain('检查完成：发现 3 项问题，其中新增 3 项'));
    expect(panel.queryByTestId('data-exception-progress')).not.toBeInTheDocument();
  });

  it('changes the threshold with the API rule checked first', async () => {
    const { writes } = serve();
    const { user } = await renderResource(dataException.config, { locale: 'zh-CN' });
    const panel = within(await until(() => screen.getByTestId('data-exception-panel')));
    await user.click(panel.getByRole('button', { name: '修改阈值' }));
    const dialog = within(await screen.findByRole('dialog'));
    const input = dialog.getByTestId('threshold-input');
    await user.clear(input);
    await user.type(input, '721');
    await user.click(dialog.getByTestId('threshold-save'));
    expect(await dialog.findByText('请输入 1 到 720 之间的整数')).toBeInTheDocument();
    expect(writes).toHaveLength(0);
    await user.clear(input);
    await user.type(input, '48');
    await user.click(dialog.getByTestId('threshold-save'));
    await until(() =>
      expect(writes).toEqual([
        { method: 'PUT', path: '/api/data_exception/admin/v1/config', body: { pending_hours: 48 } },
      ]),
    );
    await until(() => expect(panel.getByText('待处理超时阈值：48 小时')).toBeInTheDocument());
  });

  it('opens a finding: the ledger rule and what the check saw in Chinese, assign, resolve with a note', async () => {
    const { writes } = serve();
    const { user } = await renderResource(dataException.config, { locale: 'zh-CN' });
    await user.click(await until(() => screen.getByText('alice')));
    const drawer = within(await until(() => screen.getByTestId('finding-drawer')));
    await until(() => expect(drawer.getByTestId('finding-detail')).toHaveTextContent('未分配业务员'));
    expect(drawer.getByText('数据异常 #7')).toBeInTheDocument();
    expect(drawer.getByRole('button', { name: '查看客户' })).toBeInTheDocument();

    await user.click(drawer.getByRole('button', { name: '指派' }));
    // the action's dialog (the drawer is a dialog too), found by its text
    const dialogWith = async (text: RegExp) =>
      within((await until(() => screen.getByText(text))).closest('[role=dialog]') as HTMLElement);
    let dialog = await dialogWith(/将异常 #7 指派给/);
    await user.click(await dialog.findByRole('combobox', { name: /处理人/ }));
    await user.click(await screen.findByRole('option', { name: 'Administrator (admin)' }));
    await user.click(dialog.getByRole('button', { name: /确认|确定/ }));
    await until(() =>
      expect(writes[0]).toEqual({
        method: 'PUT',
        path: '/api/data_exception/admin/v1/assign/7',
        body: { assignee_id: 1 },
      }),
    );
    await until(() => expect(drawer.getByTestId('show-status')).toHaveTextContent('已指派'));

    await user.click(drawer.getByRole('button', { name: '解决' }));
    dialog = await dialogWith(/解决异常 #7/);
    await user.click(dialog.getByRole('button', { name: /确认|确定/ }));
    expect(writes).toHaveLength(1); // the note is required
    await user.type(dialog.getByRole('textbox', { name: /处理说明/ }), '  已分配给业务员 Sales  ');
    await user.click(dialog.getByRole('button', { name: /确认|确定/ }));
    await until(() =>
      expect(writes[1]).toEqual({
        method: 'PUT',
        path: '/api/data_exception/admin/v1/resolve/7',
        body: { note: '已分配给业务员 Sales' },
      }),
    );
    await until(() => expect(drawer.getByTestId('show-status')).toHaveTextContent('已解决'));
    expect(drawer.getByTestId('show-resolution_note')).toHaveTextContent('已分配给业务员 Sales');
    expect(drawer.queryByRole('button', { name: '解决' })).not.toBeInTheDocument();
  });

  it('shows the API refusal of a resolve in the user language', async () => {
    serve({ resolve: () => HttpResponse.json(apiError('invalid_state', 'already resolved'), { status: 409 }) });
    const { user } = await renderResource(dataException.config, { locale: 'zh-CN' });
    const first = (await until(() => screen.getByText('alice'))).closest('tr')!;
    await user.click(within(first).getByRole('button', { name: '解决' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByRole('textbox', { name: /处理说明/ }), 'done');
    await user.click(dialog.getByRole('button', { name: /确认|确定/ }));
    expect(await dialog.findByText(/该记录已处理/)).toBeInTheDocument();
  });

  it('shows a ledger finding with its rule and report row labelled', async () => {
    const ledger = finding(9, {
      check: 'ledger_invariant',
      rule: 'account aggregates equal the sum of their entries',
      severity: 'critical',
      subject_type: 'account',
      subject_id: '9',
      detail: { account_id: 9, deposit: '10.01', entries_deposit: '10.00' },
    });
    serve({
      rows: [row(9, { check: 'ledger_invariant', severity: 'critical', subject_type: 'account', subject_id: '9' })],
    });
    server.use(http.get(api('/data_exception/admin/v1/detail/:id'), () => HttpResponse.json(ledger)));
    const { user } = await renderResource(dataException.config, { locale: 'zh-CN' });
    await user.click(await until(() => screen.getByText('账务不变量')));
    const drawer = within(await until(() => screen.getByTestId('finding-drawer')));
    expect(await drawer.findByTestId('finding-rule')).toHaveTextContent('账户汇总列须等于其分录之和');
    const detail = drawer.getByTestId('finding-detail');
    expect(detail).toHaveTextContent('分录合计（充值）');
    expect(detail).toHaveTextContent('10.01');
    expect(detail).not.toHaveTextContent('entries_deposit');
  });

  it('shows no run button nor row actions to a role without them', async () => {
    serve();
    await renderResource(dataException.config, {
      locale: 'zh-CN',
      grants: [{ resource: 'dataException', actions: ['read'] }],
    });
    const first = (await until(() => screen.getByText('alice'))).closest('tr')!;
    expect(within(first).queryByRole('button', { name: '解决' })).not.toBeInTheDocument();
    const panel = within(screen.getByTestId('data-exception-panel'));
    expect(panel.queryByRole('button', { name: '立即检查' })).not.toBeInTheDocument();
    expect(panel.queryByRole('button', { name: '修改阈值' })).not.toBeInTheDocument();
  });
});

describe('data exception links and labels', () => {
  it('links a subject to the list that shows it', () => {
    const f = (extra: Partial<DataExceptionDetail>) => ({ ...finding(1), ...extra }) as DataExceptionDetail;
    const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
    expect(recordLink(f({ subject_type: 'deposit', client_id: 5 }))).toBe(`/deposit?filter=${q({ client_id: 5 })}`);
    expect(recordLink(f({ subject_type: 'overdrawn', client_id: 5, detail: { sub_type: 'bonus' } }))).toBe(
      `/compensation?filter=${q({ client_id: 5 })}`,
    );
    expect(recordLink(f({ subject_type: 'tx_hash', subject_id: '0xab' }))).toBe(
      `/crypto_deposit?filter=${q({ tx_hash: '0xab' })}`,
    );
    expect(recordLink(f({ subject_type: 'txn', client_id: null }))).toBeUndefined();
  });

  it('labels every rule of the ledger check in both languages', () => {
    const source = readFileSync('server/ledger/check.ts', 'utf8');
    const rules = [...source.matchAll(/rule: (['"])(.+?)\1,/g)].map((m) => m[2]);
    expect(rules.length).toBeGreaterThan(10);
    for (const rule of rules) {
      expect(LEDGER_RULE_LABELS[rule]?.['zh-CN'], rule).toBeTruthy();
      expect(LEDGER_RULE_LABELS[rule]?.['en-US'], rule).toBeTruthy();
    }
  });
});
