// The message page: the list with its counts (in Chinese), the templates tab, compose (the shared rules of
// domain/message.ts checked before sending; the API's field codes under their inputs; a template makes title and
// body optional), cancel of a scheduled message, and what a salesman (message read) is offered. Every mocked answer
// is checked against the API's schemas (installMsw).
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import message from '../../resources/message';
import { composeValidate } from '../../resources/message';
import { renderResource, until } from './engine.helpers';
import { api, apiBody, apiError, apiList, installMsw, server } from './msw';

installMsw();

const LIST = 'GET /message/admin/v1/list';
const row = (id: number, extra: Record<string, unknown> = {}) =>
  apiBody(LIST, {
    data: [
      {
        id,
        title: '欢迎您，{{client_name}}',
        title_en: null,
        body: '<p>x</p>',
        body_en: null,
        audience: 'team',
        team_leader_id: 3,
        team_leader_name: 'Team Leader',
        template_id: null,
        template_name: null,
        status: 'sent',
        send_at: null,
        sent_at: '2026-11-23T09:00:00Z',
        recipients: 22,
        read: 9,
        created_by_name: 'Team Leader',
        created_at: '2026-11-23T09:00:00Z',
        ...extra,
      },
    ],
    total: 1,
  }).data[0];

type Write = { method: string; path: string; body: unknown };

function serve(options: { create?: (body: Record<string, unknown>) => Response } = {}) {
  const writes: Write[] = [];
  let rows = [
    row(2, {
      title: '系统维护通知',
      audience: 'all',
      status: 'scheduled',
      send_at: '2026-12-01T01:00:00Z',
      sent_at: null,
      read: 0,
      team_leader_name: null,
    }),
    row(1),
  ];
  const record = async (request: Request) => {
    const text = await request.clone().text();
    const body = text ? JSON.parse(text) : undefined;
    writes.push({ method: request.method, path: new URL(request.url).pathname, body });
    return body;
  };
  server.use(
    http.get(api('/message/admin/v1/list'), () => HttpResponse.json(apiList(LIST, rows))),
    http.get(api('/message/admin/v1/template/list'), () =>
      HttpResponse.json(
        apiList('GET /message/admin/v1/template/list', [
          {
            id: 5,
            name: '欢迎新客户',
            title: '欢迎您，{{client_name}}',
            title_en: 'Welcome',
            body: '<p>您好</p>',
            body_en: null,
            updated_by_name: 'Supervisor',
            updated_at: '2026-11-20T08:00:00Z',
          },
        ]),
      ),
    ),
    http.put(api('/message/admin/v1/template/:id'), async ({ request, params }) => {
      const body = (await record(request)) as Record<string, unknown>;
      return HttpResponse.json(apiBody('PUT /message/admin/v1/template/:id', { ...body, id: Number(params.id) }));
    }),
    http.post(api('/message/admin/v1/create'), async ({ request }) => {
      const body = (await record(request)) as Record<string, unknown>;
      if (options.create) return options.create(body);
      const made = row(3, { title: String(body.title ?? '欢迎您，{{client_name}}'), recipients: 5, read: 0 });
      rows = [made, ...rows];
      return HttpResponse.json(apiBody('POST /message/admin/v1/create', made));
    }),
    http.get(api('/message/admin/v1/:id'), ({ params }) =>
      HttpResponse.json(
        apiBody(
          'GET /message/admin/v1/:id',
          rows.find((r) => String(r.id) === params.id),
        ),
      ),
    ),
    http.post(api('/message/admin/v1/cancel/:id'), async ({ request, params }) => {
      await record(request);
      const r = rows.find((x) => String(x.id) === params.id)!;
      rows = rows.map((x) => (x === r ? { ...x, status: 'cancelled' } : x));
      return HttpResponse.json(apiBody('POST /message/admin/v1/cancel/:id', { ...r, status: 'cancelled' }));
    }),
  );
  return { writes };
}

describe('message page', () => {
  it('lists messages with their audience, status and counts, in Chinese; cancel only on a scheduled one', async () => {
    const { writes } = serve();
    const { user } = await renderResource(message.config, { locale: 'zh-CN', role: 'superman' });
    const sent = (await until(() => screen.getByText('欢迎您，{{client_name}}'))).closest('tr')!;
    expect(within(sent).getByText('团队')).toBeInTheDocument();
    expect(within(sent).getByText('已发送')).toBeInTheDocument();
    expect(within(sent).getByText('22')).toBeInTheDocument();
    expect(within(sent).getByText('9')).toBeInTheDocument();
    expect(within(sent).queryByRole('button', { name: '取消发送' })).not.toBeInTheDocument();
    const scheduled = screen.getByText('系统维护通知').closest('tr')!;
    expect(within(scheduled).getByText('定时待发')).toBeInTheDocument();
    expect(within(scheduled).getByText('全部客户')).toBeInTheDocument();
    await user.click(within(scheduled).getByRole('button', { name: '取消发送' }));
    const dialog = within(await until(() => screen.getByRole('dialog')));
    expect(dialog.getByText(/取消定时发送「系统维护通知」/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: /确认|确定/ }));
    await until(() => expect(writes).toEqual([{ method: 'POST', path: '/api/message/admin/v1/cancel/2', body: {} }]));
    // the page's second tab: the templates
    await user.click(screen.getByRole('tab', { name: '消息模板' }));
    await until(() => expect(screen.getByText('欢迎新客户')).toBeInTheDocument());
    // a leader (message create and read) may not write templates
    expect(screen.queryByRole('button', { name: '新建模板' })).not.toBeInTheDocument();
  });

  it('a salesman (message read) is offered neither compose nor cancel', async () => {
    serve();
    await renderResource(message.config, { locale: 'zh-CN', role: 'hero' });
    const scheduled = (await until(() => screen.getByText('系统维护通知'))).closest('tr')!;
    expect(within(scheduled).queryByRole('button', { name: '取消发送' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '新建' })).not.toBeInTheDocument();
  });

  it('the administrator writes templates from their definition: the rules shared with the API, a PUT it takes', async () => {
    const { writes } = serve();
    const { user } = await renderResource(message.config, { locale: 'zh-CN', role: 'god' });
    await until(() => screen.getByText('系统维护通知'));
    await user.click(screen.getByRole('tab', { name: '消息模板' }));
    const tpl = (await until(() => screen.getByText('欢迎新客户'))).closest('tr')!;
    // the create form is a dialog of the tab (it has no page of its own), with the definition's fields
    await user.click(screen.getByRole('button', { name: '新建模板' }));
    const create = within(await screen.findByRole('dialog'));
    expect(create.getByRole('textbox', { name: /模板名称/ })).toHaveValue('');
    await user.click(create.getByRole('button', { name: '取消' }));
    await until(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // edit: prefilled from the row; a {{variable}} the API does not know is refused before sending
    await user.click(within(tpl).getByRole('button', { name: '编辑' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('textbox', { name: /模板名称/ })).toHaveValue('欢迎新客户');
    const title = dialog.getByRole('textbox', { name: /标题（中文）/ });
    await user.clear(title);
    await user.type(title, 'Hi {{{{password}}');
    await user.click(dialog.getByRole('button', { name: '确认' }));
    expect(await dialog.findByText(/含有未知的变量/)).toBeInTheDocument();
    expect(writes).toHaveLength(0);
    await user.clear(title);
    await user.type(title, '您好 {{{{username}}');
    await user.click(dialog.getByRole('button', { name: '确认' }));
    await until(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      method: 'PUT',
      path: '/api/message/admin/v1/template/5',
      body: { name: '欢迎新客户', title: '您好 {{username}}', title_en: 'Welcome', body: '<p>您好</p>' },
    });
  });

  it('compose: the shared rules before sending, the API field code under its input, then the team from a template', async () => {
    const { writes } = serve({
      create: (body) =>
        body.audience === 'clients'
          ? HttpResponse.json(
              {
                ...apiError('validation', 'Not found or outside your scope: ghost', { usernames: 'ghost' }),
                field_codes: { usernames: { code: 'clients_unknown' } },
              },
              { status: 400 },
            )
          : HttpResponse.json(apiBody('POST /message/admin/v1/create', row(3, { recipients: 5, read: 0 }))),
    });
    const { user } = await renderResource(message.config, { locale: 'zh-CN', path: '/message/create' });
    const save = () => screen.getByRole('button', { name: '保存' });
    await until(() => screen.getByTestId('form-audience'));

    // a list of clients with an unknown variable in the title
    await user.click(within(screen.getByTestId('form-audience')).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: '客户列表' }));
    await user.type(await screen.findByRole('textbox', { name: /客户用户名列表/ }), 'c1, ghost');
    await user.type(screen.getByRole('textbox', { name: /标题（中文）/ }), 'Hi {{{{password}}');
    await user.click(save());
    expect(await screen.findByText(/含有未知的变量/)).toBeInTheDocument();
    expect(writes).toHaveLength(0);

    await user.clear(screen.getByRole('textbox', { name: /标题（中文）/ }));
    await user.type(screen.getByRole('textbox', { name: /标题（中文）/ }), '通知');
    // the body (rich text) is still required without a template: the form stays unsent
    await until(() => expect(screen.queryByText(/含有未知的变量/)).not.toBeInTheDocument());
    expect(save()).toBeDisabled();
    expect(writes).toHaveLength(0);

    // with a template, title and body may stay empty; the API's answer for the usernames shows under the input
    await user.click(within(screen.getByTestId('form-template_id')).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: '欢迎新客户' }));
    await user.click(save());
    expect(await screen.findByText('部分用户名不存在或不在您的范围内，请检查')).toBeInTheDocument();
    expect(writes[0]).toMatchObject({
      method: 'POST',
      path: '/api/message/admin/v1/create',
      body: { audience: 'clients', usernames: 'c1, ghost', template_id: 5, title: '通知' },
    });
  });

  it('the compose rules are the API rules (domain/message.ts)', () => {
    expect(composeValidate({ audience: 'team', template_id: 5 })).toBeUndefined();
    expect(composeValidate({ audience: 'client', title: 't', body: '<p></p>' })).toEqual({
      username: 'errors.field.required',
      body: 'errors.field.required',
    });
    expect(composeValidate({ audience: 'all', title: 't', body: 'b', send_at: '2001-01-01 10:00' })).toEqual({
      send_at: 'errors.field.send_at_past',
    });
  });
});
