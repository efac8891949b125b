import { useEffect, useState, type ComponentType } from 'react';
import { I18nContext, NotificationContextProvider, useNotificationContext, useTranslate } from 'ra-core';
import { createLoginI18n } from '../../i18n/loginLight';
import { LoginPage } from '../pages/LoginPage';
import { pageTitle, useCachedAppInfo } from './appInfo';

const i18n = createLoginI18n();

/** The toasts' module (MUI, Emotion, react-admin's Notification), loaded once, when first needed. */
let toasts: Promise<ComponentType> | undefined;
const loadToasts = () => (toasts ??= import('../pages/LoginToasts').then((m) => m.default));

function Title() {
  // No settings call before sign-in: the last known app name, else 'Admin'.
  const { appName } = useCachedAppInfo();
  const translate = useTranslate();
  const title = pageTitle(appName, translate('shell.title.login'), translate('common.titleSeparator', { _: ' - ' }));
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

/** Nothing until the first toast is raised; then the toasts' module, loaded without a Suspense boundary. */
function Toasts() {
  const { notifications } = useNotificationContext();
  const [View, setView] = useState<ComponentType | null>(null);
  const wanted = notifications.length > 0;
  useEffect(() => {
    if (!wanted || View) return;
    let live = true;
    void loadToasts().then((c) => live && setView(() => c));
    return () => {
      live = false;
    };
  }, [wanted, View]);
  return View ? <View /> : null;
}

/**
 * /login without the console: the login page in static CSS with a light i18n provider (i18n/loginLight.ts) and
 * react-admin's notification context, so that the first screen loads neither react-admin's core nor MUI/Emotion
 * (bench/results.md). The toasts load when the form is first submitted (a sign-in either fails with a toast or
 * opens the console, which needs the same modules); `preload` (main.tsx) evaluates the console from the first
 * keystroke on, so that signing in shows it without waiting for its code.
 */
export default function LoginShell({ preload }: { preload?: () => void }) {
  return (
    <I18nContext.Provider value={i18n}>
      <NotificationContextProvider>
        <div
          style={{ display: 'contents' }}
          onInputCapture={preload}
          onSubmitCapture={() => {
            void loadToasts();
            preload?.();
          }}
        >
          <Title />
          <LoginPage />
          <Toasts />
        </div>
      </NotificationContextProvider>
    </I18nContext.Provider>
  );
}
