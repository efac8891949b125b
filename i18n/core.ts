// The i18n machinery without any message area: the light /login build (i18n/login.ts) and the full console
// (i18n/index.ts) both build on it.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, Locale, TranslationMessages } from 'ra-core';
import zhCNRaMessages from './ra/zh-CN';
import {
  DEFAULT_LOCALE,
  FALLBACK_LOCALE,
  SELECTABLE_LOCALES,
  isSelectableLocale,
  languageNames,
  LOCALE_STORAGE_KEY,
  nativeLanguageNames,
  type UiLocale,
} from './languages';

export {
  DEFAULT_LOCALE,
  FALLBACK_LOCALE,
  KNOWN_LOCALES,
  SELECTABLE_LOCALES,
  isSelectableLocale,
  languageName,
  languageNames,
  LOCALE_STORAGE_KEY,
  nativeLanguageNames,
} from './languages';
export type { KnownLocale, UiLocale } from './languages';

/** A nested message object; leaves are polyglot phrases. */
export interface MessageTree {
  [key: string]: string | MessageTree;
}

/**
 * What each `i18n/messages/<area>.ts` (namespaced by the area) and each `resources/<name>/messages.ts` (keys
 * `resources.<name>.*`) exports by default: one tree per UI locale.
 */
export type MessageModule = Record<UiLocale, MessageTree>;

function isTree(value: unknown): value is MessageTree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep-merges message trees into a new tree; a later tree wins on the same leaf. */
export function deepMerge(...trees: MessageTree[]): MessageTree {
  const out: MessageTree = {};
  for (const tree of trees) {
    for (const [key, value] of Object.entries(tree)) {
      const current = out[key];
      out[key] = isTree(value) ? deepMerge(isTree(current) ? current : {}, value) : value;
    }
  }
  return out;
}

/** Flattens a message tree to `{ 'a.b.c': phrase }` (the keys polyglot looks up). */
export function flattenMessages(tree: object, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isTree(value)) Object.assign(out, flattenMessages(value, path));
    else out[path] = String(value);
  }
  return out;
}

/** The dotted keys of every leaf of a message tree, sorted. */
export function flattenKeys(tree: object): string[] {
  return Object.keys(flattenMessages(tree)).sort();
}

/** Language names in the given UI language: `language.<locale>`. */
function languageMessages(locale: UiLocale): MessageTree {
  return { language: { ...languageNames[locale] } };
}

/** The messages of one UI locale: react-admin's keys, language names, then the given trees (later wins). */
export function buildMessages(locale: UiLocale, trees: MessageTree[]): MessageTree {
  const ra = (locale === 'en-US' ? englishMessages : zhCNRaMessages) as MessageTree;
  return deepMerge(ra, languageMessages(locale), ...trees);
}

/** Merges `tree` into `target` in place (a later tree wins on the same leaf); subtrees are copied, never shared. */
function mergeInto(target: MessageTree, tree: MessageTree): void {
  for (const [key, value] of Object.entries(tree)) {
    const current = target[key];
    if (isTree(value) && isTree(current)) mergeInto(current, value);
    else target[key] = isTree(value) ? deepMerge(value) : value;
  }
}

/** The phrase at a dotted key of a message tree (a key's own parts may hold dots), without flattening the tree. */
export function phraseAt(tree: MessageTree, key: string): string | undefined {
  const direct = tree[key];
  if (typeof direct === 'string') return direct;
  for (let dot = key.indexOf('.'); dot !== -1; dot = key.indexOf('.', dot + 1)) {
    const head = tree[key.slice(0, dot)];
    const found = isTree(head) ? phraseAt(head, key.slice(dot + 1)) : undefined;
    if (found !== undefined) return found;
  }
  return undefined;
}

const ADD = Symbol('add messages');

/** Each UI locale's messages; `addMessages` joins more of them (resources' messages loaded with the first page). */
export type MessageCatalog = Record<UiLocale, MessageTree>;

/**
 * A catalogue whose locales are each merged once, when first read (the language not shown is never merged unless it
 * is chosen or asked for a missing key); modules added before that join that one merge, after it they merge in place.
 */
export function lazyMessages(build: (locale: UiLocale) => MessageTree): MessageCatalog {
  const built: Partial<MessageCatalog> = {};
  const pending: Record<UiLocale, MessageModule[]> = { 'zh-CN': [], 'en-US': [] };
  const catalog = {} as MessageCatalog;
  for (const locale of SELECTABLE_LOCALES) {
    Object.defineProperty(catalog, locale, {
      enumerable: true,
      get: () => {
        let tree = built[locale];
        if (!tree) {
          tree = built[locale] = build(locale);
          for (const m of pending[locale].splice(0)) mergeInto(tree, m[locale] ?? {});
        }
        return tree;
      },
    });
  }
  Object.defineProperty(catalog, ADD, {
    value: (modules: MessageModule[]) => {
      for (const locale of SELECTABLE_LOCALES) {
        const tree = built[locale];
        if (tree) for (const m of modules) mergeInto(tree, m[locale] ?? {});
        else pending[locale].push(...modules);
      }
    },
  });
  return catalog;
}

/** Adds message modules to a catalogue: into each locale merged so far, the others when they are first read. */
export function addMessages(catalog: MessageCatalog, modules: MessageModule[]): void {
  const add = (catalog as unknown as { [ADD]?: (modules: MessageModule[]) => void })[ADD];
  if (add) add(modules);
  else for (const locale of SELECTABLE_LOCALES) for (const m of modules) mergeInto(catalog[locale], m[locale] ?? {});
}

/** Messages of both UI locales from message modules (each `{ 'zh-CN': tree, 'en-US': tree }`), each merged when first read. */
export function messagesOf(modules: MessageModule[], extra: (locale: UiLocale) => MessageTree = () => ({})) {
  return lazyMessages((locale) => buildMessages(locale, [extra(locale), ...modules.map((m) => m[locale] ?? {})]));
}

/** The selectable locale meant by `locale` ('en' and 'en-GB' mean en-US, 'zh' means zh-CN), or null. */
export function resolveLocale(locale: unknown): UiLocale | null {
  if (isSelectableLocale(locale)) return locale;
  if (typeof locale !== 'string') return null;
  const language = locale.split(/[-_]/)[0].toLowerCase();
  return SELECTABLE_LOCALES.find((candidate) => candidate.split('-')[0] === language) ?? null;
}

/** The locales the language switch offers (zh-CN and en-US only), each named in its own language. */
export function getLocales(): Locale[] {
  return SELECTABLE_LOCALES.map((locale) => ({ locale, name: nativeLanguageNames[locale] }));
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // access to localStorage can throw (disabled storage, sandboxed frame)
    return null;
  }
}

/** The saved UI locale, or null when none (or something other than zh-CN / en-US) is saved. */
export function savedLocale(): UiLocale | null {
  try {
    const value = storage()?.getItem(LOCALE_STORAGE_KEY);
    return isSelectableLocale(value) ? value : null;
  } catch {
    return null;
  }
}

/** Saves the UI locale; returns false and saves nothing unless it is zh-CN or en-US. */
export function saveLocale(locale: string): boolean {
  if (!isSelectableLocale(locale)) return false;
  try {
    storage()?.setItem(LOCALE_STORAGE_KEY, locale);
    return true;
  } catch {
    return false;
  }
}

type Options = Record<string, unknown>;

// Two plural forms (`one |||| other`) in both languages: our zh-CN phrases mirror the English ones.
const pluralIndex = (n: number): number => (n === 1 ? 0 : 1);
const pluralRules = {
  pluralTypes: { twoForms: pluralIndex },
  pluralTypeToLanguages: { twoForms: ['en', 'zh'] },
};

/** Applies smart_count plural selection and %{placeholder} interpolation the way polyglot does. */
function formatPhrase(phrase: string, options: Options): string {
  let text = phrase;
  if (options.smart_count != null) {
    const forms = phrase.split('||||');
    text = (forms[pluralIndex(Number(options.smart_count))] ?? forms[0]).trim();
  }
  return text.replace(/%\{(.*?)\}/g, (token, name: string) => (options[name] == null ? token : String(options[name])));
}

export interface CreateI18nProviderOptions {
  /** Messages per UI locale (a catalogue from messagesOf / lazyMessages merges each locale when first read). */
  messages: MessageCatalog;
  /** Locale to start in; defaults to the saved one, else zh-CN. */
  initialLocale?: UiLocale;
}

/**
 * A message key tagged with the id of the failed request it reports (dataProvider/errorText.ts forReactAdmin):
 * react-admin notifies an error's message as a key, and this is how the id reaches the text the user reads
 * (`errors.withRequestId`: 服务器内部错误（请求编号 3f9a…）).
 */
const REQUEST_ID_TAG = '#request_id=';
export const tagRequestId = (key: string, id: string) => `${key}${REQUEST_ID_TAG}${id}`;
const untagRequestId = (key: string) => {
  const at = typeof key === 'string' ? key.lastIndexOf(REQUEST_ID_TAG) : -1;
  return at > 0 ? { key: key.slice(0, at), id: key.slice(at + REQUEST_ID_TAG.length) } : undefined;
};

/** react-admin's i18nProvider that also takes messages loaded later (the resources', with the first resource page). */
export interface ConsoleI18nProvider extends I18nProvider {
  /** Adds message modules to `options.messages` itself (addMessages) and translates with them. */
  addMessages(modules: MessageModule[]): Promise<void>;
}

/**
 * Builds the react-admin i18nProvider: polyglot over `messages`, zh-CN by default, and for a key missing
 * in the current locale the en-US text (even when the caller passed a `_` default). Changing the locale
 * saves it (only zh-CN / en-US); an unknown locale keeps the current one.
 */
export function createI18nProvider(options: CreateI18nProviderOptions): ConsoleI18nProvider {
  const source = options.messages;
  // only the locale shown is read (and so merged); the fallback's only when a key is missing from it
  const getMessages = (locale: string) => source[resolveLocale(locale) ?? DEFAULT_LOCALE] as TranslationMessages;
  const onMissingKey = (key: string, opts: Options) =>
    formatPhrase(phraseAt(source[FALLBACK_LOCALE], key) ?? key, opts);
  const base = polyglotI18nProvider(
    getMessages,
    options.initialLocale ?? savedLocale() ?? DEFAULT_LOCALE,
    getLocales(),
    {
      allowMissing: true,
      onMissingKey,
      pluralRules,
    },
  );
  const current = (): UiLocale => resolveLocale(base.getLocale()) ?? DEFAULT_LOCALE;
  const setDocumentLang = (locale: UiLocale) => {
    if (typeof document !== 'undefined') document.documentElement.lang = locale;
  };
  setDocumentLang(current());

  const translate = (key: string, opts: Options = {}): string => {
    // polyglot prefers a `_` default over onMissingKey; the English text is the better default
    if (
      opts &&
      typeof opts._ === 'string' &&
      phraseAt(source[current()], key) === undefined &&
      phraseAt(source[FALLBACK_LOCALE], key) !== undefined
    ) {
      const { _: _ignored, ...rest } = opts;
      return base.translate(key, rest);
    }
    return base.translate(key, opts);
  };

  return {
    ...base,
    translate: (key: string, opts: Options = {}) => {
      const tagged = untagRequestId(key);
      if (!tagged) return translate(key, opts);
      const { _: _ignored, ...rest } = opts ?? {};
      const text = translate(tagged.key, rest);
      return translate('errors.withRequestId', { text, id: tagged.id, _: `${text} (${tagged.id})` });
    },
    changeLocale: async (locale: string) => {
      const next = resolveLocale(locale);
      if (!next) return;
      await base.changeLocale(next);
      saveLocale(next);
      setDocumentLang(next);
    },
    getLocale: () => base.getLocale(),
    getLocales,
    addMessages: async (modules) => {
      addMessages(source, modules);
      // polyglot takes its phrases when the locale is set: set the same one again
      await base.changeLocale(base.getLocale());
    },
  };
}
