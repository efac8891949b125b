/**
 * The message modules that live beside the resources, found by convention: each resource's texts
 * (`resources/<name>/messages.ts`, keys `resources.<name>.*`, and the client drawer's `client.*`), the texts the funds
 * records share (resources/fundsMessages.ts, `resources.funds.*`), the message page's templates tab and every trades
 * page's, and for a declared entity without a messages file (domain/entities.ts) the texts of its definition
 * (entityMessages). They load as one chunk with the first resource page (i18n/index.ts, loadResourceMessages), and the
 * i18n completeness test checks both languages of each.
 */
import { entityMessages } from '../domain/entity';
import { DECLARED_ENTITIES } from '../domain/entities';
import type { MessageModule, MessageTree } from '../i18n/core';
import funds from './fundsMessages';
import messageTemplate from './message/templateMessages';
import { tradingMessageModules } from './trades/messages';

const besideResources = import.meta.glob<MessageModule>('./*/messages.ts', { eager: true, import: 'default' });

/** The resource a module's texts are for: its one `resources.<name>` key. */
const nameOf = (mod: MessageModule): string => Object.keys(mod['zh-CN'].resources as MessageTree)[0]!;

const own: MessageModule[] = [
  funds,
  ...Object.values(besideResources),
  messageTemplate,
  // every trades and trade records page (`trades/*`, `trx/*`) and what they share (`trades`)
  ...Object.values(tradingMessageModules),
];
const named = new Set(own.map(nameOf));

/** Message modules by resource name (`funds`: the texts all funds records share). */
export const resourceMessageModules: Record<string, MessageModule> = Object.fromEntries([
  ...own.map((mod) => [nameOf(mod), mod]),
  ...DECLARED_ENTITIES.filter((d) => !named.has(d.name)).map((d) => [
    d.name,
    {
      'zh-CN': { resources: { [d.name]: entityMessages(d, 'zh-CN') } },
      'en-US': { resources: { [d.name]: entityMessages(d, 'en-US') } },
    },
  ]),
]);
