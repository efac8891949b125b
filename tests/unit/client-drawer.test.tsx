import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import ClientDrawer from '../../resources/client/ClientDrawer';
import type { PermissionPayload, Role } from '../../permissions';
import type { Account, Client } from '../../resources/client/drawer/api';
import { account, fakeClientApi, flush, pick, renderClientUi, toasts } from './client.helpers';
import { http, HttpResponse } from 'msw';
import { api, apiBody, apiList, installMsw, server } from './msw';

installMsw();
// MUI in jsdom is slow on first render.

async function openDrawer(
  options: {
    role?: Role;
    grants?: PermissionPayload['grants'];
    clientId?: number | string;
    client?: Partial<Client>;
    accounts?: Account[];
  } = {},
) {
  const fake = fakeClientApi({ client: options.client, accounts: options.accounts });
  const onClose = vi.fn();
  const utils = await renderClientUi(<ClientDrawer clientId={options.clientId ?? 42} onClose={onClose} />, {
    role: options.role,
    grants: options.grants,
  });
  await screen.findByTestId('client-fields').catch(() => undefined);
  await flush();
  return { ...utils, fake, onClose };
}

const fieldKeys = () =>
  Array.from(screen.getByTestId('client-fields').querySelectorAll('[data-field]')).map((el) =>
    el.getAttribute('data-field'),
  );

describe('ClientDrawer', () => {
  it('is anchored right and half wide', async () => {
    await openDrawer();
    const paper = screen.getByTestId('client-drawer');
    expect(paper.className).toMatch(/MuiDrawer-paperAnchorRight/);
    expect(getComputedStyle(paper).width).toBe('50%');
  });

  it('shows the basic info and hides empty fields', async () => {
    await openDrawer({ client: { superman: null, mfa: true } });
    expect(screen.getByTestId('client-username')).toHaveTextContent('alice');
    expect(screen.getByTestId('client-basic-info')).toHaveTextContent('Alice Zhang · 13800000000');
    expect(fieldKeys()).toEqual([
      'fake',
      'active',
      'kyc_status',
      'score',
      'vip',
      'agent_name',
      'mfa',
      'create_datetime',
    ]);
    const fields = screen.getByTestId('client-fields');
    expect(fields).toHaveTextContent('类型真实');
    expect(fields).toHaveTextContent('状态启用');
    expect(fields).toHaveTextContent('实名状态已认证');
    expect(fields).toHaveTextContent('VIP 等级2');
    expect(fields).toHaveTextContent('业务员sales');
    expect(fields).toHaveTextContent('已绑定验证器是');
    expect(screen.getByTestId('client-reset-mfa')).toBeEnabled();
  });

  it('marks a robot and disables reset authenticator when none is bound', async () => {
    await openDrawer({ client: { fake: true, active: false, mfa: false } });
    expect(screen.getByTestId('client-basic-info')).toHaveTextContent('机器人');
    expect(screen.getByTestId('client-fields')).toHaveTextContent('状态禁用');
    expect(screen.getByTestId('client-reset-mfa')).toBeDisabled();
  });

  it('shows every account field, the balance red when negative and green when positive', async () => {
    await openDrawer({
      accounts: [
        account(1, 'USD', '1234567.5', { bonus: '10', frozen: '2.5' }),
        account(2, 'CNY', '-20.50'),
        account(3, 'EUR', '0'),
      ],
    });
    const cards = screen.getAllByTestId('account-card');
    expect(cards).toHaveLength(3);
    expect(cards[0]).toHaveTextContent('AC000001');
    expect(cards[0]).toHaveTextContent('USD');
    expect(within(cards[0]).getByTestId('account-balance')).toHaveTextContent('1,234,567.50');
    for (const label of ['充值', '提现', '盈亏', '赠分', '奖励', '借款', '冻结', '待还'])
      expect(cards[0]).toHaveTextContent(label);
    expect(cards[0].querySelector('[data-field="bonus"]')).toHaveTextContent('10.00');
    expect(cards[0].querySelector('[data-field="frozen"]')).toHaveTextContent('2.50');
    const [pos, neg, zero] = cards.map((c) => within(c).getByTestId('account-balance'));
    expect(neg).toHaveTextContent('-20.50');
    expect(getComputedStyle(pos).color).toBe('rgb(46, 125, 50)');
    expect(getComputedStyle(neg).color).toBe('rgb(211, 47, 47)');
    expect(getComputedStyle(zero).color).not.toBe(getComputedStyle(pos).color);
  });

  it('shows the empty state without accounts: the money buttons disabled, no exchange button', async () => {
    await openDrawer({ accounts: [] });
    expect(screen.getByTestId('accounts-empty')).toHaveTextContent('该客户暂无账户');
    for (const kind of ['deposit', 'compensation', 'bonus'])
      expect(screen.getByTestId(`action-${kind}`)).toBeDisabled();
    expect(screen.queryByTestId('action-exchange')).toBeNull();
  });

  it('offers the money buttons with client/fund, exchange only with more than one account', async () => {
    await openDrawer({ role: 'god' });
    for (const id of ['action-deposit', 'action-compensation', 'action-bonus', 'action-exchange']) {
      expect(screen.getByTestId(id)).toBeInTheDocument();
    }
  });

  it('hides exchange for a single account', async () => {
    await openDrawer({ accounts: [account(1, 'USD', '5')] });
    expect(screen.getByTestId('action-bonus')).toBeInTheDocument();
    expect(screen.queryByTestId('action-exchange')).toBeNull();
  });

  it.each<Role>(['superman', 'hero'])('hides every money button from %s (no client/fund)', async (role) => {
    await openDrawer({ role });
    expect(screen.getAllByTestId('account-card')).toHaveLength(2);
    expect(screen.queryByTestId('fund-actions')).toBeNull();
    expect(screen.queryByTestId('action-deposit')).toBeNull();
  });

  it('reloads the basic info and accounts after a successful deposit', async () => {
    const { user, fake } = await openDrawer();
    const before = fake.calls('/api/client/admin/v1/detail/42').length;
    await user.click(screen.getByTestId('action-deposit'));
    const dialog = await screen.findByTestId('deposit-dialog');
    await waitFor(() => expect(fake.calls('/api/acc/admin/v1/list/42').length).toBeGreaterThan(1));
    await pick(user, /入账账户/, /AC000001/);
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /金额/ }), { target: { value: '50' } });
    await user.click(within(dialog).getByTestId('fund-submit'));
    await waitFor(() => expect(toasts()).toContain('充值已登记，等待审核'));
    await waitFor(() => expect(fake.calls('/api/client/admin/v1/detail/42').length).toBe(before + 1));
  });

  it('reloads on refresh and after the client password changed', async () => {
    const { user, fake } = await openDrawer();
    await user.click(screen.getByTestId('client-refresh'));
    await waitFor(() => expect(fake.calls('/api/client/admin/v1/detail/42')).toHaveLength(2));
    await user.click(screen.getByTestId('client-change-password'));
    await user.type(await screen.findByLabelText(/新密码/), 'newpass');
    await user.click(screen.getByTestId('password-submit'));
    await waitFor(() => expect(toasts()).toContain('密码已更新'));
    await waitFor(() => expect(fake.calls('/api/client/admin/v1/detail/42')).toHaveLength(3));
  });

  it('tells when the client cannot be loaded, and when there is no client id', async () => {
    fakeClientApi({ detailStatus: 500 });
    const { unmount } = await renderClientUi(<ClientDrawer clientId={7} onClose={() => undefined} />);
    await waitFor(() => expect(toasts()).toContain('无法获取用户信息'));
    unmount();
    await renderClientUi(<ClientDrawer clientId="" onClose={() => undefined} />);
    await waitFor(() => expect(toasts()).toContain('无法获取用户 ID'));
    expect(screen.getByTestId('client-drawer')).toHaveTextContent('无法获取用户 ID');
  });

  it('closes from its close button', async () => {
    const { user, onClose } = await openDrawer();
    await user.click(screen.getByTestId('client-drawer-close'));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the sub-tabs in order with their data', async () => {
    const { user, fake } = await openDrawer();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['实名信息', '交易设置', '访问记录', '银行卡', '受益人', '持仓']);

    // The API's field names, values in words: document type, country, status.
    const kyc = await screen.findByTestId('kyc-info');
    for (const text of [
      '真实姓名Alice Zhang',
      '证件类型护照',
      '证件号码ID-123',
      '国籍中国',
      '出生日期1990-05-06',
      '已认证',
    ])
      expect(kyc).toHaveTextContent(text);
    // The document photo loads from the signed URL the API answers, not the stored value.
    expect(within(kyc).getByRole('img', { name: '证件正面' })).toHaveAttribute(
      'src',
      '/api/s3/object/tr/11111111-2222-4333-8444-555555555555.png?expires=1&signature=s',
    );

    await user.click(screen.getByTestId('client-tab-trade'));
    await screen.findByTestId('trade-settings');
    expect(screen.getByLabelText('允许买入')).toBeChecked();
    expect(screen.getByLabelText('允许卖出')).not.toBeChecked();
    expect(screen.getByLabelText('最大杠杆倍数')).toHaveValue(5);
    fireEvent.change(screen.getByLabelText('最大杠杆倍数'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('每日交易限额'), { target: { value: '1e3' } });
    expect(screen.getByTestId('trade-save')).toBeDisabled();
    fireEvent.change(screen.getByLabelText('每日交易限额'), { target: { value: '5000.50' } });
    await user.click(screen.getByLabelText('允许买入'));
    await user.click(screen.getByTestId('trade-save'));
    await waitFor(() => expect(toasts()).toContain('保存成功'));
    expect(fake.calls('/api/client/admin/v1/trade/42', 'POST')[0].body).toEqual({
      buy_enabled: false,
      sell_enabled: false,
      max_leverage: 10,
      daily_limit: '5000.50',
    });

    await user.click(screen.getByTestId('client-tab-access'));
    const access = await screen.findByTestId('access-records');
    for (const text of ['10.0.0.1', 'Shanghai', '登录失败', 'Mozilla/5.0 (iPhone)'])
      expect(access).toHaveTextContent(text);

    await user.click(screen.getByTestId('client-tab-bank'));
    const bank = await screen.findByTestId('bank-cards');
    for (const text of ['银行名称', '持卡人', '卡号', '开户地址', '预留手机号', 'ICBC', '6222000011112222'])
      expect(bank).toHaveTextContent(text);

    await user.click(screen.getByTestId('client-tab-nominee'));
    const nominees = await screen.findByTestId('nominees');
    for (const text of ['姓名', '关系', '电话', '出生日期', '受益比例', 'Bob', '配偶', '1990-01-01', '100.00%']) {
      expect(nominees).toHaveTextContent(text);
    }

    await user.click(screen.getByTestId('client-tab-holdings'));
    const holdings = await screen.findByTestId('holdings');
    for (const text of ['AAPL', '股票', '150.5000', '1,505.00']) expect(holdings).toHaveTextContent(text);
    // Whole shares without their zero decimals (the API answers quantities with 4).
    expect(holdings).not.toHaveTextContent('10.0000');
  });

  it('shows an empty state in each sub-tab without data, the KYC status still', async () => {
    const { user } = await openDrawer();
    server.use(
      http.get(api('/identify/admin/v1/client_detail/:id'), () =>
        HttpResponse.json(
          apiBody('GET /identify/admin/v1/client_detail/:id', { client_id: 42, kyc_status: 'unverified' }),
        ),
      ),
      http.get(api('/client/admin/v1/access/:id'), () =>
        HttpResponse.json(apiList('GET /client/admin/v1/access/:id', [])),
      ),
    );
    // Tabs load when shown: leave the KYC tab and come back.
    await user.click(screen.getByTestId('client-tab-trade'));
    await user.click(screen.getByTestId('client-tab-kyc'));
    expect(await screen.findByTestId('kyc-empty')).toHaveTextContent('暂无实名信息');
    expect(screen.queryByTestId('kyc-info')).toBeNull();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('认证状态未认证');
    await user.click(screen.getByTestId('client-tab-access'));
    expect(await screen.findByTestId('access-records-empty')).toHaveTextContent('暂无数据');
  });

  it('disables saving trade settings without client/update', async () => {
    const { user } = await openDrawer({ grants: [{ resource: 'client', actions: ['read'] }] });
    expect(screen.queryByTestId('fund-actions')).toBeNull();
    await user.click(screen.getByTestId('client-tab-trade'));
    await screen.findByTestId('trade-settings');
    expect(screen.getByTestId('trade-save')).toBeDisabled();
  });

  it('speaks English too', async () => {
    fakeClientApi();
    await renderClientUi(<ClientDrawer clientId={42} onClose={() => undefined} />, { locale: 'en-US' });
    await screen.findByTestId('client-fields');
    expect(screen.getByText('Client information')).toBeInTheDocument();
    expect(screen.getByTestId('action-compensation')).toHaveTextContent('Bonus points');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Real-name info',
      'Trade settings',
      'Access records',
      'Bank cards',
      'Beneficiary',
      'Holdings',
    ]);
  });
});
