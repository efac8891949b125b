// The lists the dashboard's "today" cards open (src/dashboard/links.ts): each filter is one the list's form declares
// (so it shows and can be cleared) and the API takes (msw checks the list call against the route's schema); the money
// cards filter by the day the record was decided, as the figures count; the approvals card opens the default view.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import approval from '../../resources/approval';
import client from '../../resources/client';
import deposit from '../../resources/deposit';
import withdrawal from '../../resources/withdrawal';
import { filtersOf, rangeParams } from '../../resources/engine/schema';
import type { ResourceConfig } from '../../resources/engine/types';
import { openOrdersLink, todayLinks } from '../../src/dashboard/links';
import { trxEntries } from '../../resources/trx';
import { record, renderResource, serveList, until } from './engine.helpers';
import { apiList, api, installMsw, server } from './msw';
import { http, HttpResponse } from 'msw';

installMsw();

const DAY = '2026-11-27';
const links = todayLinks(DAY);

/** The react-admin filter of a link. */
const filterOf = (link: string) =>
  JSON.parse(new URLSearchParams(link.split('?')[1]).get('filter') ?? 'null') as Record<string, unknown>;

/** The query parameters a list's filter form sets (a date range: its two days). */
const formParams = (config: ResourceConfig) =>
  filtersOf(config).flatMap((f) => (f.type === 'dateRange' ? Object.values(rangeParams(f)) : [f.source]));

describe("the dashboard's today links", () => {
  it('filter approved deposits and withdrawals by the day they were decided', () => {
    for (const link of [links.deposits, links.withdrawals])
      expect(filterOf(link)).toEqual({ status: 'approved', resolved_at_from: DAY, resolved_at_to: DAY });
    expect(links.deposits.startsWith('/deposit?')).toBe(true);
    expect(links.withdrawals.startsWith('/withdrawal?')).toBe(true);
    expect(filterOf(links.clients)).toEqual({ created_from: DAY, created_to: DAY });
  });

  it('name only filters their list declares', () => {
    const pages: [string, ResourceConfig][] = [
      [links.deposits, deposit.config],
      [links.withdrawals, withdrawal.config],
      [links.clients, client.config],
      [links.approvals, approval.config],
    ];
    for (const [link, config] of pages) {
      expect(link.split('?')[0]).toBe(`/${config.name}`);
      for (const key of Object.keys(filterOf(link))) expect(formParams(config), `${link}: ${key}`).toContain(key);
    }
  });

  it('open the approval queue on its default view: an empty filter, not the view the list remembered', () => {
    // react-admin reads the address's filter only when it names one; without it, the remembered one
    expect(filterOf(links.approvals)).toEqual({});
  });

  it('the deposits link opens the list with its filter shown and sent to the API', async () => {
    const queries = serveList(deposit.config.endpoints.list!, [
      record(1, { status: 'approved', resolved_at: '2026-11-26T16:00:00Z' }),
    ]);
    await renderResource(deposit.config, { path: links.deposits });
    await until(() => expect(queries.length).toBeGreaterThan(0));
    const q = queries[queries.length - 1];
    expect([q.get('status'), q.get('resolved_at_from'), q.get('resolved_at_to')]).toEqual(['approved', DAY, DAY]);
    expect(q.get('created_at_from')).toBeNull();
    // the range's inputs are on the form, holding the day (the user sees and can clear it)
    const from = document.querySelector<HTMLInputElement>('input[name="resolved_at_from"]');
    const to = document.querySelector<HTMLInputElement>('input[name="resolved_at_to"]');
    expect(from?.value).toBeTruthy();
    expect(to?.value).toBe(from?.value);
    expect(await screen.findByText('user1')).toBeTruthy();
  });

  it("a product's exposure line opens its open orders: the statuses the figure counts, a choice of the status filter", async () => {
    expect(filterOf(openOrdersLink('stock')!)).toEqual({ status: 'pending,holding' });
    expect(filterOf(openOrdersLink('ipo')!)).toEqual({
      status: 'pending,approved,waiting_payment,outstanding,holding',
    });
    // savings have no records page
    expect(openOrdersLink('saving')).toBeUndefined();
    const config = trxEntries.stock.config;
    expect(openOrdersLink('stock')!.split('?')[0]).toBe(`/${config.name}`);
    const queries: URLSearchParams[] = [];
    server.use(
      http.get(api('/trx/admin/v1/stock/list'), ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json(apiList('GET /trx/admin/v1/stock/list', [], { total: 0, totals: [] }));
      }),
      // the product filter's choices
      http.get(api('/trades/admin/v1/stock/product/list'), () =>
        HttpResponse.json(apiList('GET /trades/admin/v1/stock/product/list', [])),
      ),
    );
    await renderResource(config, { path: openOrdersLink('stock') });
    await until(() => expect(queries.length).toBeGreaterThan(0));
    expect(queries[queries.length - 1].get('status')).toBe('pending,holding');
    // the status filter says which choice it holds
    expect(await screen.findByText('Open orders (all)')).toBeTruthy();
  });
});
