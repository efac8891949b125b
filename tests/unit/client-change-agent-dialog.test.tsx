// The client list's change-agent dialog: a picker of active salesmen and team leaders from GET /user/v1/list
// (full list), "name (username)", sending the chosen user_id; required, load failure and server errors.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import client from '../../resources/client';
import { toasts, until, renderResource } from './engine.helpers';
import { api, apiError, apiList, server, installMsw } from './msw';

installMsw();

const STAFF = [
  {
    id: 5,
    username: 'leader',
    name: 'Team Leader',
    role: 'superman',
    active: true,
    leader_id: null,
    leader_name: null,
  },
  { id: 7, username: 'sales', name: 'Salesman', role: 'hero', active: true, leader_id: 5, leader_name: 'Team Leader' },
  {
    id: 8,
    username: 'sales2',
    name: 'Salesman 2',
    role: 'hero',
    active: true,
    leader_id: 5,
    leader_name: 'Team Leader',
  },
];

/** Serves the client list (one client whose agent is `sales`), the staff list and change_agent; records the calls. */
function serveApi({ staff = () => HttpResponse.json(apiList('GET /user/v1/list', STAFF)) as Response } = {}) {
  const seen = { staffQueries: [] as URLSearchParams[], changes: [] as { url: string; body: unknown }[], lists: 0 };
  let change: () => Response = () => HttpResponse.json({});
  server.use(
    http.get(api('/client/admin/v1/list'), () => {
      seen.lists += 1;
      return HttpResponse.json(
        apiList('GET /client/admin/v1/list', [
          { id: 3, username: 'carol', fake: false, active: true, agent_id: 7, agent_name: 'Salesman' },
        ]),
      );
    }),
    http.get(api('/user/v1/list'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      // The list's agent and team filters load every staff member; the dialog only the active ones.
      if (query.get('active') === 'true') seen.staffQueries.push(query);
      return staff();
    }),
    http.post(api('/user/v1/change_agent/:id'), async ({ request }) => {
      seen.changes.push({ url: request.url, body: await request.json() });
      return change();
    }),
  );
  return {
    seen,
    answerChange(answer: () => Response) {
      change = answer;
    },
  };
}

async function openDialog(options: Parameters<typeof renderResource>[1] = {}) {
  const utils = await renderResource(client.config, options);
  await screen.findByText('carol');
  const row = within(screen.getAllByRole('row')[1]);
  // Past the first row action (enable/disable), the others sit in the row's "more" menu.
  await utils.user.click(row.getByRole('button', { name: /More actions|更多操作/ }));
  await utils.user.click(await screen.findByRole('menuitem', { name: /Change agent|更换业务员/ }));
  const dialog = within(await screen.findByRole('dialog'));
  return { ...utils, dialog };
}

describe('change-agent dialog', () => {
  it('loads the active salesmen and team leaders once, as "name (username)", without the current agent', async () => {
    const { seen } = serveApi();
    const { user, dialog } = await openDialog();
    await until(() => expect(seen.staffQueries).toHaveLength(1));
    const q = seen.staffQueries[0];
    expect(q.get('full')).toBe('true');
    expect(q.get('role')).toBe('hero,superman');
    expect(q.get('active')).toBe('true');
    expect(q.get('page')).toBeNull();
    await user.click(dialog.getByRole('combobox', { name: /New agent/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Team Leader (leader)', 'Salesman 2 (sales2)']);
    expect(seen.staffQueries).toHaveLength(1);
  });

  it('the picker searches as the name is typed', async () => {
    serveApi();
    const { user, dialog } = await openDialog();
    const box = dialog.getByRole('combobox', { name: /New agent/ });
    await user.click(box);
    await screen.findByRole('option', { name: 'Team Leader (leader)' });
    await user.type(box, 'sales');
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Salesman 2 (sales2)']);
    await user.clear(box);
    await user.type(box, 'nobody-here');
    expect(await screen.findByText('No matching choice')).toBeInTheDocument();
  });

  it('sends the chosen user_id, notifies and reloads the list', async () => {
    const { seen } = serveApi();
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('combobox', { name: /New agent/ }));
    await user.click(await screen.findByRole('option', { name: 'Salesman 2 (sales2)' }));
    const listsBefore = seen.lists;
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await until(() => expect(seen.changes).toHaveLength(1));
    expect(seen.changes[0].body).toEqual({ user_id: 8 });
    expect(seen.changes[0].url).toMatch(/\/api\/user\/v1\/change_agent\/3$/);
    await until(() => expect(toasts()).toContain('Done'));
    await until(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await until(() => expect(seen.lists).toBeGreaterThan(listsBefore));
  });

  it('asks for a choice before sending anything', async () => {
    const { seen } = serveApi();
    const { user, dialog } = await openDialog();
    await until(() => expect(seen.staffQueries).toHaveLength(1));
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByText('Required')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    expect(seen.changes).toHaveLength(0);
    await user.click(dialog.getByRole('combobox', { name: /New agent/ }));
    await user.click(await screen.findByRole('option', { name: 'Team Leader (leader)' }));
    expect(dialog.queryByText('Required')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await until(() => expect(seen.changes).toEqual([expect.objectContaining({ body: { user_id: 5 } })]));
  });

  it('says so when the staff list cannot be loaded', async () => {
    const { seen } = serveApi({ staff: () => HttpResponse.json(apiError('internal', 'boom'), { status: 500 }) });
    const { dialog } = await openDialog();
    expect(await dialog.findByText('Could not load the choices, please try again later')).toBeInTheDocument();
    expect(seen.changes).toHaveLength(0);
  });

  it('keeps the dialog open with the translated refusal when the change is refused', async () => {
    const api = serveApi();
    const message = 'The agent must be an active salesman or team leader of this tenant';
    api.answerChange(() => HttpResponse.json(apiError('validation', message, { user_id: message }), { status: 400 }));
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('combobox', { name: /New agent/ }));
    await user.click(await screen.findByRole('option', { name: 'Salesman 2 (sales2)' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByText('Please check: salesman')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(toasts()).not.toContain('Done');
  });

  it('is labelled in Chinese', async () => {
    serveApi();
    const { dialog } = await openDialog({ locale: 'zh-CN' });
    expect(dialog.getByRole('combobox', { name: /新业务员/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '更换业务员' })).toBeInTheDocument();
  });
});
