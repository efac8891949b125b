// The show view's layout: tabs and sections, images at their readable size on a tab, related sub-lists paged
// through the dataProvider, and the show view in a drawer. `/things/` is a test-only resource.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { defineResource } from '../../resources/engine/define';
import type { ResourceConfig } from '../../resources/engine/types';
import { renderResource, until } from './engine.helpers';
import { api, installMsw, server } from './msw';

installMsw({ offApi: ['/things/'] });

const things: ResourceConfig = {
  name: 'things',
  endpoints: { list: '/things/admin/v1/list', one: '/things/admin/v1/detail/{id}' },
  fields: [
    { source: 'username' },
    { source: 'email' },
    { source: 'note', type: 'richtext', list: false },
    { source: 'photo', type: 'image', list: false },
    { source: 'city', list: false },
    { source: 'zip', list: false },
  ],
  tabs: [
    { name: 'profile', label: 'engine.tabs.profile', fields: ['email', 'note'] },
    {
      name: 'documents',
      fields: ['photo'],
      sections: [{ name: 'address', fields: ['city', 'zip'] }],
    },
  ],
  related: [
    {
      name: 'logins',
      path: '/things/admin/v1/{id}/logins',
      fields: [{ source: 'ip' }, { source: 'at', type: 'datetime' }],
      perPage: 2,
    },
  ],
};
defineResource(things);

const thing = {
  id: 7,
  username: 'ann',
  email: 'ann@example.com',
  note: '<p>Likes <b>tea</b></p>',
  photo: 'https://files.example.com/p.png',
  city: 'Lyon',
  zip: '69001',
};

/** Serves the record, the list, and its logins (3 rows, by page), recording the logins queries. */
function serveThing() {
  const logins = [
    { id: 1, ip: '10.0.0.1', at: '2026-01-02T03:04:05Z' },
    { id: 2, ip: '10.0.0.2', at: '2026-01-03T03:04:05Z' },
    { id: 3, ip: '10.0.0.3', at: '2026-01-04T03:04:05Z' },
  ];
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(api('/things/admin/v1/detail/7'), () => HttpResponse.json(thing)),
    http.get(api('/things/admin/v1/list'), () => HttpResponse.json({ data: [thing], total: 1 })),
    http.get(api('/things/admin/v1/7/logins'), ({ request }) => {
      const q = new URL(request.url).searchParams;
      queries.push(q);
      const page = Number(q.get('page') ?? 1);
      const size = Number(q.get('page_size') ?? 10);
      return HttpResponse.json({ data: logins.slice((page - 1) * size, page * size), total: logins.length });
    }),
  );
  return queries;
}

describe('show tabs', () => {
  it('puts the fields on their tabs, sections titled, the record header above', async () => {
    const queries = serveThing();
    const { user } = await renderResource(things, { path: '/things/7/show' });
    // fields on no tab come first
    expect(await screen.findByText('ann')).toBeVisible();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['engine.tabs.profile', 'resources.things.tabs.documents', 'resources.things.related.logins']);
    expect(screen.getByRole('tab', { name: 'engine.tabs.profile' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('ann@example.com')).toBeVisible();
    // rich text shown as formatted HTML
    expect((await within(screen.getByTestId('show-note')).findByText('tea')).tagName).toBe('B');
    expect(screen.getByTestId('tabpanel-documents')).not.toBeVisible();
    // a tab's sub-list loads when the tab opens
    expect(queries).toHaveLength(0);

    await user.click(screen.getByRole('tab', { name: 'resources.things.tabs.documents' }));
    const documents = within(screen.getByTestId('tabpanel-documents'));
    expect(documents.getByText('Lyon')).toBeVisible();
    expect(within(screen.getByTestId('section-address')).getByText('resources.things.sections.address')).toBeVisible();
    expect(screen.getByText('ann@example.com')).not.toBeVisible();
    expect(queries).toHaveLength(0);
    // the image of a tab at the show view's readable size (360 px wide), a click opening the zoom
    const image = within(screen.getByTestId('show-photo')).getByTestId('proof-image');
    expect(image).toHaveAttribute('src', thing.photo);
    expect(getComputedStyle(image).maxHeight).toBe('480px');
    expect(getComputedStyle(image.parentElement!).maxWidth).toMatch(/360px/);
    await user.click(within(screen.getByTestId('show-photo')).getByRole('button', { name: 'View full image' }));
    expect(await screen.findByTestId('image-zoom')).toBeInTheDocument();
  });

  it('pages a related sub-list through the dataProvider', async () => {
    const queries = serveThing();
    const { user } = await renderResource(things, { path: '/things/7/show' });
    await user.click(await screen.findByRole('tab', { name: 'resources.things.related.logins' }));
    const logins = within(screen.getByTestId('related-logins'));
    expect(await logins.findByText('10.0.0.1')).toBeVisible();
    expect(logins.getByText('10.0.0.2')).toBeVisible();
    expect(logins.queryByText('10.0.0.3')).not.toBeInTheDocument();
    expect(queries[0].get('page')).toBe('1');
    expect(queries[0].get('page_size')).toBe('2');
    await user.click(logins.getByRole('button', { name: 'Go to next page' }));
    expect(await logins.findByText('10.0.0.3')).toBeVisible();
    expect(logins.queryByText('10.0.0.1')).not.toBeInTheDocument();
    expect(queries.at(-1)!.get('page')).toBe('2');
    expect(logins.getByText('3-3 of 3')).toBeInTheDocument();
  });
});

describe("drawer: 'show'", () => {
  it('opens the generated show view in the right-side drawer from a row click', async () => {
    serveThing();
    const { user } = await renderResource({ ...things, name: 'things', drawer: 'show' });
    await user.click(await screen.findByText('ann'));
    const drawer = within(await screen.findByTestId('show-drawer'));
    expect(await drawer.findByText('ann@example.com')).toBeVisible();
    expect(drawer.getAllByRole('tab')).toHaveLength(3);
    // the list stays behind it (no route change)
    expect(document.querySelector('.RaDataTable-table')).toBeInTheDocument();
    await user.click(drawer.getByTestId('drawer-close'));
    await until(() => expect(screen.queryByTestId('show-drawer')).not.toBeInTheDocument());
  });
});
