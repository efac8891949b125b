// The customer-service page: the default's channels and hours (in Chinese, the tenant's time zone), the shared rules of
// domain/service.ts before saving (a chat link must be http(s), close after open), the saved body, the API's field
// codes under their inputs, and a team leader's view (his own team, the default read-only). Every mocked answer is
// checked against the API's schemas (installMsw).
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import service from '../../resources/service';
import { DEFAULT_HOURS } from '../../domain/service';
import { renderResource, toasts, until } from './engine.helpers';
import { api, apiBody, apiError, apiList, installMsw, server } from './msw';

installMsw();

const config = (extra: Record<string, unknown> = {}) =>
  apiBody('GET /service/admin/v1/default', {
    id: 1,
    scope: 'tenant',
    leader_id: null,
    leader_name: null,
    channels: [{ kind: 'chat', value: 'https://chat.example.com', label: '在线客服' }],
    hours: DEFAULT_HOURS,
    time_zone: 'Asia/Shanghai',
    updated_by_name: 'Administrator',
    updated_at: '2026-11-23T08:00:00Z',
    ...extra,
  });

type Write = { method: string; path: string; body: unknown };

function serve(options: { put?: (body: unknown) => Response } = {}) {
  const writes: Write[] = [];
  server.use(
    http.get(api('/service/admin/v1/list'), () =>
      HttpResponse.json(
        apiList('GET /service/admin/v1/list', [
          {
            id: 1,
            scope: 'tenant',
            leader_id: null,
            leader_name: null,
            channels: 1,
            open_days: 5,
            updated_by_name: 'Administrator',
            updated_at: '2026-11-23T08:00:00Z',
          },
        ]),
      ),
    ),
    http.get(api('/user/v1/list'), () =>
      HttpResponse.json(
        apiList('GET /user/v1/list', [
          { id: 1, username: 'leader', name: 'Team Leader', role: 'superman', active: true },
          { id: 4, username: 'leader2', name: 'Team Leader 2', role: 'superman', active: true },
        ]),
      ),
    ),
    http.get(api('/service/admin/v1/default'), () => HttpResponse.json(config())),
    http.get(api('/service/admin/v1/team/:id'), ({ params }) =>
      HttpResponse.json(
        apiBody(
          'GET /service/admin/v1/team/:id',
          config({
            id: null,
            scope: 'team',
            leader_id: Number(params.id),
            leader_name: 'Team Leader',
            updated_at: null,
            updated_by_name: null,
          }),
        ),
      ),
    ),
    http.put(api('/service/admin/v1/default'), async ({ request }) => {
      const body = (await request.clone().json()) as Record<string, unknown>;
      writes.push({ method: 'PUT', path: new URL(request.url).pathname, body });
      if (options.put) return options.put(body);
      return HttpResponse.json(apiBody('PUT /service/admin/v1/default', config(body)));
    }),
  );
  return { writes };
}

describe('customer service page', () => {
  it('shows the default, checks the rules before saving and saves channels and hours', async () => {
    const { writes } = serve();
    const { user } = await renderResource(service.config, { locale: 'zh-CN' });
    const editor = within(await until(() => screen.getByTestId('service-editor')));
    await until(() => editor.getByDisplayValue('https://chat.example.com'));
    expect(editor.getByText('工作时间按租户时区 Asia/Shanghai 计算')).toBeInTheDocument();
    expect(editor.getByTestId('service-hours-sat')).toHaveTextContent('休息');

    // a javascript: link and a closing time before the opening one are refused before sending
    const link = editor.getByDisplayValue('https://chat.example.com');
    await user.clear(link);
    await user.type(link, 'javascript:alert(1)');
    const mon = within(editor.getByTestId('service-hours-mon'));
    const close = within(mon.getByTestId('service-close-mon')).getByRole('textbox');
    await user.clear(close);
    await user.type(close, '08:00');
    await user.click(editor.getByTestId('service-save'));
    expect(await editor.findByText('请输入 http 或 https 开头的地址')).toBeInTheDocument();
    expect(editor.getByText('结束时间须晚于开始时间')).toBeInTheDocument();
    expect(writes).toHaveLength(0);

    await user.clear(link);
    await user.type(link, 'https://chat.example.com/new');
    await user.clear(close);
    await user.type(close, '17:30');
    // open on Saturday
    await user.click(within(editor.getByTestId('service-hours-sat')).getByRole('switch'));
    // a phone channel
    await user.click(editor.getByTestId('service-add-channel'));
    const rows = editor.getAllByTestId('service-channel');
    const added = within(rows[1]);
    await user.click(added.getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: '电话' }));
    await user.type(added.getAllByRole('textbox')[0], '+86 400-800-1234');
    await user.click(editor.getByTestId('service-save'));
    await until(() => expect(writes).toHaveLength(1));
    expect(writes[0].body).toEqual({
      channels: [
        { kind: 'chat', value: 'https://chat.example.com/new', label: '在线客服' },
        { kind: 'phone', value: '+86 400-800-1234', label: null },
      ],
      hours: DEFAULT_HOURS.map((h) =>
        h.day === 'mon' ? { ...h, close: '17:30' } : h.day === 'sat' ? { ...h, closed: false } : h,
      ),
    });
    await until(() => expect(toasts()).toContain('客服配置已保存'));
  });

  it("shows the API's field code under its input", async () => {
    serve({
      put: () =>
        HttpResponse.json(
          {
            ...apiError('validation', 'channels.0.value must be an http or https address', {
              'channels.0.value': 'must be an http or https address',
            }),
            field_codes: { 'channels.0.value': { code: 'http_url' } },
          },
          { status: 400 },
        ),
    });
    const { user } = await renderResource(service.config, { locale: 'zh-CN' });
    const editor = within(await until(() => screen.getByTestId('service-editor')));
    await until(() => editor.getByDisplayValue('https://chat.example.com'));
    await user.click(editor.getByTestId('service-save'));
    expect(await editor.findByText('请输入 http 或 https 开头的地址')).toBeInTheDocument();
  });

  it('a team leader opens on his own team; the default is read-only to him', async () => {
    serve();
    const { user } = await renderResource(service.config, { locale: 'zh-CN', role: 'superman' });
    const editor = within(await until(() => screen.getByTestId('service-editor')));
    await until(() =>
      expect(editor.getByText('该团队目前使用默认配置；保存后将为该团队单独配置。')).toBeInTheDocument(),
    );
    expect(editor.getByTestId('service-save')).toBeInTheDocument();
    await user.click(within(editor.getByTestId('service-scope')).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: '默认（全部客户）' }));
    await until(() => expect(editor.getByText(/默认配置由主管或管理员维护/)).toBeInTheDocument());
    expect(editor.queryByTestId('service-save')).not.toBeInTheDocument();
  });
});
