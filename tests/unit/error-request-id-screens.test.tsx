// The screens' own failure texts (the drawer's load errors, client search, the dialogs' accounts, a sub-tab) carry the
// failed request's id too, after the text the screen always showed; without an id they read as before.
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import ClientDrawer from '../../resources/client/ClientDrawer';
import { ClientSearch } from '../../resources/client/ClientSearch';
import LoadState from '../../resources/client/drawer/LoadState';
import RateLine from '../../resources/client/dialogs/RateLine';
import { ApiError } from '../../dataProvider/http';
import { fakeClientApi, renderClientUi, toasts } from './client.helpers';
import { renderWithEngine, until } from './engine.helpers';
import { api, server, installMsw } from './msw';

installMsw();

const ID = '3f9a2c4b1d5e6f70';
const failed = (status = 500) => HttpResponse.json({ message: 'boom', code: 'internal', request_id: ID }, { status });

describe("the request id in the screens' own failure texts", () => {
  it("the client drawer's load errors: the toast and the panels", async () => {
    fakeClientApi();
    server.use(
      http.get(api('/client/admin/v1/detail/:id'), () => failed()),
      http.get(api('/acc/admin/v1/list/:id'), () => failed(503)),
    );
    await renderClientUi(<ClientDrawer clientId={7} onClose={() => undefined} />);
    await waitFor(() => expect(toasts()).toContain(`无法获取用户信息（请求编号 ${ID}）`));
    const drawer = screen.getByTestId('client-drawer');
    await waitFor(() => expect(drawer).toHaveTextContent(`无法获取用户信息（请求编号 ${ID}）`));
    expect(drawer).toHaveTextContent(`无法获取客户账户信息（请求编号 ${ID}）`);
  });

  it('a failed client search', async () => {
    server.use(http.get(api('/client/admin/v1/username'), () => failed()));
    const { user } = await renderWithEngine(<ClientSearch onFound={() => undefined} />, { locale: 'zh-CN' });
    await user.type(screen.getByPlaceholderText('按用户名查找客户'), 'carol');
    await user.click(screen.getByRole('button', { name: '查找' }));
    await until(() => expect(toasts().some((t) => t.endsWith(`（请求编号 ${ID}）`))).toBe(true));
  });

  it("a drawer sub-tab's load error, and without an id the text as before", async () => {
    const error = new ApiError('boom', 500, 'internal', undefined, {
      message: 'boom',
      code: 'internal',
      request_id: ID,
    });
    const state = (e: unknown) => ({ data: undefined, error: e, refetch: () => undefined });
    const { unmount } = await renderClientUi(<LoadState state={state(error)}>{() => null}</LoadState>);
    expect(await screen.findByRole('alert')).toHaveTextContent(`加载失败，请稍后重试（请求编号 ${ID}）`);
    unmount();
    await renderClientUi(<LoadState state={state(new Error('offline'))}>{() => null}</LoadState>);
    const plain = await screen.findByRole('alert');
    expect(plain).toHaveTextContent('加载失败，请稍后重试');
    expect(plain).not.toHaveTextContent('请求编号');
  });

  it("a dialog's rate that could not be read", async () => {
    const failure = new ApiError('boom', 502, 'internal', undefined, {
      message: 'boom',
      code: 'internal',
      request_id: ID,
    });
    await renderClientUi(
      <RateLine from="USD" to="CNY" amount="1" state={{ rate: null, loading: false, error: true, failure }} />,
    );
    expect(await screen.findByTestId('rate-error')).toHaveTextContent(`（请求编号 ${ID}）`);
  });
});
