import { resourceMessageModules } from '../resources/messages';
import { registry } from '../resources/registry';
import type { MenuNode } from '../resources/types';
import {
  createI18nProvider as createProvider,
  messagesOf,
  type CreateI18nProviderOptions,
  type MessageModule,
  type MessageTree,
} from './core';
import type { UiLocale } from './languages';
import type { I18nProvider } from 'ra-core';

export * from './core';

/** The message modules found in i18n/messages/ (texts shared across the console), by area (file name without `.ts`). */
export const messageModules: Record<string, MessageModule> = Object.fromEntries(
  Object.entries(import.meta.glob<{ default: MessageModule }>('./messages/*.ts', { eager: true }))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, mod]) => [path.replace(/^.*\/([^/]+)\.ts$/, '$1'), mod.default]),
);

/** Every node of the registry tree, parents before their children. */
export function registryNodes(nodes: MenuNode[] = registry): MenuNode[] {
  return nodes.flatMap((node) => [node, ...registryNodes(node.children ?? [])]);
}

/**
 * Menu titles from resources/registry.ts: `menu.<name>`, and `resources.<name>.name` so that
 * react-admin's default page titles use the same words.
 */
function registryMessages(locale: UiLocale): MessageTree {
  const menu: MessageTree = {};
  const resources: MessageTree = {};
  for (const node of registryNodes()) {
    menu[node.name] = node.title[locale];
    resources[node.name] = { name: node.title[locale] };
  }
  return { menu, resources };
}

export { resourceMessageModules };

/**
 * All messages of each UI locale: react-admin's keys, language names, menu titles, i18n/messages/* and each
 * resource's own messages (resources/messages.ts).
 */
export const messages: Record<UiLocale, MessageTree> = messagesOf(
  [...Object.values(messageModules), ...Object.values(resourceMessageModules)],
  registryMessages,
);

/** An i18nProvider over all the console's messages unless others are given. */
export function createI18nProvider(options: Partial<CreateI18nProviderOptions> = {}): I18nProvider {
  return createProvider({ messages, ...options });
}

/** The console's i18nProvider (zh-CN default, en-US fallback). */
export const i18nProvider: I18nProvider = createI18nProvider();
