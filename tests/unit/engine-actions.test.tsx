// Row, bulk and toolbar actions of the engine: permission, confirmation, Idempotency-Key, inputs, results, refresh.
import { screen, within } from '@testing-library/react';
import md5 from 'md5';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import client from '../../resources/client';
import deposit from '../../resources/deposit';
import loan from '../../resources/loan';
import type { ResourceConfig } from '../../resources/engine/types';
import { record, renderResource, serveList, toasts, until } from './engine.helpers';
import { api, apiBody, apiList, server, installMsw } from './msw';

installMsw({ offApi: ['/things/'] });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Records every call to `method path` and answers with `answers` in turn (the last one repeats). */
function serveAction(method: 'put' | 'post' | 'get', path: string, ...answers: (() => Response)[]) {
  const calls: { key: string | null; body: unknown; url: string }[] = [];
  server.use(
    http[method](api(path), async ({ request }) => {
      const text = method === 'get' ? '' : await request.text();
      calls.push({
        key: request.headers.get('Idempotency-Key'),
        body: text ? JSON.parse(text) : undefined,
        url: request.url,
      });
      const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
      return answer
        ? answer()
        : HttpResponse.json(path.startsWith('/things/') ? {} : apiBody(`${method.toUpperCase()} ${path}`));
    }),
  );
  return calls;
}

const firstRow = () => within(screen.getAllByRole('row')[1]);

describe('row actions', () => {
  it('are hidden without the permission (a salesman reads deposits only)', async () => {
    serveList('/deposit/admin/v1/list', [record(1)]);
    await renderResource(deposit.config, { role: 'hero' });
    await screen.findByText('user1');
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('are allowed through the menu parent (a supervisor has funds/*)', async () => {
    serveList('/deposit/admin/v1/list', [record(1)]);
    await renderResource(deposit.config, { role: 'angel' });
    await screen.findByText('user1');
    expect(firstRow().getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  it('are disabled instead of hidden when declared so', async () => {
    serveList('/deposit/admin/v1/list', [record(1)]);
    const disabling: ResourceConfig = {
      ...deposit.config,
      rowActions: deposit.config.rowActions!.map((a) => ({ ...a, denied: 'disable' as const })),
    };
    await renderResource(disabling, { role: 'hero' });
    await screen.findByText('user1');
    expect(firstRow().getByRole('button', { name: 'Approve' })).toBeDisabled();
  });

  it('apply to the rows their condition allows (audit pending, roll back approved)', async () => {
    serveList('/deposit/admin/v1/list', [
      record(1),
      record(2, { status: 'approved' }),
      record(3, { status: 'rejected' }),
    ]);
    await renderResource(deposit.config);
    await screen.findByText('user1');
    const [, pending, approved, rejected] = screen.getAllByRole('row').map((r) => within(r));
    expect(pending.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(pending.queryByRole('button', { name: 'Roll back' })).not.toBeInTheDocument();
    expect(approved.getByRole('button', { name: 'Roll back' })).toBeInTheDocument();
    expect(approved.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(rejected.queryByTestId('row-actions')).not.toBeInTheDocument();
  });

  it('confirm, then call the exact path with an Idempotency-Key, notify and reload the list', async () => {
    const lists = serveList('/deposit/admin/v1/list', [
      record(1, { rate: '1', credit_amount: '100.00', credit_currency: 'USD' }),
    ]);
    // the last checker's approval: the record is approved (one of two would answer pending and say it waits)
    const calls = serveAction('put', '/deposit/admin/v1/audit/:id', () =>
      HttpResponse.json(apiBody('PUT /deposit/admin/v1/audit/:id', { id: 1, status: 'approved' })),
    );
    const { user } = await renderResource(deposit.config);
    await screen.findByText('user1');
    await user.click(firstRow().getByRole('button', { name: 'Approve' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      dialog.getByText(
        'Approve deposit #1: credit 100.00 USD to account #501 of user1 (requested 100.00 USD, rate 1)?',
      ),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    const listsBefore = lists.length;
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await until(() => expect(calls).toHaveLength(1));
    expect(calls[0].url).toMatch(/\/api\/deposit\/admin\/v1\/audit\/1$/);
    expect(calls[0].body).toEqual({ status: 'approved' });
    expect(calls[0].key).toMatch(UUID);
    await until(() => expect(toasts()).toContain('Done'));
    await until(() => expect(lists.length).toBeGreaterThan(listsBefore));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('retry with the same key after a failure, and a new opening makes a new key', async () => {
    serveList('/deposit/admin/v1/list', [record(1, { status: 'approved' })]);
    const calls = serveAction(
      'put',
      '/deposit/admin/v1/rollback/:id',
      () => HttpResponse.json({ message: 'Ledger busy', code: 'busy' }, { status: 503 }),
      () => HttpResponse.json(apiBody('PUT /deposit/admin/v1/rollback/:id', { id: 1, status: 'rolled_back' })),
    );
    const { user } = await renderResource(deposit.config);
    await screen.findByText('user1');
    await user.click(firstRow().getByRole('button', { name: 'Roll back' }));
    let dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByText('Ledger busy')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await until(() => expect(calls).toHaveLength(2));
    expect(calls[1].key).toBe(calls[0].key);
    await until(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(firstRow().getByRole('button', { name: 'Roll back' }));
    dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await until(() => expect(calls).toHaveLength(3));
    expect(calls[2].key).toMatch(UUID);
    expect(calls[2].key).not.toBe(calls[0].key);
  });

  it('validate an amount input before calling (loan repayment)', async () => {
    serveList('/overdrawn/admin/v1/record/list', [record(7, { status: 'approved', sub_type: 'loan' })]);
    const calls = serveAction('post', '/overdrawn/admin/v1/loan/pay_fine/:id');
    const { user } = await renderResource(loan.config);
    await screen.findByText('user7');
    await user.click(firstRow().getByRole('button', { name: 'Repay' }));
    const dialog = within(await screen.findByRole('dialog'));
    const amount = dialog.getByRole('textbox', { name: 'Amount repaid' });
    await user.type(amount, '0');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    for (const bad of ['0', '1.234', 'abc', '-5']) {
      await user.clear(amount);
      await user.type(amount, bad);
      expect(dialog.getByText('Enter an amount greater than 0 with at most 2 decimals')).toBeInTheDocument();
      expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    }
    expect(calls).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '10.50');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await until(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({ amount: '10.50' });
    expect(calls[0].key).toMatch(UUID);
    expect(calls[0].url).toMatch(/\/loan\/pay_fine\/7$/);
  });

  it('show what the API answered (a temporary code) and send passwords as MD5', async () => {
    server.use(
      http.get(api('/client/admin/v1/list'), () =>
        HttpResponse.json(
          apiList('GET /client/admin/v1/list', [
            { id: 3, username: 'carol', fake: false, active: true, create_datetime: '2026-01-01T00:00:00Z' },
          ]),
        ),
      ),
    );
    serveAction('get', '/client/admin/v1/code/:id', () =>
      HttpResponse.json(apiBody('GET /client/admin/v1/code/:id', { code: '482913', expires_in: 600 })),
    );
    const resets = serveAction('put', '/client/admin/v1/resetpwd/:id');
    const { user } = await renderResource(client.config);
    await screen.findByText('carol');
    // More than two row actions: the first is a button, the others sit in the row's "more" menu.
    expect(firstRow().getByRole('button', { name: 'Disable' })).toBeInTheDocument();
    expect(firstRow().queryByRole('button', { name: 'Change agent' })).not.toBeInTheDocument();
    expect(firstRow().queryByRole('button', { name: 'Temporary code' })).not.toBeInTheDocument();
    await user.click(firstRow().getByRole('button', { name: 'More actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Temporary code' }));
    expect(await screen.findByTestId('action-result')).toHaveTextContent('482913');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    await user.click(firstRow().getByRole('button', { name: 'More actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Reset password' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText(/Password/), 'secret1');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await until(() => expect(resets).toHaveLength(1));
    expect(resets[0].body).toEqual({ password: md5('secret1') });
    await until(() => expect(toasts()).toContain('Password updated'));
  });

  it('toggle by state and send the chosen agent (change agent)', async () => {
    server.use(
      http.get(api('/client/admin/v1/list'), () =>
        HttpResponse.json(
          apiList('GET /client/admin/v1/list', [{ id: 3, username: 'carol', fake: true, active: false }]),
        ),
      ),
      http.get(api('/user/v1/list'), () =>
        HttpResponse.json(
          apiList('GET /user/v1/list', [{ id: 12, username: 'sales2', name: 'Sales Two', role: 'hero', active: true }]),
        ),
      ),
    );
    const calls = serveAction('post', '/user/v1/change_agent/:id');
    const { user } = await renderResource(client.config);
    await screen.findByText('carol');
    expect(firstRow().getByText('Robot')).toBeInTheDocument();
    expect(firstRow().getByRole('button', { name: 'Enable' })).toBeInTheDocument();
    expect(firstRow().queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
    await user.click(firstRow().getByRole('button', { name: 'More actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Change agent' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('combobox', { name: /New agent/ }));
    await user.click(await screen.findByRole('option', { name: 'Sales Two (sales2)' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await until(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({ user_id: 12 });
    expect(calls[0].url).toMatch(/\/api\/user\/v1\/change_agent\/3$/);
  });

  it('load the choices of a remote option when the dialog opens', async () => {
    serveList('/things/admin/v1/list', [record(1)]);
    server.use(http.get(api('/things/admin/v1/owners'), () => HttpResponse.json([{ id: 12, name: 'Sales Two' }])));
    const calls = serveAction('post', '/things/admin/v1/owner/:id');
    const config: ResourceConfig = {
      name: 'things',
      endpoints: { list: '/things/admin/v1/list' },
      fields: [{ source: 'username' }],
      rowActions: [
        {
          name: 'owner',
          confirm: false,
          inputs: [
            {
              source: 'owner',
              type: 'remoteOption',
              required: true,
              load: async ({ http }) => http('/things/admin/v1/owners'),
            },
          ],
          run: { method: 'POST', path: '/things/admin/v1/owner/{id}', body: (_r, v) => ({ owner: Number(v.owner) }) },
        },
      ],
    };
    const { user } = await renderResource(config);
    await user.click(await screen.findByTestId('action-owner'));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'Sales Two' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await until(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({ owner: 12 });
  });

  it('do not open the row drawer, while a row click does', async () => {
    serveList('/things/admin/v1/list', [record(1)]);
    const opened = vi.fn();
    const config: ResourceConfig = {
      name: 'things',
      endpoints: { list: '/things/admin/v1/list' },
      fields: [{ source: 'username' }],
      drawer: async () => ({
        default: ({ id }) => {
          opened(id);
          return <div data-testid="drawer">drawer {String(id)}</div>;
        },
      }),
      rowActions: [{ name: 'ping', confirm: false, run: { method: 'POST', path: '/things/admin/v1/ping/{id}' } }],
    };
    const pings = serveAction('post', '/things/admin/v1/ping/:id');
    const { user } = await renderResource(config);
    await user.click(await screen.findByTestId('action-ping'));
    await until(() => expect(pings).toHaveLength(1));
    expect(screen.queryByTestId('drawer')).not.toBeInTheDocument();
    await user.click(screen.getByText('user1'));
    expect(await screen.findByTestId('drawer')).toHaveTextContent('drawer 1');
  });
});

describe('bulk actions', () => {
  it('run once per selected row, each with its own key', async () => {
    serveList('/things/admin/v1/list', [record(1), record(2)]);
    const calls = serveAction('put', '/things/admin/v1/archive/:id');
    const config: ResourceConfig = {
      name: 'things',
      endpoints: { list: '/things/admin/v1/list' },
      fields: [{ source: 'username' }],
      bulkActions: [
        { name: 'archive', idempotent: true, run: { method: 'PUT', path: '/things/admin/v1/archive/{id}' } },
      ],
    };
    const { user } = await renderResource(config);
    await screen.findByText('user1');
    await user.click(screen.getAllByRole('checkbox', { name: /select/i })[0]);
    await user.click(await screen.findByTestId('action-archive'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await until(() => expect(calls).toHaveLength(2));
    expect(calls.map((c) => c.url.replace(/.*\//, '')).sort()).toEqual(['1', '2']);
    expect(new Set(calls.map((c) => c.key)).size).toBe(2);
  });
});

describe('toolbar actions', () => {
  it('start from their prefill (no row to read): the default shows and is sent unless changed', async () => {
    serveList('/things/admin/v1/list', [record(1)]);
    const calls = serveAction('post', '/things/admin/v1/place');
    const config: ResourceConfig = {
      name: 'things',
      endpoints: { list: '/things/admin/v1/list' },
      fields: [{ source: 'username' }],
      listActions: [
        {
          name: 'place',
          confirm: false,
          inputs: [
            {
              source: 'mode',
              type: 'option',
              required: true,
              options: [
                { id: 'direct', name: 'Direct' },
                { id: 'review', name: 'Review' },
              ],
            },
          ],
          prefill: () => ({ mode: 'direct' }),
          run: { method: 'POST', path: '/things/admin/v1/place', body: (_r, v) => ({ mode: v.mode }) },
        },
      ],
    };
    const { user } = await renderResource(config);
    await screen.findByText('user1');
    await user.click(await screen.findByTestId('action-place'));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('combobox')).toHaveTextContent('Direct');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await until(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({ mode: 'direct' });
  });
});
