// The System users page: create and edit forms (the role select limited to GET /user/v1/role, the team leader
// shown and required only for a salesman, the password MD5-hashed on the wire, the API's field errors under their
// inputs) and the row actions (new invitation code shown, delete refused with a translated 409).
import { screen, within } from '@testing-library/react';
import md5 from 'md5';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { contractValidator } from '../contract/validator';
import { TOKENS_KEY } from '../../authProvider/tokens';
import users from '../../resources/users';
import { renderResource, until } from './engine.helpers';
import { accessToken, api, apiBody, apiError, apiList, installMsw, server } from './msw';

installMsw();

const config = users.config;
const ROLE_NAMES = { god: 'Admin', angel: 'Supervisor', superman: 'Leader', hero: 'Salesman' } as const;
type Role = keyof typeof ROLE_NAMES;

const STAFF = [
  { id: 1, username: 'admin', name: 'Administrator', role: 'god' },
  { id: 3, username: 'leader', name: 'Team Leader', role: 'superman' },
  { id: 5, username: 'sales', name: 'Salesman', role: 'hero', leader_id: 3, leader_name: 'Team Leader', mfa: true },
];

/** Signs the test session in as staff member `id` (the page reads the own id and role from the access token). */
const signInAs = (id: number, role = STAFF.find((x) => x.id === id)!.role) =>
  sessionStorage.setItem(
    TOKENS_KEY,
    JSON.stringify({ access: accessToken(900, { sub: String(id), role }), refresh: 'r' }),
  );
afterEach(() => sessionStorage.clear());

/** Serves the role and list calls, and records the writes. */
function serveUsers({
  roles = ['god', 'angel', 'superman', 'hero'] as Role[],
  write = () => HttpResponse.json({}),
} = {}) {
  const writes: { method: string; path: string; body: Record<string, unknown> | null }[] = [];
  const lists: URLSearchParams[] = [];
  const record = async ({ request }: { request: Request }) => {
    const text = await request.text();
    writes.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
    });
    return write();
  };
  server.use(
    http.get(api('/user/v1/role'), () =>
      HttpResponse.json(
        apiBody('GET /user/v1/role', {
          data: roles.map((id) => ({ id, name: ROLE_NAMES[id], labels: { 'zh-CN': id, 'en-US': ROLE_NAMES[id] } })),
        }),
      ),
    ),
    http.get(api('/user/v1/list'), ({ request }) => {
      const q = new URL(request.url).searchParams;
      lists.push(q);
      const rows = STAFF.filter((s) => !q.get('role') || q.get('role') === s.role);
      return HttpResponse.json(
        apiList(
          'GET /user/v1/list',
          rows.map((r) => ({ active: true, ...r })),
        ),
      );
    }),
    http.post(api('/user/v1/create'), record),
    http.put(api('/user/v1/:id'), record),
    http.put(api('/user/v1/code/:id'), record),
    http.delete(api('/user/v1/:id'), record),
  );
  return { writes, lists };
}

const field = (source: string) => within(screen.getByTestId(`form-${source}`));
const save = () => screen.getByRole('button', { name: 'Save' });

async function pickRole(user: Awaited<ReturnType<typeof renderResource>>['user'], name: string) {
  await user.click(screen.getByRole('combobox', { name: /^Role/ }));
  await user.click(await screen.findByRole('option', { name }));
}

describe('create', () => {
  it('shows and requires the team leader only for a salesman, and sends the password as MD5', async () => {
    signInAs(1);
    const { writes } = serveUsers({ write: () => HttpResponse.json(apiBody('POST /user/v1/create', { id: 9 })) });
    const { user } = await renderResource(config, { path: '/users/create' });
    // The first test of the file loads the create view and the roles: wait for the form, not for a fixed second.
    await user.type(await screen.findByRole('textbox', { name: /^Username/ }), 'newsales');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'New Sales');
    await user.type(screen.getByLabelText(/^Password/), 'Secret#1');
    expect(screen.queryByTestId('form-leader_id')).not.toBeInTheDocument();

    await pickRole(user, 'Salesman');
    expect(await screen.findByTestId('form-leader_id')).toBeInTheDocument();
    await user.click(save());
    expect(await field('leader_id').findByText('Required')).toBeInTheDocument();
    expect(writes).toHaveLength(0);

    await user.click(screen.getByRole('combobox', { name: /^Team leader/ }));
    await user.click(await screen.findByRole('option', { name: 'Team Leader (leader)' }));
    await user.click(save());
    await until(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'POST',
      path: '/api/user/v1/create',
      body: { username: 'newsales', name: 'New Sales', role: 'hero', leader_id: 3, password: md5('Secret#1') },
    });
    expect(JSON.stringify(writes[0].body)).not.toContain('Secret#1');
  });

  it('sends no team leader for a supervisor, and says the appointment awaits review', async () => {
    signInAs(1);
    // appointing a supervisor is a control change: 202 with the pending approval (nothing created yet)
    const pending = { pending_approval: { id: 41, kind: 'staff_role', status: 'pending', required_checkers: 1 } };
    const { writes } = serveUsers({ write: () => HttpResponse.json(pending, { status: 202 }) });
    const { user } = await renderResource(config, { path: '/users/create' });
    await user.type(await screen.findByRole('textbox', { name: /^Username/ }), 'boss2');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Boss');
    await user.type(screen.getByLabelText(/^Password/), 'Secret#1');
    await pickRole(user, 'Salesman');
    await user.click(await screen.findByRole('combobox', { name: /^Team leader/ }));
    await user.click(await screen.findByRole('option', { name: 'Team Leader (leader)' }));
    await pickRole(user, 'Supervisor');
    expect(screen.queryByTestId('form-leader_id')).not.toBeInTheDocument();
    await user.click(save());
    await until(() => expect(writes).toHaveLength(1));
    expect(writes[0].body).toEqual({ username: 'boss2', name: 'Boss', role: 'angel', password: md5('Secret#1') });
    expect(await screen.findByText(/awaiting review by another administrator/)).toBeInTheDocument();
    expect(screen.queryByText('User created')).not.toBeInTheDocument();
  });

  it('offers a team leader only the salesman role, with himself as the leader', async () => {
    signInAs(3);
    const { writes } = serveUsers({
      roles: ['hero'],
      write: () => HttpResponse.json(apiBody('POST /user/v1/create', { id: 9 })),
    });
    const { user } = await renderResource(config, { path: '/users/create' });
    const role = await screen.findByRole('combobox', { name: /^Role/ });
    expect(role).toHaveTextContent('Salesman');
    await user.click(role);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Salesman']);
    await user.keyboard('{Escape}');
    await user.type(screen.getByRole('textbox', { name: /^Username/ }), 'mine');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Mine');
    await user.type(screen.getByLabelText(/^Password/), 'Secret#1');
    await user.click(save());
    await until(() => expect(writes).toHaveLength(1));
    expect(writes[0].body).toMatchObject({ role: 'hero', leader_id: 3 });
  });

  it("shows the API's field error under its input (username taken)", async () => {
    signInAs(1);
    serveUsers({
      write: () =>
        HttpResponse.json(
          apiError('username_taken', 'This username is already taken', { username: 'This username is already taken' }),
          { status: 409 },
        ),
    });
    const { user } = await renderResource(config, { path: '/users/create' });
    await user.type(await screen.findByRole('textbox', { name: /^Username/ }), 'sales');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Dup');
    await user.type(screen.getByLabelText(/^Password/), 'Secret#1');
    await pickRole(user, 'Supervisor');
    await user.click(save());
    expect(await field('username').findByText('This username is already taken')).toBeInTheDocument();
  });
});

describe('edit', () => {
  it('starts from the row and keeps the password when none is typed', async () => {
    signInAs(1);
    const { writes } = serveUsers({
      write: () => HttpResponse.json(apiBody('PUT /user/v1/:id', { id: 5, role: 'hero' })),
    });
    const { user } = await renderResource(config, { path: '/users/5' });
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Salesman');
    const leader = await screen.findByRole('combobox', { name: /^Team leader/ });
    await until(() => expect(leader).toHaveValue('Team Leader (leader)'));
    await user.clear(name);
    await user.type(name, 'Sales Renamed');
    await user.click(save());
    await until(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'PUT',
      path: '/api/user/v1/5',
      body: { name: 'Sales Renamed', role: 'hero', leader_id: 3 },
    });
  });

  it("sets another user's password as its MD5", async () => {
    signInAs(1);
    const { writes } = serveUsers({
      write: () => HttpResponse.json(apiBody('PUT /user/v1/:id', { id: 5, role: 'hero' })),
    });
    const { user } = await renderResource(config, { path: '/users/5' });
    const leader = await screen.findByRole('combobox', { name: /^Team leader/ });
    await until(() => expect(leader).toHaveValue('Team Leader (leader)'));
    await user.type(screen.getByLabelText(/^Password/), 'Other#22');
    await user.click(save());
    await until(() => expect(writes).toHaveLength(1));
    expect(writes[0].body).toEqual({ name: 'Salesman', role: 'hero', leader_id: 3, password: md5('Other#22') });
  });

  it('offers no password and no other role on the own account', async () => {
    signInAs(3);
    serveUsers({ roles: ['hero'] });
    const { user } = await renderResource(config, { path: '/users/3' });
    const role = await screen.findByRole('combobox', { name: /^Role/ });
    expect(role).toHaveTextContent('Leader');
    await user.click(role);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Leader']);
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
  });
});

describe('row actions', () => {
  type User = Awaited<ReturnType<typeof renderResource>>['user'];
  const row = (text: string) => within(screen.getByText(text).closest('tr')!);
  /** The names of a row's actions: its buttons, then those of its "more" menu. */
  async function actionsOf(user: User, text: string) {
    const inline = row(text)
      .queryAllByTestId(/^action-/)
      .map((b) => b.textContent);
    const more = row(text).queryByTestId('row-actions-more');
    if (!more) return inline;
    await user.click(more);
    const menu = within(await screen.findByRole('menu'));
    const items = menu.getAllByRole('menuitem').map((m) => m.textContent);
    await user.keyboard('{Escape}');
    await until(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    return [...inline, ...items];
  }
  async function run(user: User, text: string, name: string) {
    const button = row(text).queryByRole('button', { name });
    if (button) return user.click(button);
    await user.click(row(text).getByTestId('row-actions-more'));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name }));
  }

  it('shows the new invitation code, and hides own-account and unbound actions', async () => {
    signInAs(1);
    const { writes } = serveUsers({
      write: () => HttpResponse.json(apiBody('PUT /user/v1/code/:id', { invitation_code: 'NEWCODE9' })),
    });
    const { user } = await renderResource(config);
    await screen.findByText('sales');
    expect(await actionsOf(user, 'sales')).toEqual(['Disable', 'New invitation code', 'Close authenticator', 'Delete']);
    expect(await actionsOf(user, 'leader')).toEqual(['Disable', 'New invitation code', 'Delete']);
    expect(await actionsOf(user, 'admin')).toEqual(['New invitation code']);
    await run(user, 'sales', 'New invitation code');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('NEWCODE9')).toBeInTheDocument();
    expect(writes[0]).toMatchObject({ method: 'PUT', path: '/api/user/v1/code/5' });
  });

  it('offers no action on staff the caller does not manage (a role not below his own)', async () => {
    signInAs(2, 'angel');
    serveUsers();
    const { user } = await renderResource(config);
    await screen.findByText('sales');
    expect(await actionsOf(user, 'sales')).toEqual(['Disable', 'New invitation code', 'Close authenticator', 'Delete']);
    expect(await actionsOf(user, 'admin')).toEqual([]);
  });

  it('shows a refused delete in the user\u2019s language', async () => {
    signInAs(1);
    const { writes } = serveUsers({
      write: () =>
        HttpResponse.json(apiError('user_has_clients', 'This user still has clients; move them first'), {
          status: 409,
        }),
    });
    const { user } = await renderResource(config, { locale: 'zh-CN' });
    await screen.findByText('sales');
    await run(user, 'sales', '删除');
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('删除用户 sales（Salesman）？此操作无法撤销。')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: '确认' }));
    expect(await dialog.findByText('该用户名下仍有客户，请先将客户转给其他业务员')).toBeInTheDocument();
    expect(writes[0]).toMatchObject({ method: 'DELETE', path: '/api/user/v1/5' });
  });
});

describe('contract', () => {
  it('refuses mocks of the users routes that differ from the API', () => {
    const contract = contractValidator(inject('apiContract'));
    const check = (method: string, path: string, body: unknown) =>
      contract.check(contract.route(method, path)!, 200, body).join('\n');
    expect(check('GET', '/api/user/v1/role', { data: ['hero'] })).toMatch(/must be object/);
    expect(check('PUT', '/api/user/v1/code/5', { code: 'X' })).toMatch(/additional properties 'code'/);
    expect(check('PUT', '/api/user/v1/status/5', { id: 5, active: false })).toMatch(/required property 'username'/);
    expect(contract.route('PUT', '/api/user/v1/mfa/close/5')?.url).toBe('/api/user/v1/mfa/close/:id');
    expect(check('GET', '/api/user/v1/list', apiList('GET /user/v1/list', [{ id: 1, mfa: true }]))).toBe('');
  });
});
