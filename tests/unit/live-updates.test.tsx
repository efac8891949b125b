// The console's live updates (src/live) against a mocked event stream: GET /api/events answered by msw with frames
// written by the API's own framing (domain/live-events.ts sseFrame) and events of exactly the fields the API sends
// (LIVE_EVENT_FIELDS, which the server suite checks on real events). The approvals badge and the funds menu's pending
// count follow the events without any polling, a list shows the refresh bar instead of moving its rows, and a stream
// that drops reconnects from its last id.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_EVENT_FIELDS, sseFrame, type LiveEvent } from '../../domain/live-events';
import ApprovalBadge from '../../resources/approval/ApprovalBadge';
import deposit from '../../resources/deposit';
import { ResourceViews } from '../../resources/engine/ResourceViews';
import { LiveUpdates } from '../../src/live/LiveUpdates';
import { pendingBadge } from '../../src/live/PendingBadge';
import { liveBus } from '../../src/live/liveStore';
import { record, renderWithEngine, serveList, until } from './engine.helpers';
import { api, apiBody, apiList, installMsw, server } from './msw';

installMsw();
afterEach(() => liveBus.setUp(false));

const encoder = new TextEncoder();

/** A mocked stream: each connection's request, and `send` to write frames to the newest one (`drop` ends it). */
function serveStream() {
  const connections: { lastId: string | null; auth: string | null; controller: ReadableStreamDefaultController }[] = [];
  server.use(
    http.get(api('/events'), ({ request }) => {
      let controller!: ReadableStreamDefaultController;
      const body = new ReadableStream({ start: (c) => void (controller = c) });
      connections.push({
        lastId: request.headers.get('last-event-id'),
        auth: request.headers.get('authorization'),
        controller,
      });
      return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  const current = () => connections.at(-1)!.controller;
  return {
    connections,
    send: (event: string, data: unknown, id?: string) => current().enqueue(encoder.encode(sseFrame(event, data, id))),
    drop: () => current().close(),
  };
}

let nextId = 100;
/** A live event with every field the API sends. */
function liveEvent(partial: Partial<LiveEvent>): LiveEvent {
  const e: LiveEvent = {
    id: String(nextId++),
    kind: 'deposit',
    action: 'created',
    record_id: 1,
    client_id: 7,
    resources: ['deposit'],
    status: 'pending',
    by: null,
    request: true,
    ...partial,
  };
  expect(Object.keys(e).sort()).toEqual([...LIVE_EVENT_FIELDS].sort());
  return e;
}

const DepositBadge = pendingBadge('deposit');

describe('live updates', () => {
  it('the approvals badge and the pending count follow the events, without polling', async () => {
    let approvals = 1;
    let pending = 0;
    const counts: string[] = [];
    server.use(
      http.get(api('/approval/admin/v1/count'), () => {
        counts.push('approvals');
        return HttpResponse.json(
          apiBody('GET /approval/admin/v1/count', {
            total: approvals,
            by_kind: { deposit: approvals },
            etag: `"${approvals}"`,
          }),
        );
      }),
      http.get(api('/deposit/admin/v1/list'), ({ request }) => {
        expect(new URL(request.url).searchParams.get('status')).toBe('pending');
        counts.push('pending');
        return HttpResponse.json(apiList('GET /deposit/admin/v1/list', [], { total: pending }));
      }),
    );
    const stream = serveStream();
    await renderWithEngine(
      <>
        <LiveUpdates />
        <ApprovalBadge />
        <DepositBadge />
      </>,
      { locale: 'zh-CN' },
    );
    await until(() => expect(screen.getByTestId('approval-badge')).toHaveTextContent('1'));
    expect(screen.queryByTestId('pending-badge-deposit')).toBeNull();
    await until(() => expect(stream.connections).toHaveLength(1));
    expect(stream.connections[0]).toMatchObject({ lastId: null, auth: 'Bearer test-access' });
    stream.send('hello', { resumed: false }, '99');
    await until(() => expect(liveBus.isUp()).toBe(true));

    // A client's deposit request, which opened an approval.
    approvals = 2;
    pending = 1;
    const before = counts.length;
    stream.send('live', liveEvent({ record_id: 41 }), '101');
    stream.send('live', liveEvent({ kind: 'approval', record_id: 9, resources: ['approval'], request: false }), '102');
    await until(() => expect(screen.getByTestId('approval-badge')).toHaveTextContent('2'));
    const badge = await until(() => screen.getByTestId('pending-badge-deposit'));
    expect(badge).toHaveTextContent('1');
    expect(badge).toHaveAttribute('aria-label', '1 条待处理');
    expect(counts.slice(before).sort()).toEqual(['approvals', 'pending']);

    // The stream drops (an API restart): the console reconnects from the last id it received.
    stream.drop();
    await until(() => expect(stream.connections).toHaveLength(2));
    expect(stream.connections[1].lastId).toBe('102');
  });

  it('a list whose records changed offers a refresh instead of moving its rows', async () => {
    const queries = serveList('/deposit/admin/v1/list', [record(1, { username: 'first' })]);
    const stream = serveStream();
    const { user } = await renderWithEngine(
      <>
        <LiveUpdates />
        <ResourceViews config={deposit.config} />
      </>,
      { locale: 'zh-CN', path: '/deposit', mount: '/deposit/*' },
    );
    await until(() => screen.getByText('first'));
    await until(() => expect(stream.connections).toHaveLength(1));
    stream.send('hello', { resumed: false }, '1');
    const reads = queries.length;
    // two events of one record and one of another; a withdrawal's does not concern this list
    stream.send('live', liveEvent({ record_id: 2 }), '2');
    stream.send('live', liveEvent({ record_id: 2, action: 'decided', status: 'approved', request: false }), '3');
    stream.send('live', liveEvent({ record_id: 3 }), '4');
    stream.send('live', liveEvent({ kind: 'withdrawal', record_id: 5, resources: ['withdrawal'] }), '5');
    const bar = await until(() => screen.getByTestId('live-list-bar'));
    await until(() => expect(bar).toHaveTextContent('2 条新增或变更记录，点击刷新'));
    expect(queries.length).toBe(reads);

    serveList('/deposit/admin/v1/list', [record(3, { username: 'third' }), record(1, { username: 'first' })]);
    await user.click(screen.getByRole('button', { name: '刷新' }));
    await until(() => screen.getByText('third'));
    expect(screen.queryByTestId('live-list-bar')).toBeNull();
  });

  it('a decision dialog says who decided the record meanwhile and offers no second decision', async () => {
    serveList('/deposit/admin/v1/list', [record(1, { username: 'first' })]);
    const stream = serveStream();
    const { user } = await renderWithEngine(
      <>
        <LiveUpdates />
        <ResourceViews config={deposit.config} />
      </>,
      { locale: 'zh-CN', path: '/deposit', mount: '/deposit/*' },
    );
    const row = (await until(() => screen.getByText('first'))).closest('tr')!;
    await until(() => expect(stream.connections).toHaveLength(1));
    stream.send('hello', { resumed: false }, '1');
    await user.click(within(row).getByRole('button', { name: '通过' }));
    const dialog = await until(() => screen.getByRole('dialog'));
    const confirm = within(dialog).getByTestId('action-confirm');
    expect(confirm).toBeEnabled();
    // the signed-in staff member's own decision (another tab of his) is not "someone else"
    stream.send('live', liveEvent({ action: 'decided', status: 'approved', by: { id: 1, name: 'Me' } }), '2');
    stream.send('live', liveEvent({ record_id: 2, action: 'decided', by: { id: 9, name: 'Other' } }), '3');
    stream.send(
      'live',
      liveEvent({ action: 'decided', status: 'approved', request: false, by: { id: 9, name: 'Supervisor Wang' } }),
      '4',
    );
    await until(() =>
      expect(within(dialog).getByTestId('decided-elsewhere')).toHaveTextContent(
        '该记录已由 Supervisor Wang 处理，无需再次操作',
      ),
    );
    expect(confirm).toBeDisabled();
  });
});
