// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import zhCNRaMessages from '../../i18n/ra/zh-CN';
import {
  DEFAULT_LOCALE,
  LOCALE_STORAGE_KEY,
  SELECTABLE_LOCALES,
  addMessages,
  createI18nProvider,
  deepMerge,
  lazyMessages,
  phraseAt,
  flattenKeys,
  flattenMessages,
  getLocales,
  i18nProvider,
  languageNames,
  messageModules,
  messages,
  registryNodes,
  resolveLocale,
  saveLocale,
  savedLocale,
  type MessageModule,
  type MessageTree,
} from '../../i18n';
import { KNOWN_LOCALES } from '../../i18n/languages';
import { resourceMessageModules } from '../../resources/messages';

const zh = flattenMessages(messages['zh-CN']);
const en = flattenMessages(messages['en-US']);
const raEnglish = flattenMessages(englishMessages);

/** The %{placeholders} of each plural form of a phrase, e.g. [['name'], ['smart_count', 'name']]. */
function placeholdersPerForm(phrase: string): string[][] {
  return phrase.split('||||').map((form) => [...form.matchAll(/%\{(.*?)\}/g)].map((m) => m[1]).sort());
}

describe('i18n completeness', () => {
  it('zh-CN and en-US have exactly the same keys', () => {
    const missingInZh = Object.keys(en).filter((key) => !(key in zh));
    const missingInEn = Object.keys(zh).filter((key) => !(key in en));
    expect(missingInZh, 'keys missing in zh-CN').toEqual([]);
    expect(missingInEn, 'keys missing in en-US').toEqual([]);
    expect(flattenKeys(messages['zh-CN'])).toEqual(flattenKeys(messages['en-US']));
  });

  it('has no empty phrase in either language', () => {
    // react-admin's ra.boolean.null is a deliberate blank in English; its translation may be blank too
    const blank = (flat: Record<string, string>) =>
      Object.entries(flat)
        .filter(([key, value]) => value.trim() === '' && raEnglish[key]?.trim() !== '')
        .map(([key]) => key);
    expect(blank(zh), 'blank zh-CN phrases').toEqual([]);
    expect(blank(en), 'blank en-US phrases').toEqual([]);
    expect(
      Object.entries(zh)
        .filter(([, v]) => v === '')
        .map(([k]) => k),
    ).toEqual([]);
    expect(
      Object.entries(en)
        .filter(([, v]) => v === '')
        .map(([k]) => k),
    ).toEqual([]);
  });

  it('translates every react-admin key into zh-CN, with the same nested shape', () => {
    const raKeys = Object.keys(raEnglish);
    expect(raKeys.length).toBeGreaterThan(150);
    expect(
      raKeys.filter((key) => !(key in zh)),
      'ra keys missing in zh-CN',
    ).toEqual([]);
    expect(flattenKeys(zhCNRaMessages)).toEqual(flattenKeys(englishMessages));
  });

  it('does not leave react-admin keys in English in zh-CN', () => {
    // a phrase may stay identical only when it has no letters (placeholders, blanks, numbers)
    const untranslated = Object.keys(raEnglish).filter(
      (key) => zh[key] === raEnglish[key] && /[A-Za-z]/.test(zh[key].replace(/%\{.*?\}/g, '')),
    );
    expect(untranslated).toEqual([]);
  });

  it('keeps the same placeholders and plural forms per key in both languages', () => {
    const mismatches = Object.keys(en)
      .filter((key) => key in zh)
      .filter((key) => JSON.stringify(placeholdersPerForm(zh[key])) !== JSON.stringify(placeholdersPerForm(en[key])))
      .map((key) => `${key}: zh "${zh[key]}" / en "${en[key]}"`);
    expect(mismatches).toEqual([]);
  });

  it('gives every registry node a title in both languages and a menu key', () => {
    const nodes = registryNodes();
    expect(nodes.length).toBeGreaterThan(10);
    const untitled = nodes
      .filter((node) => !node.title?.['zh-CN']?.trim() || !node.title?.['en-US']?.trim())
      .map((node) => node.name);
    expect(untitled, 'registry nodes without both titles').toEqual([]);
    for (const node of nodes) {
      expect(zh[`menu.${node.name}`], `menu.${node.name}`).toBe(node.title['zh-CN']);
      expect(en[`menu.${node.name}`], `menu.${node.name}`).toBe(node.title['en-US']);
    }
  });

  it('loads every message module with both languages under its own area namespace', () => {
    expect(Object.keys(messageModules)).toContain('common');
    for (const [area, mod] of Object.entries(messageModules)) {
      expect(Object.keys(mod).sort(), `${area}.ts locales`).toEqual(['en-US', 'zh-CN']);
      expect(Object.keys(mod['zh-CN']), `${area}.ts zh-CN namespace`).toEqual([area]);
      expect(Object.keys(mod['en-US']), `${area}.ts en-US namespace`).toEqual([area]);
      expect(flattenKeys(mod['zh-CN']), `${area}.ts keys`).toEqual(flattenKeys(mod['en-US']));
    }
  });

  it("loads each resource's messages from beside it, both languages, under its own keys only", () => {
    expect(Object.keys(resourceMessageModules)).toEqual(
      expect.arrayContaining(['funds', 'client', 'deposit', 'withdrawal', 'loan', 'compensation', 'crypto_deposit']),
    );
    for (const [name, mod] of Object.entries(resourceMessageModules)) {
      expect(Object.keys(mod).sort(), `${name} locales`).toEqual(['en-US', 'zh-CN']);
      for (const locale of SELECTABLE_LOCALES) {
        const tree = mod[locale];
        expect(Object.keys(tree.resources as MessageTree), `${name} ${locale} resources.*`).toEqual([name]);
        // besides resources.<name>, only a namespace of its own (the client drawer's `client`)
        expect(
          Object.keys(tree).filter((ns) => ns !== 'resources' && ns !== name),
          `${name} ${locale}`,
        ).toEqual([]);
        const flat = flattenMessages(tree);
        const merged = locale === 'zh-CN' ? zh : en;
        for (const key of Object.keys(flat)) expect(merged[key], key).toBe(flat[key]);
      }
      expect(flattenKeys(mod['zh-CN']), `${name} keys`).toEqual(flattenKeys(mod['en-US']));
    }
    expect(en['resources.deposit.fields.sub_type']).toBe('Deposit type');
    expect(zh['resources.funds.actions.rollback']).toBe('回滚');
    expect(zh['client.drawer.title']).toBe('客户信息');
  });

  it('lists every resources/<name>/messages.ts in resources/messages.ts', () => {
    const files = import.meta.glob<{ default: MessageModule }>('../../resources/*/messages.ts', { eager: true });
    expect(Object.keys(files).length).toBeGreaterThanOrEqual(6);
    const listed = Object.values(resourceMessageModules);
    for (const [path, mod] of Object.entries(files)) expect(listed, path).toContain(mod.default);
  });

  it('has the shared common strings and the spec section 8 generic messages', () => {
    expect(en['common.appName']).toBe('Admin');
    expect(en['common.notFound.title']).toBe('Ooops, page not found');
    expect(zh['common.notFound.title']).toContain('页面不存在');
    expect(en['common.messages.saveFailed']).toBe('Save failed');
    expect(en['common.messages.savedSuccessfully']).toBe('Saved successfully');
    expect(en['common.messages.documentsUnavailable']).toBe('Unable to get the documents');
    expect(en['common.messages.localeUnavailable']).toBe('Unable to load the current locale');
    expect(zh['ra.action.save']).toBe('保存');
    expect(zh['ra.page.list']).toBe('%{name}列表');
  });
});

describe('deepMerge and flattenKeys', () => {
  it('merges nested trees, later leaves win, inputs untouched', () => {
    const a = { x: { y: 'a', z: 'a' } };
    const merged = deepMerge(a, { x: { z: 'b' }, w: 'c' });
    expect(merged).toEqual({ x: { y: 'a', z: 'b' }, w: 'c' });
    expect(a.x.z).toBe('a');
    expect(flattenKeys(merged)).toEqual(['w', 'x.y', 'x.z']);
  });
});

describe('each language merged once', () => {
  const built: string[] = [];
  const catalog = () =>
    lazyMessages((locale) => {
      built.push(locale);
      return { demo: { base: locale } };
    });
  beforeEach(() => void built.splice(0));
  afterEach(() => localStorage.clear());

  it('merges a locale when first read, once; modules added later merge in place, the other locale gets them with its merge', () => {
    const messages = catalog();
    expect(built).toEqual([]);
    const zh = messages['zh-CN'];
    expect(messages['zh-CN']).toBe(zh);
    const more: MessageModule = { 'zh-CN': { demo: { more: '更多' } }, 'en-US': { demo: { more: 'More' } } };
    addMessages(messages, [more]);
    expect(messages['zh-CN']).toBe(zh);
    expect(zh).toEqual({ demo: { base: 'zh-CN', more: '更多' } });
    expect(built).toEqual(['zh-CN']);
    expect(messages['en-US']).toEqual({ demo: { base: 'en-US', more: 'More' } });
    expect(built).toEqual(['zh-CN', 'en-US']);
    expect(more['en-US']).toEqual({ demo: { more: 'More' } });
  });

  it('a provider merges only the language shown until a key is missing from it or the language is changed', async () => {
    const provider = createI18nProvider({ initialLocale: 'zh-CN', messages: catalog() });
    expect(provider.translate('demo.base')).toBe('zh-CN');
    expect(provider.translate('demo.base', { _: 'default' })).toBe('zh-CN');
    expect(built).toEqual(['zh-CN']);
    await provider.addMessages([{ 'zh-CN': { demo: { added: '加' } }, 'en-US': { demo: { added: 'Added' } } }]);
    expect(provider.translate('demo.added')).toBe('加');
    expect(built).toEqual(['zh-CN']);
    await provider.changeLocale('en-US');
    expect(provider.translate('demo.added')).toBe('Added');
    expect(built).toEqual(['zh-CN', 'en-US']);
  });

  it('finds a phrase by its dotted key, a key part holding dots too', () => {
    expect(phraseAt({ a: { b: { c: 'x' } } }, 'a.b.c')).toBe('x');
    expect(phraseAt({ a: { 'b.c': 'y' } }, 'a.b.c')).toBe('y');
    expect(phraseAt({ a: { b: 'z' } }, 'a.b.c')).toBeUndefined();
  });
});

describe('language names', () => {
  it('names every known locale in both UI languages', () => {
    for (const ui of SELECTABLE_LOCALES) {
      for (const locale of KNOWN_LOCALES) expect(languageNames[ui][locale]?.trim(), `${ui}/${locale}`).toBeTruthy();
    }
    expect(languageNames['zh-CN']['zh-CN']).toBe('简体中文');
    expect(languageNames['en-US']['zh-CN']).toBe('Chinese (Simplified)');
    expect(languageNames['en-US']['en-US']).toBe('English');
    expect(zh['language.tr-TR']).toBe(languageNames['zh-CN']['tr-TR']);
  });

  it('offers only zh-CN and en-US', () => {
    expect(SELECTABLE_LOCALES).toEqual(['zh-CN', 'en-US']);
    expect(getLocales()).toEqual([
      { locale: 'zh-CN', name: '简体中文' },
      { locale: 'en-US', name: 'English' },
    ]);
    expect(i18nProvider.getLocales?.()).toEqual(getLocales());
  });
});

describe('saved locale', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('saves zh-CN and en-US under bo.locale', () => {
    expect(saveLocale('en-US')).toBe(true);
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en-US');
    expect(savedLocale()).toBe('en-US');
    expect(saveLocale('zh-CN')).toBe(true);
    expect(savedLocale()).toBe('zh-CN');
  });

  it('refuses any other locale and keeps the previous choice', () => {
    saveLocale('en-US');
    for (const other of ['de-DE', 'tr-TR', 'pl-PL', 'en', 'zh', '']) {
      expect(saveLocale(other), other).toBe(false);
    }
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en-US');
  });

  it('ignores a stored value that is not selectable', () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'de-DE');
    expect(savedLocale()).toBeNull();
    expect(createI18nProvider().getLocale()).toBe('zh-CN');
  });

  it('starts in the saved locale', () => {
    saveLocale('en-US');
    const provider = createI18nProvider();
    expect(provider.getLocale()).toBe('en-US');
    expect(provider.translate('ra.action.save')).toBe('Save');
  });
});

describe('i18nProvider', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('defaults to zh-CN', () => {
    expect(DEFAULT_LOCALE).toBe('zh-CN');
    const provider = createI18nProvider();
    expect(provider.getLocale()).toBe('zh-CN');
    expect(provider.translate('ra.action.save')).toBe('保存');
    expect(provider.translate('ra.page.list', { name: '客户' })).toBe('客户列表');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('switches to en-US, saves the choice, and keeps the current one for an unknown locale', async () => {
    const provider = createI18nProvider();
    await provider.changeLocale('en-US');
    expect(provider.getLocale()).toBe('en-US');
    expect(provider.translate('ra.action.save')).toBe('Save');
    expect(savedLocale()).toBe('en-US');
    await provider.changeLocale('de-DE');
    expect(provider.getLocale()).toBe('en-US');
    expect(savedLocale()).toBe('en-US');
    await provider.changeLocale('zh');
    expect(provider.getLocale()).toBe('zh-CN');
    expect(resolveLocale('en-GB')).toBe('en-US');
  });

  it('picks the plural form by smart_count in both languages', async () => {
    const provider = createI18nProvider();
    expect(provider.translate('ra.action.bulk_actions', { smart_count: 1 })).toBe('已选择 1 项');
    expect(provider.translate('ra.action.bulk_actions', { smart_count: 3 })).toBe('已选择 3 项');
    expect(provider.translate('ra.notification.deleted', { smart_count: 1 })).toBe('记录已删除');
    expect(provider.translate('ra.notification.deleted', { smart_count: 2 })).toBe('已删除 2 条记录');
    await provider.changeLocale('en-US');
    expect(provider.translate('ra.action.bulk_actions', { smart_count: 3 })).toBe('3 items selected');
  });

  it('falls back to the English text for a key only in en-US', () => {
    const provider = createI18nProvider({
      initialLocale: 'zh-CN',
      messages: {
        'zh-CN': { demo: { both: '两者' } },
        'en-US': { demo: { both: 'Both', onlyEn: 'Only in English, %{name}', count: 'one |||| %{smart_count} many' } },
      },
    });
    expect(provider.translate('demo.both')).toBe('两者');
    expect(provider.translate('demo.onlyEn', { name: 'Ann' })).toBe('Only in English, Ann');
    expect(provider.translate('demo.onlyEn', { name: 'Ann', _: 'default' })).toBe('Only in English, Ann');
    expect(provider.translate('demo.count', { smart_count: 4 })).toBe('4 many');
    expect(provider.translate('demo.nowhere', { _: 'the default' })).toBe('the default');
    expect(provider.translate('demo.nowhere')).toBe('demo.nowhere');
  });

  it('translates menu titles from the registry', async () => {
    const provider = createI18nProvider();
    expect(provider.translate('menu.dashboard')).toBe('首页');
    await provider.changeLocale('en-US');
    expect(provider.translate('menu.dashboard')).toBe('Dashboard');
  });
});
