// Generated show and edit views, replacement views, and the lazy page a declaration answers.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { defineResource } from '../../resources/engine/define';
import type { ResourceConfig } from '../../resources/engine/types';
import { recordStatuses } from '../../resources/labels';
import { renderResource, renderWithEngine, until } from './engine.helpers';
import { api, server, installMsw } from './msw';

installMsw({ offApi: ['/gadget/'] });

const gadgets: ResourceConfig = {
  name: 'gadgets',
  endpoints: { list: '/gadget/admin/v1/list', one: '/gadget/admin/v1/detail/{id}', update: '/gadget/admin/v1/{id}' },
  fields: [
    { source: 'id', type: 'number', label: 'engine.field.image' },
    { source: 'status', type: 'option', options: recordStatuses, edit: true },
    { source: 'price', type: 'money', signed: true, edit: true },
    { source: 'secret', show: false },
  ],
};

defineResource(gadgets);

const gadget = { id: 7, status: 'pending', price: '-98765432109876.54', secret: 'hidden' };

describe('generated show and edit', () => {
  it('shows the fields flagged show, money exact, and links a list row to it', async () => {
    server.use(
      http.get(api('/gadget/admin/v1/list'), () => HttpResponse.json({ data: [gadget], total: 1 })),
      http.get(api('/gadget/admin/v1/detail/7'), () => HttpResponse.json(gadget)),
    );
    const { user } = await renderResource(gadgets);
    await user.click(await screen.findByText('Pending'));
    await until(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());
    const price = await screen.findByText('-98,765,432,109,876.54');
    expect(getComputedStyle(price).color).toBe('rgb(211, 47, 47)');
    expect(screen.queryByText('hidden')).not.toBeInTheDocument();
    expect(screen.getByText('Image')).toBeInTheDocument();
  });

  it('edits the fields flagged edit and saves them through the update endpoint as decimal strings', async () => {
    const saved: unknown[] = [];
    server.use(
      http.get(api('/gadget/admin/v1/detail/7'), () => HttpResponse.json(gadget)),
      http.put(api('/gadget/admin/v1/7'), async ({ request }) => {
        const body = await request.json();
        saved.push(body);
        return HttpResponse.json({ ...gadget, ...(body as object) });
      }),
      http.get(api('/gadget/admin/v1/list'), () => HttpResponse.json({ data: [gadget], total: 1 })),
    );
    const { user } = await renderResource(gadgets, { path: '/gadgets/7' });
    const price = await screen.findByRole('textbox', { name: 'resources.gadgets.fields.price' });
    expect(price).toHaveValue('-98765432109876.54');
    await user.clear(price);
    await user.type(price, '12345678901234.57');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await until(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ price: '12345678901234.57', status: 'pending' });
  });
});

describe('declarations', () => {
  it('answer a lazy page that renders their views, with a replacement view when declared', async () => {
    const entry = defineResource({
      ...gadgets,
      name: 'widgets',
      views: {
        list: async () => ({ default: ({ config }) => <p data-testid="custom">custom list of {config.name}</p> }),
      },
    });
    expect(entry.name).toBe('widgets');
    const { default: Page } = await entry.page();
    await renderWithEngine(<Page />, { path: '/widgets', mount: '/widgets/*' });
    expect(await screen.findByTestId('custom')).toHaveTextContent('custom list of widgets');
  });

  it('render the generated list when no replacement is declared', async () => {
    server.use(http.get(api('/gadget/admin/v1/list'), () => HttpResponse.json({ data: [gadget], total: 1 })));
    const { default: Page } = await defineResource(gadgets).page();
    await renderWithEngine(<Page />, { path: '/gadgets', mount: '/gadgets/*' });
    expect(within(await screen.findByRole('table')).getByText('Pending')).toBeInTheDocument();
  });
});
