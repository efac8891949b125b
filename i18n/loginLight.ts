/**
 * The i18nProvider of the /login screen as it loads first: the same message areas as i18n/login.ts (auth, common,
 * errors, shell, from i18n/messages), looked up directly, without polyglot and without react-admin's own messages,
 * which the sign-in screens never show. It answers like createI18nProvider (i18n/core.ts) for these keys: the text
 * of the current locale, else the en-US text, else the caller's `_` default, else the key; `%{name}` placeholders
 * and `smart_count` plural forms (`one |||| other`) as polyglot applies them. The console switches to the full
 * provider (i18n/index.ts) after sign-in.
 */
import type { I18nProvider } from 'ra-core';
import {
  DEFAULT_LOCALE,
  FALLBACK_LOCALE,
  SELECTABLE_LOCALES,
  isSelectableLocale,
  LOCALE_STORAGE_KEY,
  nativeLanguageNames,
  type UiLocale,
} from './languages';
import auth from './messages/auth';
import common from './messages/common';
import errors from './messages/errors';
import shell from './messages/shell';

const AREAS = [auth, common, errors, shell];

type Options = Record<string, unknown>;

/** The phrase at the dotted `key` in one locale's messages, or undefined. */
function lookup(locale: UiLocale, key: string): string | undefined {
  const parts = key.split('.');
  for (const area of AREAS) {
    let node: unknown = area[locale];
    for (const part of parts) {
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
      if (node === undefined) break;
    }
    if (typeof node === 'string') return node;
  }
  return undefined;
}

/** `smart_count` plural selection (two forms in both languages) and `%{name}` interpolation, as polyglot does. */
function format(phrase: string, options: Options): string {
  let text = phrase;
  if (options.smart_count != null) {
    const forms = phrase.split('||||');
    text = (forms[Number(options.smart_count) === 1 ? 0 : 1] ?? forms[0]).trim();
  }
  return text.replace(/%\{(.*?)\}/g, (token, name: string) => (options[name] == null ? token : String(options[name])));
}

function savedLocale(): UiLocale | null {
  try {
    const value = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
    return isSelectableLocale(value) ? value : null;
  } catch {
    return null; // storage can be disabled
  }
}

/** The light provider of /login, in the saved locale (else zh-CN). */
export function createLoginI18n(initialLocale: UiLocale = savedLocale() ?? DEFAULT_LOCALE): I18nProvider {
  let locale = initialLocale;
  const setDocumentLang = () => {
    if (typeof document !== 'undefined') document.documentElement.lang = locale;
  };
  setDocumentLang();
  return {
    translate: (key: string, options: Options = {}) => {
      const phrase =
        lookup(locale, key) ??
        lookup(FALLBACK_LOCALE, key) ??
        (typeof options._ === 'string' ? options._ : undefined) ??
        key;
      return format(phrase, options);
    },
    changeLocale: async (next: string) => {
      if (!isSelectableLocale(next)) return;
      locale = next;
      try {
        globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, next);
      } catch {
        // storage can be disabled: the choice lasts for this page
      }
      setDocumentLang();
    },
    getLocale: () => locale,
    getLocales: () => SELECTABLE_LOCALES.map((l) => ({ locale: l, name: nativeLanguageNames[l] })),
  };
}
