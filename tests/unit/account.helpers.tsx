// Rendering helpers of the sign-in and account UI tests: a minimal react-admin context (router, i18n, auth)
// with a probe that lists every toast as translated text.
import type { ReactNode } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { CoreAdminContext, memoryStore, TestMemoryRouter, useNotificationContext, useTranslate } from 'ra-core';
import { createI18nProvider, type UiLocale } from '../../i18n';
import { authMachine, authProvider, dataProvider } from '../../src/services';
import { DEMO_PASSWORD, GOOD_CODE } from './msw';

/** Lists every notification (toast) raised so far, translated, with its type. */
function ToastProbe() {
  const { notifications } = useNotificationContext();
  const translate = useTranslate();
  return (
    <ul data-testid="toasts">
      {notifications.map((n, i) => (
        <li key={i} data-type={n.type}>
          {typeof n.message === 'string' ? translate(n.message, n.notificationOptions?.messageArgs) : ''}
        </li>
      ))}
    </ul>
  );
}

export interface RenderOptions {
  locale?: UiLocale;
  path?: string;
}

/** Renders `ui` inside the console's providers (auth and dataProvider from src/services, real i18n) at `path`. */
export function renderInAdmin(ui: ReactNode, { locale = 'en-US', path = '/login' }: RenderOptions = {}) {
  const current = { pathname: path };
  const utils = render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(l) => (current.pathname = l.pathname)}>
      <CoreAdminContext
        i18nProvider={createI18nProvider({ initialLocale: locale })}
        authProvider={authProvider}
        dataProvider={dataProvider}
        store={memoryStore()}
      >
        {ui}
        <ToastProbe />
      </CoreAdminContext>
    </TestMemoryRouter>,
  );
  return { ...utils, location: () => current.pathname };
}

/** The texts of the toasts raised so far. */
export function toasts(): string[] {
  // Not by role: an open MUI dialog hides its siblings (aria-hidden) from role queries.
  return Array.from(screen.getByTestId('toasts').querySelectorAll('li')).map((li) => li.textContent ?? '');
}

/** The type (success, error, ...) of the toast with this text. */
export function toastType(text: string): string | null {
  const li = Array.from(screen.getByTestId('toasts').querySelectorAll('li')).find((x) => x.textContent === text);
  return li?.getAttribute('data-type') ?? null;
}

/** The input of a field by its name attribute. */
export function field(name: string): HTMLInputElement {
  const el = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!el) throw new Error(`no input named ${name}`);
  return el;
}

/** Signs in through the machine against the fake API (the `mfa` user also passes the second factor). */
export async function signIn(username = 'admin'): Promise<void> {
  const status = await authMachine.login({ username, password: DEMO_PASSWORD, captchaId: 'c', captcha: 'abcd' });
  if (status === 'mfa_required') await authMachine.verifyMfa(GOOD_CODE);
}

/** Sets an input's value the way typing would end (one change event; fast under jsdom + MUI). */
export function fill(name: string, value: string): void {
  fireEvent.change(field(name), { target: { value } });
}
