// The App settings page (resources/settings): the app config form saved with PUT, the saved name reaching the shell
// at once, the API's field errors, the section 8 load errors of the company documents and the locale, and the mocks
// of the settings routes checked against the API's schemas (installMsw; the old guess of /setting/v1/app refused).
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, inject, it } from 'vitest';
import { contractValidator } from '../contract/validator';
import { SettingsView } from '../../resources/settings/SettingsView';
import { useAppInfo } from '../../src/layout/useAppInfo';
import { renderWithEngine, toasts, until } from './engine.helpers';
import { api, apiBody, apiError, installMsw, server } from './msw';

installMsw();

const appDoc = apiBody('GET /setting/v1/app', {
  app_name: 'Admin',
  app_version: '1.0.0',
  app_template: 'default',
  locale: 'zh-CN',
  language: 'zh-CN',
  currency: 'CNY',
  timezone: 'Asia/Shanghai',
});

/** Serves the app settings; records the PUTs, answered by `answer` (default: the saved document). */
function serveApp(answer?: (body: Record<string, unknown>) => Response) {
  const puts: Record<string, unknown>[] = [];
  let current = appDoc;
  server.use(
    http.get(api('/setting/v1/app'), () => HttpResponse.json(current)),
    http.put(api('/setting/admin/v1/app'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      puts.push(body);
      if (answer) return answer(body);
      current = apiBody('GET /setting/v1/app', { ...appDoc, ...body });
      return HttpResponse.json(current);
    }),
  );
  return puts;
}

/** The shell's app name (what the top bar and page titles show). */
function ShellName() {
  return <output data-testid="shell-name">{useAppInfo().appName}</output>;
}

const page = (locale: 'zh-CN' | 'en-US' = 'en-US') =>
  renderWithEngine(
    <>
      <SettingsView />
      <ShellName />
    </>,
    { locale },
  );

describe('app settings page', () => {
  it('saves a renamed app with PUT, says so, and the shell shows the new name at once', async () => {
    const puts = serveApp();
    const { user } = await page();
    const name = await screen.findByRole('textbox', { name: /App name/ });
    expect(name).toHaveValue('Admin');
    await until(() => expect(screen.getByTestId('shell-name')).toHaveTextContent('Admin'));
    expect(screen.getByTestId('form-save')).toBeDisabled();
    await user.clear(name);
    await user.type(name, '  Acme Office ');
    await user.click(screen.getByTestId('form-save'));
    await until(() => expect(toasts()).toContain('Saved successfully'));
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatchObject({
      app_name: 'Acme Office',
      web_logo: '',
      currency: 'CNY',
      timezone: 'Asia/Shanghai',
    });
    // every field of the document is sent (the API replaces it whole), nothing else
    expect(Object.keys(puts[0]).sort()).toEqual(
      [
        'app_name',
        'web_logo',
        'app_version',
        'app_template',
        'app_service',
        'locale',
        'language',
        'currency',
        'timezone',
        'image',
      ].sort(),
    );
    await until(() => expect(screen.getByTestId('shell-name')).toHaveTextContent('Acme Office'));
  });

  it("shows the API's field error under its input and says the save failed", async () => {
    serveApp(() =>
      HttpResponse.json(
        apiError('validation', 'Upload the image here', {
          app_service: 'Customer service link must be an http or https address',
        }),
        { status: 400 },
      ),
    );
    const { user } = await page();
    const service = await screen.findByRole('textbox', { name: /Customer service link/ });
    await user.type(service, 'javascript:alert(1)');
    await user.click(screen.getByTestId('form-save'));
    await until(() => expect(toasts()).toContain('Save failed'));
    expect(await screen.findByText('Customer service link must be an http or https address')).toBeInTheDocument();
    expect(service).toHaveValue('javascript:alert(1)');
  });

  it('refuses an unknown time zone before sending', async () => {
    const puts = serveApp();
    const { user } = await page();
    const zone = await screen.findByRole('textbox', { name: /Time zone/ });
    await user.clear(zone);
    await user.type(zone, 'Mars/Olympus');
    await user.click(screen.getByTestId('form-save'));
    expect(await screen.findByText('Not a valid time zone')).toBeInTheDocument();
    expect(puts).toHaveLength(0);
  });

  it('company info: the documents load in their editors; a failed load says so in Chinese', async () => {
    serveApp();
    server.use(http.get(api('/setting/v1/co'), () => HttpResponse.json(apiError('internal', 'boom'), { status: 500 })));
    const { user } = await page('zh-CN');
    await user.click(await screen.findByRole('tab', { name: '公司信息' }));
    expect(await screen.findByTestId('single-load-error')).toHaveTextContent(/服务器|无法获取文档/);
    server.use(
      http.get(api('/setting/v1/co'), () =>
        HttpResponse.json(apiBody('GET /setting/v1/co', { about: '<p>关于我们</p>', terms: '', privacy: '' })),
      ),
    );
    await user.click(screen.getByRole('button', { name: '重试' }));
    // the editor holds the document
    expect(
      within(await screen.findByTestId('form-about')).getAllByText('关于我们', { selector: 'p' }).length,
    ).toBeGreaterThan(0);
  });

  it('company info: a network failure shows "Unable to get the documents"', async () => {
    serveApp();
    server.use(http.get(api('/setting/v1/co'), () => HttpResponse.error()));
    const { user } = await page();
    await user.click(await screen.findByRole('tab', { name: 'Company info' }));
    expect(await screen.findByTestId('single-load-error')).toHaveTextContent('Unable to get the documents');
  });

  it('time zone: shows the locale read-only, or "Unable to load the current locale"', async () => {
    serveApp();
    server.use(http.get(api('/setting/admin/v1/locale'), () => HttpResponse.error()));
    const { user } = await page();
    await user.click(await screen.findByRole('tab', { name: 'Time zone' }));
    expect(await screen.findByTestId('settings-load-error')).toHaveTextContent('Unable to load the current locale');
    server.use(
      http.get(api('/setting/admin/v1/locale'), () =>
        HttpResponse.json(
          apiBody('GET /setting/admin/v1/locale', {
            timezone: 'Asia/Shanghai',
            utc_offset: '+08:00',
            now: '2026-01-02 03:04:05',
            currency: 'CNY',
          }),
        ),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    const list = await screen.findByTestId('settings-locale');
    expect(within(list).getByTestId('locale-timezone')).toHaveTextContent('Asia/Shanghai');
    expect(within(list).getByTestId('locale-utc_offset')).toHaveTextContent('+08:00');
    expect(screen.queryByTestId('form-save')).not.toBeInTheDocument();
  });

  it('product display: saves the chosen products', async () => {
    serveApp();
    const puts: unknown[] = [];
    server.use(
      http.get(api('/setting/admin/v1/product'), () =>
        HttpResponse.json(apiBody('GET /setting/admin/v1/product', { products: ['stock', 'fund'] })),
      ),
      http.put(api('/setting/admin/v1/product'), async ({ request }) => {
        puts.push(await request.json());
        return HttpResponse.json(apiBody('PUT /setting/admin/v1/product', { products: ['stock'] }));
      }),
    );
    const { user } = await page();
    await user.click(await screen.findByRole('tab', { name: 'Product display' }));
    const panel = await screen.findByTestId('settings-panel-product');
    expect(await within(panel).findByText('Stocks')).toBeInTheDocument();
    const fund = within(panel).getByText('Funds').closest('.MuiChip-root') as HTMLElement;
    await user.click(within(fund).getByTestId('CancelIcon'));
    await user.click(screen.getByTestId('form-save'));
    await until(() => expect(toasts()).toContain('Saved successfully'));
    expect(puts).toEqual([{ products: ['stock'] }]);
  });
});

describe('settings contract', () => {
  const contract = contractValidator(inject('apiContract'));
  const check = (method: string, path: string, body: unknown) =>
    contract.check(contract.route(method, path)!, 200, body);

  it("refuses the console's old guess of GET /setting/v1/app and accepts the API's", () => {
    const old: Record<string, unknown> = { ...appDoc, language: 'zh' };
    delete old.web_logo_url;
    delete old.image_url;
    expect(check('GET', '/api/setting/v1/app', old).join()).toMatch(/web_logo_url|language/);
    expect(check('GET', '/api/setting/v1/app', appDoc)).toEqual([]);
    expect(check('GET', '/api/setting/admin/v1/product', { products: ['all'] }).join()).toMatch(/allowed values/);
    expect(check('GET', '/api/setting/v1/co', { about: '', terms: '' }).join()).toMatch(/privacy/);
  });
});
