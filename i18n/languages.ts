/**
 * Languages of the console (spec section 1): the UI speaks zh-CN (default) and en-US (fallback), and only
 * those two can be chosen; names also exist for the other locales a deployment may report.
 */

/** The locales the UI can be switched to and saved in. */
/** localStorage key of the chosen UI locale. */
export const LOCALE_STORAGE_KEY = 'bo.locale';

export const SELECTABLE_LOCALES = ['zh-CN', 'en-US'] as const;

/** A locale the UI has messages for. */
export type UiLocale = (typeof SELECTABLE_LOCALES)[number];

/** The locale used when nothing (valid) was chosen. */
export const DEFAULT_LOCALE: UiLocale = 'zh-CN';

/** The locale whose text is shown for a key missing in the current one. */
export const FALLBACK_LOCALE: UiLocale = 'en-US';

/** Every locale the console has a language name for. */
export const KNOWN_LOCALES = ['zh-CN', 'en-US', 'de-DE', 'hi-IN', 'eu-ES', 'pl-PL', 'tr-TR'] as const;

/** A locale with a language name. */
export type KnownLocale = (typeof KNOWN_LOCALES)[number];

/** Language names as shown in each UI language: `languageNames[uiLocale][locale]`. */
export const languageNames: Record<UiLocale, Record<KnownLocale, string>> = {
  'zh-CN': {
    'zh-CN': '简体中文',
    'en-US': '英语',
    'de-DE': '德语',
    'hi-IN': '印地语',
    'eu-ES': '巴斯克语',
    'pl-PL': '波兰语',
    'tr-TR': '土耳其语',
  },
  'en-US': {
    'zh-CN': 'Chinese (Simplified)',
    'en-US': 'English',
    'de-DE': 'German',
    'hi-IN': 'Hindi',
    'eu-ES': 'Basque',
    'pl-PL': 'Polish',
    'tr-TR': 'Turkish',
  },
};

/** Each language's name in itself; the language switch lists these so a reader finds their own language. */
export const nativeLanguageNames: Record<KnownLocale, string> = {
  'zh-CN': '简体中文',
  'en-US': 'English',
  'de-DE': 'Deutsch',
  'hi-IN': 'हिन्दी',
  'eu-ES': 'Euskara',
  'pl-PL': 'Polski',
  'tr-TR': 'Türkçe',
};

/** True when `locale` is one of the selectable UI locales (zh-CN, en-US). */
export function isSelectableLocale(locale: unknown): locale is UiLocale {
  return typeof locale === 'string' && (SELECTABLE_LOCALES as readonly string[]).includes(locale);
}

/** True when the console has a name for `locale`. */
export function isKnownLocale(locale: unknown): locale is KnownLocale {
  return typeof locale === 'string' && (KNOWN_LOCALES as readonly string[]).includes(locale);
}

/** The name of `locale` in the UI language `uiLocale`; an unknown locale is returned as is. */
export function languageName(locale: string, uiLocale: UiLocale = DEFAULT_LOCALE): string {
  return isKnownLocale(locale) ? languageNames[uiLocale][locale] : locale;
}
