import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { i18nProvider, loadResourceMessages } from '../../i18n';
import { appState, DEFAULT_APP_STATE } from '../../src/state/appState';
import { requestLog } from '../../src/state/requestLog';
import { tabsStore } from '../../src/state/tabs';

// findBy* and waitFor wait for what a person waits for, as long as a loaded machine needs (a hang still ends at the
// test's timeout, vitest.unit.config.ts); the library's default second fails under load.
configure({ asyncUtilTimeout: 60_000 });

// The console loads the resources' messages with the first resource page; components tested alone have them already.
await loadResourceMessages();

// Every test starts with empty storages, an unmounted DOM and the console's own state as on a first visit in Chinese:
// the files of a worker share their modules (vitest.unit.config.ts isolate: false), so what one file left in the
// console's stores (the tenant's time zone, open tabs, the request log, the language) would meet the next.
beforeEach(async () => {
  // every key the last test left, back to its default (none for the optional ones)
  appState.set({ ...Object.fromEntries(Object.keys(appState.get()).map((k) => [k, undefined])), ...DEFAULT_APP_STATE });
  appState.flush();
  tabsStore.reset();
  requestLog.clear();
  if (i18nProvider.getLocale() !== 'zh-CN') await i18nProvider.changeLocale('zh-CN');
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
