// The approvals queue (maker-checker): the rows that wait for me in Chinese, approve with a remark (PUT decide with an
// Idempotency-Key), the API's maker_cannot_check refusal shown in the user's language; the menu badge's count polled
// with If-None-Match (a 304 keeps the last count); a deposit row awaiting its second checker says so and a record
// frozen by a pending rollback offers no rollback. Every mocked answer is checked against the API's schemas.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import approval from '../../resources/approval';
import ApprovalBadge from '../../resources/approval/ApprovalBadge';
import { APPROVAL_COUNT_POLL_MS } from '../../resources/approval/useApprovalCount';
import deposit from '../../resources/deposit';
import { record, renderResource, renderWithEngine, serveList, until } from './engine.helpers';
import { api, apiBody, apiError, apiList, installMsw, server } from './msw';

installMsw();

const row = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  kind: 'deposit',
  target_type: 'deposit_record',
  target_id: 70 + id,
  target_kind: null,
  client_id: 100 + id,
  username: `client${id}`,
  currency: 'USD',
  amount: '15000.00',
  maker_id: 2,
  maker_name: 'Supervisor Wang',
  required_checkers: 2,
  approvals: 1,
  status: 'pending',
  remark: null,
  created_at: '2026-11-20T08:00:00Z',
  resolved_at: null,
  ...extra,
});

type Write = { path: string; body: unknown; key: string | null };

function serve(decide?: () => Response) {
  const writes: Write[] = [];
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(api('/approval/admin/v1/list'), ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(apiList('GET /approval/admin/v1/list', [row(1), row(2, { kind: 'compensation' })]));
    }),
    http.put(api('/approval/admin/v1/decide/:id'), async ({ request, params }) => {
      writes.push({
        path: new URL(request.url).pathname,
        body: await request.clone().json(),
        key: request.headers.get('idempotency-key'),
      });
      if (decide) return decide();
      return HttpResponse.json(
        apiBody('PUT /approval/admin/v1/decide/:id', {
          ...row(Number(params.id), { approvals: 2, status: 'approved', resolved_at: '2026-11-20T09:00:00Z' }),
          decisions: [],
          can_decide: false,
          record: null,
        }),
      );
    }),
  );
  return { writes, queries };
}

describe('approvals queue', () => {
  it('lists what waits for me, in Chinese, with kind, maker and checkers so far', async () => {
    const { queries } = serve();
    await renderResource(approval.config, { locale: 'zh-CN' });
    const first = (await until(() => screen.getByText('client1'))).closest('tr')!;
    expect(within(first).getByText('入金')).toBeInTheDocument();
    expect(within(first).getByText('Supervisor Wang')).toBeInTheDocument();
    expect(within(first).getByText('待复核')).toBeInTheDocument();
    expect(within(screen.getByText('client2').closest('tr')!).getByText('赠分')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: '通过' })).toBeInTheDocument();
    expect(queries[0].get('view') ?? 'queue').toBe('queue');
  });

  it('approves with a remark and an Idempotency-Key', async () => {
    const { writes } = serve();
    const { user } = await renderResource(approval.config, { locale: 'zh-CN' });
    const first = (await until(() => screen.getByText('client1'))).closest('tr')!;
    await user.click(within(first).getByRole('button', { name: '通过' }));
    const dialog = within(await until(() => screen.getByRole('dialog')));
    expect(dialog.getByText(/最后一位复核人通过后资金才会变动/)).toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: /复核备注/ }), 'proof checked');
    await user.click(dialog.getByRole('button', { name: /确认|确定/ }));
    await until(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      path: '/api/approval/admin/v1/decide/1',
      body: { decision: 'approved', remark: 'proof checked' },
    });
    expect(writes[0].key).toMatch(/.{8,}/);
  });

  it("shows the maker's refusal in the user's language", async () => {
    serve(() => HttpResponse.json(apiError('maker_cannot_check', 'The maker cannot check'), { status: 409 }));
    const { user } = await renderResource(approval.config, { locale: 'zh-CN' });
    const first = (await until(() => screen.getByText('client1'))).closest('tr')!;
    await user.click(within(first).getByRole('button', { name: '通过' }));
    const dialog = within(await until(() => screen.getByRole('dialog')));
    await user.click(dialog.getByRole('button', { name: /确认|确定/ }));
    await until(() => expect(dialog.getByRole('alert')).toHaveTextContent(/发起人不能复核自己发起的记录/));
  });
});

describe('an emergency plan in the queue', () => {
  it('reads the plan and who asked, with no amount, no placeholder and no claim that money moves', async () => {
    server.use(
      http.get(api('/approval/admin/v1/list'), () =>
        HttpResponse.json(
          apiList('GET /approval/admin/v1/list', [
            row(3, {
              kind: 'emergency',
              target_type: 'emergency_plan',
              target_id: 4,
              client_id: null,
              username: null,
              currency: '*',
              amount: '0.00',
              required_checkers: 1,
              approvals: 0,
            }),
          ]),
        ),
      ),
    );
    const { user } = await renderResource(approval.config, { locale: 'zh-CN' });
    const plan = (await until(() => screen.getByText('应急预案'))).closest('tr')!;
    expect(within(plan).queryByText(/0\.00/)).toBeNull();
    await user.click(within(plan).getByRole('button', { name: '通过' }));
    const text = (await until(() => screen.getByRole('dialog'))).textContent ?? '';
    expect(text).toContain('复核通过 Supervisor Wang 对应急预案 #4 的申请');
    expect(text).not.toMatch(/%\{|0\.00|资金/);
  });
});

describe('menu badge', () => {
  it('shows the count, sends the last ETag back, and keeps the count on 304', async () => {
    const seen: (string | null)[] = [];
    let calls = 0;
    server.use(
      http.get(api('/approval/admin/v1/count'), ({ request }) => {
        seen.push(request.headers.get('if-none-match'));
        calls++;
        if (calls > 1) return new HttpResponse(null, { status: 304 });
        return HttpResponse.json(
          apiBody('GET /approval/admin/v1/count', { total: 3, by_kind: { deposit: 2, bonus: 1 }, etag: '"abc"' }),
        );
      }),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await renderWithEngine(<ApprovalBadge />, { locale: 'zh-CN' });
      const badge = await until(() => screen.getByTestId('approval-badge'));
      expect(badge).toHaveTextContent('3');
      expect(badge).toHaveAttribute('aria-label', '3 条待复核');
      await vi.advanceTimersByTimeAsync(APPROVAL_COUNT_POLL_MS + 1_000);
      await until(() => expect(seen).toEqual([null, '"abc"']));
      expect(screen.getByTestId('approval-badge')).toHaveTextContent('3');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('records awaiting approval', () => {
  it('a deposit awaiting its second checker says so; a record frozen by a rollback offers no rollback', async () => {
    serveList('/deposit/admin/v1/list', [
      record(7, { username: 'client0007', approval: { id: 5, kind: 'deposit', required_checkers: 2, approvals: 1 } }),
      record(8, {
        username: 'client0008',
        status: 'approved',
        approval: { id: 6, kind: 'rollback', required_checkers: 1, approvals: 0 },
      }),
      record(9, { username: 'client0009', status: 'approved', approval: null }),
    ]);
    await renderResource(deposit.config, { locale: 'zh-CN' });
    const awaiting = (await until(() => screen.getByText('client0007'))).closest('tr')!;
    expect(within(awaiting).getByText('待复核 1/2')).toBeInTheDocument();
    const frozen = screen.getByText('client0008').closest('tr')!;
    expect(within(frozen).getByText('回滚待复核')).toBeInTheDocument();
    expect(within(frozen).queryByRole('button', { name: '回滚' })).not.toBeInTheDocument();
    const free = screen.getByText('client0009').closest('tr')!;
    expect(within(free).getByRole('button', { name: '回滚' })).toBeInTheDocument();
  });
});
