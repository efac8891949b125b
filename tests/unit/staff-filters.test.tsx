// The agent and team filters of the client and funds record lists: searchable pickers of the tenant's staff, for
// those who may list staff.
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import client from '../../resources/client';
import deposit from '../../resources/deposit';
import { record, renderResource, serveList, until } from './engine.helpers';
import { api, apiList, installMsw, server } from './msw';

installMsw();

const STAFF = [
  { id: 3, username: 'leader', name: 'Team Leader', role: 'superman', active: true },
  { id: 5, username: 'sales', name: 'Salesman', role: 'hero', active: true },
  { id: 6, username: 'sales2', name: 'Salesman 2', role: 'hero', active: false },
];

function serve() {
  const seen = { lists: [] as URLSearchParams[], staff: [] as URLSearchParams[] };
  server.use(
    http.get(api('/client/admin/v1/list'), ({ request }) => {
      seen.lists.push(new URL(request.url).searchParams);
      return HttpResponse.json(
        apiList('GET /client/admin/v1/list', [{ id: 9, username: 'carol', fake: false, active: true }]),
      );
    }),
    http.get(api('/user/v1/list'), ({ request }) => {
      const q = new URL(request.url).searchParams;
      seen.staff.push(q);
      const roles = (q.get('role') ?? '').split(',');
      return HttpResponse.json(
        apiList(
          'GET /user/v1/list',
          STAFF.filter((s) => roles.includes(s.role)),
          { total: 3 },
        ),
      );
    }),
  );
  return seen;
}

describe('client list agent and team filters', () => {
  it('pick an agent (disabled ones too) by typing; the list is asked with agent_id', async () => {
    const seen = serve();
    const { user } = await renderResource(client.config);
    await screen.findByText('carol');
    const agent = screen.getByRole('combobox', { name: 'Agent' });
    await user.click(agent);
    await user.type(agent, 'sales');
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Salesman (sales)',
      'Salesman 2 (sales2)',
    ]);
    await user.click(screen.getByRole('option', { name: 'Salesman 2 (sales2)' }));
    await until(() => expect(seen.lists.at(-1)?.get('agent_id')).toBe('6'));
    const roles = seen.staff.map((q) => q.get('role')).sort();
    expect(roles).toEqual(['hero,superman', 'superman']);
    expect(seen.staff.every((q) => q.get('full') === 'true' && q.get('active') === null)).toBe(true);
  });

  it('the team filter offers the team leaders', async () => {
    const seen = serve();
    const { user } = await renderResource(client.config, { locale: 'zh-CN' });
    await screen.findByText('carol');
    await user.click(screen.getByRole('combobox', { name: '组长（团队）' }));
    await user.click(await screen.findByRole('option', { name: 'Team Leader (leader)' }));
    await until(() => expect(seen.lists.at(-1)?.get('leader_id')).toBe('3'));
  });

  it('a salesman (no users grant) has neither filter and the staff list is never asked', async () => {
    const seen = serve();
    await renderResource(client.config, { role: 'hero' });
    await screen.findByText('carol');
    expect(screen.queryByRole('combobox', { name: 'Agent' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Team (leader)' })).toBeNull();
    expect(seen.staff).toHaveLength(0);
  });
});

describe('funds record lists', () => {
  it("show the client's agent and filter by him", async () => {
    serve();
    const queries = serveList('/deposit/admin/v1/list', [record(1, { agent_id: 5, agent_name: 'Salesman' })]);
    const { user } = await renderResource(deposit.config);
    await screen.findByText('user1');
    expect(screen.getByRole('columnheader', { name: 'Agent' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Salesman' })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Agent' }));
    await user.click(await screen.findByRole('option', { name: 'Salesman (sales)' }));
    await until(() => expect(queries.at(-1)?.get('agent_id')).toBe('5'));
  });
});
