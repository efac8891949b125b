// The dashboard page: today's figures first (deposits, withdrawals, new clients, what waits in the approval queue, the
// open orders per product), each opening its filtered list, the profile card at the side; then the statistics tabs
// (Summary, Product, Team Stat, Team Product Stat, the Summary's bars beside its daily series) with the figures of the API formatted exactly per currency, the date range (this month by default, sent as
// from/to, an end before the start not sent), the team tabs only for roles that may read them, loading and error
// states translated in both languages. Every mocked answer is checked against the API's own response schemas
// (installMsw + apiBody).
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import DashboardPage from '../../src/dashboard/DashboardPage';
import { mainCurrency, seriesOf, daysOf } from '../../src/dashboard/DailyLines';
import { lastMonth, thisMonth, today } from '../../src/dashboard/range';
import { openOrdersLink, todayLinks } from '../../src/dashboard/links';
import { renderWithEngine, until } from './engine.helpers';
import { api, apiBody, apiError, installMsw, server } from './msw';
import type { Role } from '../../permissions';
import { appState } from '../../src/state/appState';

installMsw();

const sum = (currency: string, amount: string, count: number) => ({ currency, amount, count });
const kinds = (over: Record<string, unknown> = {}) =>
  ['stock', 'block', 'ipo', 'daily', 'ai', 'fund', 'quant', 'saving'].map((kind) => ({
    kind,
    open: [],
    placed: [],
    arrears: [],
    ...((over[kind] as object) ?? {}),
  }));
const range = { from: '2026-11-01', to: '2026-11-23', time_zone: 'Asia/Shanghai' };

const summary = apiBody('GET /dashboard/admin/v1/summary', {
  ...range,
  clients: { total: 1_000_000, real: 970_000, robot: 30_000, new: 1234, new_real: 1200 },
  deposits: [sum('EUR', '0.10', 1), sum('USD', '1234567.89', 321)],
  withdrawals: [sum('USD', '98765.40', 12)],
  daily: [
    { day: '2026-11-02', deposits: [sum('EUR', '0.10', 1), sum('USD', '1234000.00', 300)], withdrawals: [] },
    { day: '2026-11-20', deposits: [sum('USD', '567.89', 21)], withdrawals: [sum('USD', '98765.40', 12)] },
  ],
  exposure: [
    {
      currency: 'USD',
      balance: '10000000.01',
      fo_amount: '15.50',
      otc_amount: '40.00',
      quant_amount: '11.11',
      ipo_amount: '140.00',
      funds_amount: '39.00',
      arrears_amount: '35.25',
      arrears_orders: 2,
    },
  ],
});
const product = apiBody('GET /dashboard/admin/v1/product', {
  ...range,
  kinds: kinds({
    stock: { open: [sum('USD', '18.50', 3)], placed: [sum('USD', '117.50', 4)] },
    fund: { open: [sum('EUR', '7.00', 1), sum('USD', '1200.00', 2)] },
    ipo: { arrears: [sum('USD', '35.25', 2)] },
  }),
});
const teamAgent = (agent_id: number | null, agent_name: string | null, role: string | null, deposits: unknown[]) => ({
  agent_id,
  agent_name,
  role,
  clients: { total: 2, real: 1, robot: 1, new: 2, new_real: 1 },
  deposits,
  withdrawals: [],
});
const team = apiBody('GET /dashboard/admin/v1/team', {
  ...range,
  teams: [
    {
      leader_id: 3,
      leader_name: 'Team Lead',
      clients: { total: 4, real: 3, robot: 1, new: 4, new_real: 3 },
      deposits: [sum('USD', '300.00', 2)],
      withdrawals: [],
      agents: [
        teamAgent(3, 'Team Lead', 'superman', [sum('USD', '100.00', 1)]),
        teamAgent(5, 'Sam Sales', 'hero', [sum('USD', '200.00', 1)]),
      ],
    },
    {
      leader_id: null,
      leader_name: null,
      clients: { total: 1, real: 1, robot: 0, new: 1, new_real: 1 },
      deposits: [sum('USD', '1.01', 1)],
      withdrawals: [],
      agents: [teamAgent(null, null, null, [sum('USD', '1.01', 1)])],
    },
  ],
});
const teamProduct = apiBody('GET /dashboard/admin/v1/team_product', {
  ...range,
  teams: [{ leader_id: 3, leader_name: 'Team Lead', kinds: kinds({ quant: { open: [sum('USD', '11.11', 1)] } }) }],
});

/** Serves the page's calls; records the dashboard queries. */
function serve(role: Role) {
  const calls: { part: string; from: string | null; to: string | null }[] = [];
  const bodies: Record<string, Record<string, unknown>> = { summary, product, team, team_product: teamProduct };
  server.use(
    http.get(api('/approval/admin/v1/count'), () =>
      HttpResponse.json(apiBody('GET /approval/admin/v1/count', { total: 7, by_kind: { deposit: 7 }, etag: '"c7"' })),
    ),
    http.get(api('/auth/admin/v1/userinfo'), () =>
      HttpResponse.json(
        apiBody('GET /auth/admin/v1/userinfo', { id: 1, name: 'Ada', username: 'ada', role, tenant_id: 'tr' }),
      ),
    ),
    http.get(api('/dashboard/admin/v1/:part'), ({ request, params }) => {
      const url = new URL(request.url);
      const part = String(params.part);
      calls.push({ part, from: url.searchParams.get('from'), to: url.searchParams.get('to') });
      return HttpResponse.json(bodies[part]);
    }),
  );
  return calls;
}

/** The calls of another range than today's (today's figures ask for today only). */
const rangeCalls = (calls: { part: string; from: string | null; to: string | null }[]) =>
  calls.filter((c) => !(c.from === c.to && c.from === today(new Date(), 'Asia/Shanghai').from));

describe('dashboard ranges', () => {
  // 2026-11-26 16:30 UTC is already November 27 in Shanghai (UTC+8)
  const late = new Date('2026-11-26T16:30:00Z');
  it("count the tenant's days, not the browser's", () => {
    expect(thisMonth(late, 'Asia/Shanghai')).toEqual({ from: '2026-11-01', to: '2026-11-27' });
    expect(thisMonth(late, 'UTC')).toEqual({ from: '2026-11-01', to: '2026-11-26' });
    expect(today(late, 'Asia/Shanghai')).toEqual({ from: '2026-11-27', to: '2026-11-27' });
    expect(lastMonth(new Date('2025-12-31T16:00:00Z'), 'Asia/Shanghai')).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(lastMonth(new Date('2026-03-10T00:00:00Z'), 'UTC')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });
});

describe('DashboardPage', () => {
  // the tenant's zone, as the shell learns it from the app settings (today's figures wait for it)
  beforeEach(() => appState.set({ timeZone: 'Asia/Shanghai' }));

  it("shows today's figures first, each opening its filtered list, the profile at the side", async () => {
    const calls = serve('god');
    await renderWithEngine(<DashboardPage />, { role: 'god', locale: 'zh-CN' });
    const todayPanel = await screen.findByTestId('dashboard-today');
    const stats = await screen.findByTestId('dashboard-stats');
    const profile = screen.getByTestId('profile-card');
    expect(todayPanel.compareDocumentPosition(stats) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(stats.compareDocumentPosition(profile) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // today's range, in the tenant's zone
    const day = today(new Date(), 'Asia/Shanghai').from;
    await until(() => expect(calls).toContainEqual({ part: 'summary', from: day, to: day }));
    expect(calls).toContainEqual({ part: 'product', from: day, to: day });
    expect(await screen.findByTestId('today-deposits-USD')).toHaveTextContent('1,234,567.89');
    expect(await screen.findByTestId('today-approvals-count')).toHaveTextContent('7');
    expect(within(screen.getByTestId('today-exposure-stock')).getByRole('link', { name: '涨停股票' })).toHaveAttribute(
      'href',
      openOrdersLink('stock'),
    );
    // each card a link to its list, filtered to what it counts
    const link = (id: string) => within(screen.getByTestId(id)).getAllByRole('link')[0].getAttribute('href');
    expect(link('today-deposits')).toBe(todayLinks(day).deposits);
    expect(link('today-withdrawals')).toBe(todayLinks(day).withdrawals);
    expect(link('today-clients')).toBe(todayLinks(day).clients);
    expect(link('today-approvals')).toBe(todayLinks(day).approvals);
  });

  it('leaves out the approval queue for a role that may not open it', async () => {
    serve('hero');
    await renderWithEngine(<DashboardPage />, { role: 'hero' });
    await screen.findByTestId('today-deposits-USD');
    expect(screen.queryByTestId('today-approvals')).toBeNull();
  });

  it('draws deposits and withdrawals per day of the range, one currency at a time', () => {
    const days = daysOf({ from: '2026-11-01', to: '2026-11-23' });
    expect(days).toHaveLength(23);
    expect(mainCurrency(summary.daily as never)).toBe('USD');
    const usd = seriesOf(summary.daily as never, days, 'deposits', 'USD');
    expect(usd[1]).toBe(123400000n);
    expect(usd[19]).toBe(56789n);
    expect(usd.filter((c) => c !== 0n)).toHaveLength(2);
  });

  it('shows the four tabs with exact per-currency figures', async () => {
    const calls = serve('god');
    const { user } = await renderWithEngine(<DashboardPage />, { role: 'god' });
    await screen.findByTestId('dashboard-stats');
    const tabs = within(screen.getByTestId('dashboard-tabs')).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Summary', 'Product', 'Team Stat', 'Team Product Stat']);

    expect(await screen.findByTestId('deposits-USD')).toHaveTextContent('1,234,567.89');
    expect(screen.getByTestId('deposits-EUR')).toHaveTextContent('0.10');
    expect(screen.getByTestId('withdrawals-USD')).toHaveTextContent('98,765.40');
    expect(screen.getByTestId('clients-total')).toHaveTextContent('1,000,000');
    expect(screen.getByTestId('clients-robot')).toHaveTextContent('30,000');
    expect(screen.getByTestId('exposure-USD-balance')).toHaveTextContent('10,000,000.01');
    expect(screen.getByTestId('exposure-USD-arrears_orders')).toHaveTextContent('2');
    expect(within(screen.getByTestId('card-chart')).getByRole('img', { name: /USD/ })).toHaveAccessibleName(
      'USD: Deposits 1,234,567.89, Withdrawals 98,765.40',
    );
    expect(screen.getByText('Calendar days in Asia/Shanghai')).toBeInTheDocument();
    // This month by default, one call for the open tab only.
    // This month in the tenant's zone (the answer's), whatever the browser's: one part asked for, the open tab's.
    await until(() => expect(calls).toContainEqual({ part: 'summary', ...thisMonth(new Date(), 'Asia/Shanghai') }));
    expect(rangeCalls(calls).every((c) => c.part === 'summary')).toBe(true);
    // the daily series beside the bars
    expect(within(screen.getByTestId('card-daily')).getByRole('img', { name: /USD/ })).toHaveAccessibleName(
      'USD: Deposits 1,234,567.89, Withdrawals 98,765.40',
    );

    await user.click(screen.getByTestId('stats-tab-product'));
    expect(await screen.findByTestId('kind-stock-open-USD')).toHaveTextContent('18.50');
    expect(screen.getByTestId('kind-stock-placed-USD')).toHaveTextContent('117.50');
    expect(screen.getByTestId('kind-ipo-arrears-USD')).toHaveTextContent('35.25');
    expect(within(screen.getByTestId('kind-stock')).getByText('Limit-up stocks')).toBeInTheDocument();
    expect(within(screen.getByTestId('card-open-chart')).getByRole('img', { name: /EUR/ })).toHaveAccessibleName(
      'EUR: Funds 7.00',
    );
    // The open amounts drawn side by side: only the kinds with money open in the currency, each bar named.
    expect(within(screen.getByTestId('card-open-chart')).getByRole('img', { name: /USD/ })).toHaveAccessibleName(
      'USD: Limit-up stocks 18.50, Funds 1,200.00',
    );

    await user.click(screen.getByTestId('stats-tab-team'));
    const lead = await screen.findByTestId('team-3');
    expect(within(lead).getByTestId('team-3-total-deposits-USD')).toHaveTextContent('300.00');
    expect(within(lead).getByTestId('team-3-agent-5-deposits-USD')).toHaveTextContent('200.00');
    expect(within(lead).getByText('Sam Sales')).toBeInTheDocument();
    expect(within(screen.getByTestId('team-none')).getByText('No team')).toBeInTheDocument();
    expect(within(screen.getByTestId('team-none')).getByText('No agent')).toBeInTheDocument();

    await user.click(screen.getByTestId('stats-tab-team_product'));
    expect(await screen.findByTestId('team-product-3-quant-open-USD')).toHaveTextContent('11.11');
    expect([...new Set(calls.map((c) => c.part))].sort()).toEqual(['product', 'summary', 'team', 'team_product']);
  });

  it('asks again for another range and does not ask for an end before the start', async () => {
    const calls = serve('god');
    const { user } = await renderWithEngine(<DashboardPage />, { role: 'god' });
    await screen.findByTestId('deposits-USD');
    fireEvent.change(screen.getByTestId('range-from'), { target: { value: '2025-03-01' } });
    fireEvent.change(screen.getByTestId('range-to'), { target: { value: '2025-03-31' } });
    await until(() => expect(calls.at(-1)).toEqual({ part: 'summary', from: '2025-03-01', to: '2025-03-31' }));
    const before = calls.length;
    fireEvent.change(screen.getByTestId('range-to'), { target: { value: '2025-02-01' } });
    expect(await screen.findByText('The end date cannot be before the start date')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'This month' }));
    await until(() => expect(calls.at(-1)).toEqual({ part: 'summary', ...thisMonth(new Date(), 'Asia/Shanghai') }));
    expect(calls.slice(before).every((c) => c.to! >= c.from!)).toBe(true);
  });

  it.each<[Role, boolean]>([
    ['hero', false],
    ['superman', true],
    ['angel', true],
  ])('shows the team tabs to %s: %s', async (role, shown) => {
    serve(role);
    await renderWithEngine(<DashboardPage />, { role });
    await screen.findByTestId('deposits-USD');
    const tabs = within(screen.getByTestId('dashboard-tabs'))
      .getAllByRole('tab')
      .map((t) => t.textContent);
    expect(tabs).toEqual(shown ? ['Summary', 'Product', 'Team Stat', 'Team Product Stat'] : ['Summary', 'Product']);
  });

  it('says it is loading and shows a failure in Chinese, with a retry', async () => {
    let fail = true;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    serve('god');
    server.use(
      http.get(api('/dashboard/admin/v1/summary'), async () => {
        await gate;
        return fail ? HttpResponse.json(apiError('internal', 'boom'), { status: 500 }) : HttpResponse.json(summary);
      }),
    );
    const { user } = await renderWithEngine(<DashboardPage />, { role: 'god', locale: 'zh-CN' });
    expect(await screen.findByText('正在加载统计…')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('dashboard-tabs'))
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['概览', '产品', '团队统计', '团队产品统计']);
    release();
    const alert = await screen.findByTestId('dashboard-error');
    expect(alert).toHaveTextContent('无法获取统计数据');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByTestId('deposits-USD')).toHaveTextContent('1,234,567.89');
    expect(screen.getByText('账户余额')).toBeInTheDocument();
  });
});
