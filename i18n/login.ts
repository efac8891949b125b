import type { I18nProvider } from 'ra-core';
import { createI18nProvider, messagesOf } from './core';
import auth from './messages/auth';
import common from './messages/common';
import errors from './messages/errors';
import shell from './messages/shell';

/**
 * The i18nProvider of /login: only the areas the sign-in screens use, so that the first page does not load
 * the menu registry and every area's messages. The console switches to the full provider (i18n/index.ts).
 */
export const loginI18nProvider: I18nProvider = createI18nProvider({
  messages: messagesOf([auth, common, errors, shell]),
});
