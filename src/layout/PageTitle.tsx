import { useEffect } from 'react';
import { useTranslate } from 'ra-core';
import { useLocation } from 'react-router-dom';
import { findByPath, nodePath } from '../../resources/menu';
import { registry } from '../../resources/registry';
import { pageTitle } from './appInfo';

/**
 * The i18n key of a route's title: the registry's `menu.<name>` for a page the user may open, the login and
 * error titles for those routes, the 403 title for a page the user may not open, and the 404 title for anything else.
 */
export function routeTitleKey(pathname: string, mayOpen: (leafPath: string) => boolean = () => true): string {
  if (pathname === '/login') return 'shell.title.login';
  if (pathname === '/error') return 'shell.title.error';
  if (pathname === '/' || pathname === '') return 'menu.dashboard';
  const hit = findByPath(registry, pathname);
  if (!hit?.node.page) return 'shell.title.notFound';
  return mayOpen(nodePath(hit.node)) ? `menu.${hit.node.name}` : 'shell.title.forbidden';
}

/** Keeps document.title = app name + ' - ' + the translated title of the current route. */
export function PageTitle({ appName, mayOpen }: { appName: string; mayOpen?: (leafPath: string) => boolean }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const title = translate(routeTitleKey(pathname, mayOpen));
  const separator = translate('common.titleSeparator', { _: ' - ' });
  useEffect(() => {
    document.title = pageTitle(appName, title, separator);
  }, [appName, title, separator]);
  return null;
}
