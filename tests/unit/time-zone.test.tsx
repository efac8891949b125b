// Times are the tenant's: the console shows and reads them in the zone of its app settings (GET /setting/v1/app
// `timezone`), whatever the browser's. This file runs the browser in New York and the tenant in Shanghai: a message
// scheduled for 09:30 in Shanghai is listed at 09:30 (it was 20:30 the day before), the full time with its zone in the
// tooltip and "时间为 Asia/Shanghai" once on the list; a typed 09:30 is sent as typed (the API reads it in the
// tenant's zone); the last sign-in on the dashboard is the tenant's time.
process.env.TZ = 'America/New_York';

import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import message, { composeValidate } from '../../resources/message';
import {
  formatDateTimeIn,
  formatFullDateTime,
  formatLocaleDate,
  formatLocaleDateTime,
  formatShortDateTime,
} from '../../resources/engine/format';
import { ProfileCard } from '../../src/dashboard/ProfileCard';
import { appState } from '../../src/state/appState';
import { renderResource, renderWithEngine, until } from './engine.helpers';
import { api, apiBody, apiList, installMsw, server } from './msw';

installMsw();

const SHANGHAI = 'Asia/Shanghai';
beforeEach(() => appState.set({ timeZone: SHANGHAI }));
afterAll(() => {
  appState.set({ timeZone: undefined });
  delete process.env.TZ;
});

/** This year's June 15, 09:30 in Shanghai (01:30 UTC; June 14, 21:30 in New York). */
const year = Number(new Intl.DateTimeFormat('en-CA', { timeZone: SHANGHAI, year: 'numeric' }).format(new Date()));
const SCHEDULED = `${year}-06-15T01:30:00Z`;

describe("formatting in the tenant's zone", () => {
  it('runs with the browser in New York', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/New_York');
    expect(new Date('2026-12-01T01:30:00Z').getHours()).toBe(20);
  });

  it('writes an instant in the given zone, a calendar day as it is, and the zone in the full form', () => {
    expect(formatLocaleDateTime('2026-12-01T01:30:00Z', 'zh-CN', SHANGHAI)).toBe('2026-12-01 09:30:00');
    expect(formatLocaleDateTime('2026-12-01T01:30:00Z', 'en-US', SHANGHAI)).toBe('12/01/2026 09:30:00');
    // without a zone known yet: the browser's (as before)
    expect(formatLocaleDateTime('2026-12-01T01:30:00Z', 'zh-CN')).toBe('2026-11-30 20:30:00');
    expect(formatLocaleDate('2026-12-01T01:30:00Z', 'zh-CN', SHANGHAI)).toBe('2026-12-01');
    expect(formatLocaleDate('2026-12-01', 'zh-CN', 'Pacific/Kiritimati')).toBe('2026-12-01');
    expect(formatFullDateTime('2026-12-01T01:30:00Z', 'zh-CN', SHANGHAI)).toBe(
      '2026-12-01 09:30:00 (Asia/Shanghai, UTC+08:00)',
    );
    expect(formatFullDateTime('2026-07-01T13:30:00Z', 'zh-CN', 'America/New_York')).toBe(
      '2026-07-01 09:30:00 (America/New_York, UTC-04:00)',
    );
    // the short form's "this year" is the tenant's: New Year's 00:30 in Shanghai is still 2026 in New York
    const now = new Date('2027-01-01T00:00:00Z');
    expect(formatShortDateTime('2026-12-31T16:30:00Z', 'zh-CN', now, SHANGHAI)).toBe('01-01 00:30');
    expect(formatShortDateTime('2026-12-31T16:30:00Z', 'zh-CN', now)).toBe('12-31 11:30');
    // an unknown zone falls back to the browser's rather than failing
    expect(formatLocaleDateTime('2026-12-01T01:30:00Z', 'zh-CN', 'Mars/Olympus')).toBe('2026-11-30 20:30:00');
  });
});

function serveMessages() {
  const created: Record<string, unknown>[] = [];
  const LIST = 'GET /message/admin/v1/list';
  const row = apiBody(LIST, {
    data: [
      {
        id: 7,
        title: '系统维护通知',
        title_en: null,
        body: '<p>x</p>',
        body_en: null,
        audience: 'all',
        team_leader_id: null,
        team_leader_name: null,
        template_id: null,
        template_name: null,
        status: 'scheduled',
        send_at: SCHEDULED,
        sent_at: null,
        recipients: 22,
        read: 0,
        created_by_name: 'Admin',
        created_at: `${year}-06-10T00:00:00Z`,
      },
    ],
    total: 1,
  }).data[0];
  server.use(
    http.get(api('/message/admin/v1/list'), () => HttpResponse.json(apiList(LIST, [row]))),
    http.get(api('/message/admin/v1/template/list'), () =>
      HttpResponse.json(
        apiList('GET /message/admin/v1/template/list', [
          {
            id: 5,
            name: '欢迎新客户',
            title: '欢迎您',
            title_en: null,
            body: '<p>您好</p>',
            body_en: null,
            updated_by_name: 'Supervisor',
            updated_at: SCHEDULED,
          },
        ]),
      ),
    ),
    http.post(api('/message/admin/v1/create'), async ({ request }) => {
      created.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(apiBody('POST /message/admin/v1/create', { ...row, id: 8 }));
    }),
  );
  return { created };
}

describe("the message list in the tenant's zone", () => {
  it('lists a message scheduled for 09:30 Shanghai at 09:30, the full time and zone in the tooltip', async () => {
    serveMessages();
    await renderResource(message.config, { locale: 'zh-CN', role: 'god' });
    const time = await until(() => screen.getByText('06-15 09:30'));
    expect(time.closest('[title]')).toHaveAttribute('title', `${year}-06-15 09:30:00 (Asia/Shanghai, UTC+08:00)`);
    expect(screen.queryByText('06-14 21:30')).not.toBeInTheDocument();
    expect(screen.getByTestId('time-zone-note')).toHaveTextContent('时间为 Asia/Shanghai');
  });

  it('sends a typed 09:30 as typed: the API reads it in the tenant zone, whatever the browser', async () => {
    const { created } = serveMessages();
    const { user } = await renderResource(message.config, { locale: 'zh-CN', path: '/message/create' });
    await until(() => screen.getByTestId('form-audience'));
    await user.click(within(screen.getByTestId('form-audience')).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: '全部客户' }));
    await user.click(within(screen.getByTestId('form-template_id')).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: '欢迎新客户' }));
    await user.type(screen.getByRole('textbox', { name: /定时发送/ }), `${year + 1}-06-15 09:30`);
    await user.click(screen.getByRole('button', { name: '保存' }));
    await until(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ audience: 'all', template_id: 5, send_at: `${year + 1}-06-15 09:30` });
  });
});

describe('a typed send_at', () => {
  it("is checked in the tenant's zone: an hour ahead in Honolulu is in the future, not 18 hours past", () => {
    appState.set({ timeZone: 'Pacific/Honolulu' });
    const inAnHour = formatDateTimeIn(new Date(Date.now() + 3_600_000), 'Pacific/Honolulu').slice(0, 16);
    const anHourAgo = formatDateTimeIn(new Date(Date.now() - 3_600_000), 'Pacific/Honolulu').slice(0, 16);
    const values = { audience: 'all', template_id: 5 };
    expect(composeValidate({ ...values, send_at: inAnHour })).toBeUndefined();
    expect(composeValidate({ ...values, send_at: anHourAgo })).toEqual({ send_at: 'errors.field.send_at_past' });
  });
});

describe("the dashboard's last sign-in", () => {
  it("is the tenant's time, with its zone in the tooltip and said on the card", async () => {
    server.use(
      http.get(api('/auth/admin/v1/userinfo'), () =>
        HttpResponse.json(
          apiBody('GET /auth/admin/v1/userinfo', {
            id: 1,
            name: 'Ada',
            username: 'ada',
            role: 'god',
            tenant_id: 'tr',
            last_login_at: '2026-11-26T16:30:00Z',
          }),
        ),
      ),
    );
    await renderWithEngine(<ProfileCard />, { locale: 'zh-CN' });
    const last = await screen.findByTestId('profile-last-login');
    expect(last).toHaveTextContent('2026-11-27 00:30:00');
    expect(last).toHaveAttribute('title', '2026-11-27 00:30:00 (Asia/Shanghai, UTC+08:00)');
    expect(screen.getByTestId('time-zone-note')).toHaveTextContent('时间为 Asia/Shanghai');
  });
});
