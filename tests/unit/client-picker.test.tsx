// The search-as-you-type client picker (resources/engine/SearchPicker.tsx with resources/clientChoices.ts): the
// clients searched through the client list's `q` as the staff member types, a late answer of an older text ignored,
// the chosen client sent as its id, an edit form showing its current client. `/pets/` is a test-only resource.
import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { clientSearch, clientUsernameSearch } from '../../resources/clientChoices';
import { defineResource } from '../../resources/engine/define';
import type { ResourceConfig } from '../../resources/engine/types';
import { renderResource, testHttp, until } from './engine.helpers';
import { api, apiBody, apiList, installMsw, server } from './msw';

installMsw({ offApi: ['/pets/'] });

const pets: ResourceConfig = {
  name: 'pets',
  endpoints: {
    list: '/pets/admin/v1/list',
    one: '/pets/admin/v1/detail/{id}',
    create: '/pets/admin/v1/create',
    update: '/pets/admin/v1/{id}',
  },
  fields: [
    { source: 'name', create: true, edit: true, required: true },
    { source: 'client_id', input: 'remoteOption', search: clientSearch, create: true, edit: true, required: true },
  ],
};
defineResource(pets);

const CLIENTS = [
  { id: 42, username: 'carol', full_name: 'Carol Li' },
  { id: 43, username: 'carl', full_name: null },
  { id: 7, username: 'cathy', full_name: 'Cathy Wu' },
];

/** The client list answering `q` with the clients whose username starts with it; the texts asked, in order. */
function serveClients(hold?: { text: string; until: Promise<void>; aborted?: boolean; answered?: boolean }) {
  const asked: string[] = [];
  server.use(
    http.get(api('/client/admin/v1/list'), async ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      asked.push(q);
      if (hold && q === hold.text) {
        await hold.until;
        hold.aborted = request.signal.aborted;
        hold.answered = true;
      }
      const rows = CLIENTS.filter((c) => c.username.startsWith(q.toLowerCase()));
      return HttpResponse.json(apiList('GET /client/admin/v1/list', rows));
    }),
  );
  return asked;
}

/** Records the writes of the pets and answers them. */
function serveWrites() {
  const bodies: Record<string, unknown>[] = [];
  const pet = { id: 5, name: 'Rex', client_id: 42 };
  server.use(
    http.post(api('/pets/admin/v1/create'), async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ ...pet, ...bodies.at(-1) });
    }),
    http.put(api('/pets/admin/v1/5'), async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ ...pet, ...bodies.at(-1) });
    }),
    http.get(api('/pets/admin/v1/detail/5'), () => HttpResponse.json(pet)),
    http.get(api('/pets/admin/v1/list'), () => HttpResponse.json({ data: [pet], total: 1 })),
  );
  return bodies;
}

const picker = () => within(screen.getByTestId('form-client_id')).getByRole('combobox') as HTMLInputElement;

describe('the client picker', () => {
  it('searches the typed text, shows the matching clients and sends the one picked by keyboard as its id', async () => {
    const asked = serveClients();
    const bodies = serveWrites();
    const { user } = await renderResource(pets, { path: '/pets/create' });
    await user.type(await screen.findByRole('textbox', { name: 'resources.pets.fields.name' }), 'Rex');
    await user.click(picker());
    // nothing typed: nothing asked, a hint to type
    expect(await screen.findByText('Type to search')).toBeInTheDocument();
    await user.type(picker(), 'car');
    // the answer to "car" (an earlier one, to "c" or "ca" when typed slowly, lists cathy too)
    const shown = () => new Set(screen.queryAllByRole('option').map((o) => o.textContent));
    await until(() => expect(shown()).toEqual(new Set(['carol (Carol Li)', 'carl'])));
    // the text typed is what was asked (once typing settled: never an empty text)
    expect(asked.at(-1)).toBe('car');
    expect(asked).not.toContain('');
    // the first match is highlighted: one arrow down to the second, Enter picks it
    await user.keyboard('{ArrowDown}{Enter}');
    expect(picker().value).toBe('carl');
    await user.clear(picker());
    await user.type(picker(), 'caro');
    await user.click(await screen.findByRole('option', { name: 'carol (Carol Li)' }));
    expect(picker().value).toBe('carol (Carol Li)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await until(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ name: 'Rex', client_id: 42 });
  });

  it('says when nothing matches, in Chinese too', async () => {
    serveClients();
    serveWrites();
    const { user } = await renderResource(pets, { path: '/pets/create', locale: 'zh-CN' });
    await screen.findByTestId('form-client_id');
    await user.click(picker());
    expect(await screen.findByText('输入以搜索')).toBeInTheDocument();
    await user.type(picker(), 'zed');
    expect(await screen.findByText('没有匹配的选项')).toBeInTheDocument();
  });

  it('keeps the answer of the newest text when an older one arrives later (the older request aborted)', async () => {
    let release = () => {};
    const hold: Parameters<typeof serveClients>[0] = {
      text: 'ca',
      until: new Promise<void>((resolve) => (release = resolve)),
    };
    const asked = serveClients(hold);
    serveWrites();
    const { user } = await renderResource(pets, { path: '/pets/create' });
    await screen.findByTestId('form-client_id');
    await user.click(picker());
    await user.type(picker(), 'ca');
    await until(() => expect(asked).toContain('ca'));
    await user.type(picker(), 'th');
    // the answer to "cath" shown (an earlier answer, to "c" when typed slowly, may list cathy too)
    const shown = () => screen.queryAllByRole('option').map((o) => o.textContent);
    await until(() => expect(shown()).toEqual(['cathy (Cathy Wu)']));
    // the answer to "ca" (carol, carl and cathy) arrives now, after the answer to "cath"
    release();
    await until(() => expect(hold.answered).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve)));
    expect(hold.aborted).toBe(true);
    expect(shown()).toEqual(['cathy (Cathy Wu)']);
  });

  it("shows the edited record's client by its label and sends it unchanged, as its id", async () => {
    serveClients();
    const bodies = serveWrites();
    server.use(
      http.get(api('/client/admin/v1/detail/:id'), ({ params }) =>
        HttpResponse.json(
          apiBody(
            'GET /client/admin/v1/detail/:id',
            CLIENTS.find((c) => String(c.id) === params.id),
          ),
        ),
      ),
    );
    const { user } = await renderResource(pets, { path: '/pets/5' });
    await screen.findByTestId('form-client_id');
    await until(() => expect(picker().value).toBe('carol (Carol Li)'));
    const name = screen.getByRole('textbox', { name: 'resources.pets.fields.name' });
    await user.clear(name);
    await user.type(name, 'Max');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await until(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ name: 'Max', client_id: 42 });
  });
});

describe('the username variant (a message to one client)', () => {
  it('asks the same search and gives the clients by their usernames', async () => {
    const asked = serveClients();
    const signal = new AbortController().signal;
    const found = await clientUsernameSearch.find({ http: testHttp, signal }, 'car');
    expect(asked).toEqual(['car']);
    expect(found).toEqual([
      { id: 'carol', name: 'carol (Carol Li)' },
      { id: 'carl', name: 'carl' },
    ]);
    expect(await clientUsernameSearch.one({ http: testHttp, signal }, 'carol')).toEqual({ id: 'carol', name: 'carol' });
  });
});
