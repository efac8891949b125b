import { useTranslate } from 'ra-core';
import { useAppState } from '../state/appState';

/** The initials shown instead of a logo: first letters of the first two words ('Back Office' -> 'BO'). */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s_-]+/)
    .filter(Boolean);
  if (!words.length) return 'A';
  if (words.length === 1) return Array.from(words[0])[0]!.toUpperCase();
  return words
    .slice(0, 2)
    .map((w) => Array.from(w)[0]!.toUpperCase())
    .join('');
}

/** The document title: app name, separator, route title (spec section 2). */
export function pageTitle(appName: string, routeTitle: string | undefined, separator = ' - '): string {
  return routeTitle ? `${appName}${separator}${routeTitle}` : appName;
}

export interface AppInfo {
  appName: string;
  logo?: string;
}

/** The last known app name (app-state cache) or the default 'Admin', with no request: for /login. */
export function useCachedAppInfo(): AppInfo {
  const translate = useTranslate();
  const appName = useAppState((s) => s.appName) || translate('common.appName', { _: 'Admin' });
  const logo = useAppState((s) => s.webLogo) || undefined;
  return { appName, logo };
}
