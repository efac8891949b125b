import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { api } from '../services';
import { appState } from '../state/appState';
import { useCachedAppInfo, type AppInfo } from './appInfo';

/**
 * The app name and logo of the signed-in console: GET /setting/v1/app (kept in the app-state cache for the
 * next visit of /login), else the last known ones, else the default name 'Admin'.
 */
export function useAppInfo(): AppInfo {
  const translate = useTranslate();
  const cached = useCachedAppInfo();
  const { data } = useQuery({
    queryKey: ['shell', 'appSettings'],
    queryFn: () => api.appSettings(),
    staleTime: 5 * 60_000,
    retry: false,
  });
  useEffect(() => {
    if (data) appState.set({ appName: data.app_name || undefined, webLogo: data.web_logo || undefined });
  }, [data]);
  if (!data) return cached;
  return { appName: data.app_name || translate('common.appName', { _: 'Admin' }), logo: data.web_logo || undefined };
}
