import { useCallback, useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { useConsoleDataProvider } from '../../dataProvider/useConsoleDataProvider';
import type { AppSettings } from '../services';
import { appState } from '../state/appState';
import { useCachedAppInfo, type AppInfo } from './appInfo';

const APP_SETTINGS_KEY = ['shell', 'appSettings'];

/** The settings of an answer that may wrap them as `{ data }`. */
const settingsOf = (res: unknown): AppSettings =>
  (res && typeof res === 'object' && 'data' in res && Object.keys(res).length === 1
    ? (res as { data: unknown }).data
    : res) as AppSettings;

/** The logo an <img> loads: the signed read URL of a stored logo, else the stored address. */
const logoOf = (data: AppSettings) => data.web_logo_url || data.web_logo || undefined;

/**
 * The app name and logo of the signed-in console: GET /setting/v1/app (kept in the app-state cache for the
 * next visit of /login), else the last known ones, else the default name 'Admin'.
 */
export function useAppInfo(): AppInfo {
  const translate = useTranslate();
  const cached = useCachedAppInfo();
  const dataProvider = useConsoleDataProvider();
  const { data } = useQuery({
    queryKey: APP_SETTINGS_KEY,
    queryFn: async ({ signal }) => settingsOf(await dataProvider.call('/setting/v1/app', { signal })),
    staleTime: 5 * 60_000,
    retry: false,
  });
  useEffect(() => {
    if (data)
      appState.set({
        appName: data.app_name || undefined,
        webLogo: logoOf(data),
        timeZone: data.timezone || undefined,
      });
  }, [data]);
  if (!data) return cached;
  return { appName: data.app_name || translate('common.appName', { _: 'Admin' }), logo: logoOf(data) };
}

/**
 * Makes saved app settings (the answer of PUT /setting/admin/v1/app) the console's at once: top bar name and logo,
 * page titles, and the cache /login reads.
 */
export function useAppSettingsSaved(): (saved: AppSettings) => void {
  const queryClient = useQueryClient();
  return useCallback((saved: AppSettings) => queryClient.setQueryData(APP_SETTINGS_KEY, saved), [queryClient]);
}
