import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nContextProvider } from 'ra-core';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createI18nProvider } from '../../i18n';
import { initials, pageTitle } from '../../src/layout/appInfo';
import { PageTitle, routeTitleKey } from '../../src/layout/PageTitle';
import { Forbidden, NotFound } from '../../src/pages/NotFound';

const i18n = (locale: 'zh-CN' | 'en-US') => createI18nProvider({ initialLocale: locale });

describe('page title', () => {
  it('is the app name, a separator and the route title', () => {
    expect(pageTitle('Admin', 'Dashboard')).toBe('Admin - Dashboard');
    expect(pageTitle('Admin', undefined)).toBe('Admin');
  });

  it('takes the route title from the registry, login, error or 404', () => {
    expect(routeTitleKey('/dashboard')).toBe('menu.dashboard');
    expect(routeTitleKey('/login')).toBe('shell.title.login');
    expect(routeTitleKey('/error')).toBe('shell.title.error');
    expect(routeTitleKey('/no/such/page')).toBe('shell.title.notFound');
    // A page the user may not open is a 403.
    expect(routeTitleKey('/dashboard', () => false)).toBe('shell.title.forbidden');
  });

  it('sets document.title in the UI language', async () => {
    render(
      <I18nContextProvider value={i18n('en-US')}>
        <MemoryRouter initialEntries={['/dashboard']}>
          <PageTitle appName="Admin" />
        </MemoryRouter>
      </I18nContextProvider>,
    );
    await waitFor(() => expect(document.title).toBe('Admin - Dashboard'));
  });

  it('uses the zh-CN titles by default', async () => {
    render(
      <I18nContextProvider value={i18n('zh-CN')}>
        <MemoryRouter initialEntries={['/login']}>
          <PageTitle appName="Admin" />
        </MemoryRouter>
      </I18nContextProvider>,
    );
    await waitFor(() => expect(document.title).toBe('Admin - 登录'));
  });

  it('logo initials come from the app name', () => {
    expect(initials('Admin')).toBe('A');
    expect(initials('back office')).toBe('BO');
    expect(initials('  ')).toBe('A');
  });
});

describe('404 page', () => {
  function renderAt(path: string) {
    return render(
      <I18nContextProvider value={i18n('en-US')}>
        <MemoryRouter initialEntries={['/somewhere', path]} initialIndex={1}>
          <Routes>
            <Route path="/somewhere" element={<p>the last page</p>} />
            <Route path="/dashboard" element={<p>home</p>} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </MemoryRouter>
      </I18nContextProvider>,
    );
  }

  it("shows 404 and 'Ooops, page not found'", () => {
    renderAt('/no/such/page');
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByText('Ooops, page not found')).toBeInTheDocument();
  });

  it('goes back to the last page', () => {
    renderAt('/no/such/page');
    fireEvent.click(screen.getByTestId('notfound-back'));
    expect(screen.getByText('the last page')).toBeInTheDocument();
  });

  it('goes home to /dashboard', () => {
    renderAt('/no/such/page');
    fireEvent.click(screen.getByTestId('notfound-home'));
    expect(screen.getByText('home')).toBeInTheDocument();
  });
});

describe('403 page', () => {
  it('says in Chinese that the role may not open the page, with the way home', () => {
    render(
      <I18nContextProvider value={i18n('zh-CN')}>
        <MemoryRouter initialEntries={['/permission']}>
          <Forbidden />
        </MemoryRouter>
      </I18nContextProvider>,
    );
    expect(screen.getByText('403')).toBeInTheDocument();
    expect(screen.getByText('无权访问此页面')).toBeInTheDocument();
    expect(screen.queryByText('404')).toBeNull();
    expect(screen.getByTestId('notfound-home')).toHaveTextContent('返回首页');
  });
});
