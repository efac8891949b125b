// The single-form page shape (settings): one document loaded with GET, a form with tabs, saved with PUT; the spec's
// section 8 toasts, the API's field errors, the load error, save waiting for a change, the unsaved-changes guard.
// `/things/` is a test-only resource.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { defineResource } from '../../resources/engine/define';
import type { ResourceConfig } from '../../resources/engine/types';
import { renderResource, toasts, until } from './engine.helpers';
import { api, apiError, installMsw, server } from './msw';

installMsw({ offApi: ['/things/'] });

const app: ResourceConfig = {
  name: 'things',
  endpoints: {},
  single: { get: '/things/v1/app', put: '/things/admin/v1/app' },
  fields: [
    { source: 'app_name', edit: true, required: true },
    { source: 'maintenance', type: 'boolean', edit: true },
    { source: 'about', type: 'richtext', edit: true },
  ],
  tabs: [
    { name: 'general', fields: ['app_name', 'maintenance'] },
    { name: 'texts', fields: ['about'] },
  ],
};
defineResource(app);

const doc = { app_name: 'Acme', maintenance: false, about: '<p>About us</p>' };

/** Serves the document (in a `{ data }` envelope) and records the PUTs, answered by `answers` in turn. */
function serveApp(...answers: (() => Response)[]) {
  const puts: Record<string, unknown>[] = [];
  server.use(
    http.get(api('/things/v1/app'), () => HttpResponse.json({ data: doc })),
    http.put(api('/things/admin/v1/app'), async ({ request }) => {
      puts.push((await request.json()) as Record<string, unknown>);
      const answer = answers[Math.min(puts.length - 1, answers.length - 1)];
      return answer ? answer() : HttpResponse.json({ data: { ...doc, ...puts[puts.length - 1] } });
    }),
  );
  return puts;
}

const appName = () => screen.findByRole('textbox', { name: 'resources.things.fields.app_name' });

describe('single-form page', () => {
  it('loads the document, saves a change with PUT and says so', async () => {
    const puts = serveApp();
    const { user } = await renderResource(app);
    const name = await appName();
    expect(name).toHaveValue('Acme');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // nothing changed: nothing to save
    expect(screen.getByTestId('form-save')).toBeDisabled();
    await user.type(name, ' Corp');
    await user.click(screen.getByRole('switch', { name: 'resources.things.fields.maintenance' }));
    expect(screen.getByTestId('form-save')).toBeEnabled();
    await user.click(screen.getByTestId('form-save'));
    await until(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ app_name: 'Acme Corp', maintenance: true, about: '<p>About us</p>' });
    await until(() => expect(toasts()).toContain('Saved successfully'));
    // saved: pristine again
    await until(() => expect(screen.getByTestId('form-save')).toBeDisabled());
    expect(await appName()).toHaveValue('Acme Corp');
  });

  it("shows the API's field error under its input, keeps the typed value, and toasts the failure", async () => {
    const puts = serveApp(
      () => HttpResponse.json(apiError('validation', 'Invalid', { app_name: '名称已被占用' }), { status: 400 }),
      () => HttpResponse.json(apiError('internal', 'boom'), { status: 500 }),
    );
    const { user } = await renderResource(app, { locale: 'zh-CN' });
    const name = await appName();
    await user.clear(name);
    await user.type(name, 'Taken');
    await user.click(screen.getByTestId('form-save'));
    await until(() => expect(puts).toHaveLength(1));
    expect(await within(screen.getByTestId('form-app_name')).findByText('名称已被占用')).toBeInTheDocument();
    expect(name).toHaveValue('Taken');
    await until(() => expect(toasts()).toContain('保存失败'));
    // a failure without field errors: the toast again, the values kept
    await user.type(name, '2');
    await user.click(screen.getByTestId('form-save'));
    await until(() => expect(puts).toHaveLength(2));
    await until(() => expect(toasts().filter((t) => t === '保存失败')).toHaveLength(2));
    expect(name).toHaveValue('Taken2');
  });

  it('opens the tab of a problem on save', async () => {
    const puts = serveApp();
    const { user } = await renderResource(app);
    await user.clear(await appName());
    await user.click(screen.getByRole('tab', { name: 'resources.things.tabs.texts' }));
    expect(screen.getByTestId('tabpanel-general')).not.toBeVisible();
    await user.click(screen.getByTestId('form-save'));
    await until(() => expect(screen.getByTestId('tabpanel-general')).toBeVisible());
    expect(within(screen.getByTestId('form-app_name')).getByText('Required')).toBeVisible();
    expect(puts).toHaveLength(0);
  });

  it('says when the document cannot be loaded, and loads it again on retry', async () => {
    let fail = true;
    server.use(
      http.get(api('/things/v1/app'), () =>
        fail ? HttpResponse.json(apiError('internal', 'boom'), { status: 500 }) : HttpResponse.json(doc),
      ),
    );
    const { user } = await renderResource(app);
    expect(await screen.findByTestId('single-load-error')).toHaveTextContent(
      'Could not load the data, please try again later',
    );
    expect(screen.queryByTestId('form-save')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await appName()).toHaveValue('Acme');
  });

  it('warns before the browser leaves with unsaved changes', async () => {
    serveApp();
    const { user } = await renderResource(app);
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await appName();
    expect(leave()).toBe(false);
    await user.type(await appName(), '!');
    await until(() => expect(leave()).toBe(true));
  });
});
