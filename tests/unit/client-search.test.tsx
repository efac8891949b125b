// The client search of spec section 5: query required, not found (no client or no account), failure, hit.
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import client from '../../resources/client';
import { ClientSearch } from '../../resources/client/ClientSearch';
import { renderWithEngine, toasts, until } from './engine.helpers';
import { api, apiBody, apiError, server, installMsw } from './msw';

installMsw();

function answer(response: () => Response) {
  const queries: string[] = [];
  server.use(
    http.get(api('/client/admin/v1/username'), ({ request }) => {
      queries.push(new URL(request.url).searchParams.get('username') ?? '');
      return response();
    }),
  );
  return queries;
}

async function searchFor(text: string) {
  const onFound = vi.fn();
  const { user } = await renderWithEngine(<ClientSearch onFound={onFound} />, { locale: 'zh-CN' });
  const input = screen.getByPlaceholderText('按用户名查找客户');
  if (text) await user.type(input, text);
  await user.click(screen.getByRole('button', { name: '查找' }));
  return onFound;
}

describe('client search', () => {
  it('is the client list finder', () => {
    expect(client.config.finder).toBe(ClientSearch);
  });

  it('requires a query and sends nothing without one', async () => {
    const queries = answer(() =>
      HttpResponse.json(apiBody('GET /client/admin/v1/username', { id: 1, accounts: [{ id: 1 }] })),
    );
    await searchFor('   ');
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(queries).toEqual([]);
  });

  it('opens the client it finds, by trimmed exact username', async () => {
    const queries = answer(() =>
      HttpResponse.json(apiBody('GET /client/admin/v1/username', { id: 7, username: 'carol', accounts: [{ id: 3 }] })),
    );
    const onFound = await searchFor(' carol ');
    await until(() => expect(onFound).toHaveBeenCalledWith(7));
    expect(queries).toEqual(['carol']);
  });

  it('says not found for a 404', async () => {
    answer(() => HttpResponse.json({ message: 'x', code: 'client_not_found' }, { status: 404 }));
    const onFound = await searchFor('nobody');
    await until(() => expect(toasts()).toContain('未找到该用户或其账户。'));
    expect(onFound).not.toHaveBeenCalled();
  });

  it('says not found for a client without accounts', async () => {
    answer(() =>
      HttpResponse.json(apiBody('GET /client/admin/v1/username', { id: 9, username: 'empty', accounts: [] })),
    );
    const onFound = await searchFor('empty');
    await until(() => expect(toasts()).toContain('未找到该用户或其账户。'));
    expect(onFound).not.toHaveBeenCalled();
  });

  it('says the search failed on any other error', async () => {
    answer(() => HttpResponse.json(apiError('internal', 'boom'), { status: 500 }));
    await searchFor('carol');
    await until(() => expect(toasts()).toContain('查询失败，请稍后重试。'));
  });
});
