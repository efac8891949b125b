import { registry } from '../resources/registry';
import dashboard from '../src/dashboard/messages';
import type { MenuNode } from '../resources/types';
import {
  createI18nProvider as createProvider,
  messagesOf,
  type ConsoleI18nProvider,
  type CreateI18nProviderOptions,
  type MessageCatalog,
  type MessageModule,
  type MessageTree,
} from './core';
import type { UiLocale } from './languages';

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

/**
 * The shell's messages of each UI locale: react-admin's keys, language names, menu titles, i18n/messages/* and the
 * dashboard's. Each resource's own messages (resources/messages.ts, with the domain definitions' labels) join them
 * with the first page that needs them (loadResourceMessages), so that adding entities does not grow the first page.
 */
export const messages: MessageCatalog = messagesOf([...Object.values(messageModules), dashboard], registryMessages);

/** An i18nProvider over the console's messages unless others are given. */
export function createI18nProvider(options: Partial<CreateI18nProviderOptions> = {}): ConsoleI18nProvider {
  return createProvider({ messages, ...options });
}

/** The console's i18nProvider (zh-CN default, en-US fallback). */
export const i18nProvider: ConsoleI18nProvider = createI18nProvider();

let resourceMessages: Promise<void> | undefined;

/**
 * Adds every resource's messages (one lazy chunk) to `messages` and the console's i18nProvider, once: merged into the
 * language shown, and into the other one only if it is chosen. A page other than the dashboard renders after it
 * (src/App.tsx).
 */
export function loadResourceMessages(): Promise<void> {
  resourceMessages ??= import('../resources/messages').then(({ resourceMessageModules }) =>
    i18nProvider.addMessages(Object.values(resourceMessageModules)),
  );
  resourceMessages.catch(() => (resourceMessages = undefined)); // a failed load is tried again with the next page
  return resourceMessages;
}
