/** JSON schemas of the message routes; row schemas come from the domain definitions (domain/message.ts). */
import {
  MESSAGE_AUDIENCES,
  MESSAGE_MAX,
  MESSAGE_VARIABLES,
  message,
  messageRecipient,
  messageTemplate,
} from '../../../domain/message';
import type { Input } from '../../core/typed';
import { rowSchema } from '../../core/entity';
import { listResponseSchema } from '../../core/list';
import { idField, pagingFields } from '../../core/params';

export const messageRow = rowSchema(message);
export const templateRow = rowSchema(messageTemplate);
export const recipientList = listResponseSchema(rowSchema(messageRecipient));

const id = idField();

/** `{id}` path parameter: the one schema every route shares (server/core/params.ts). */
export { idParams } from '../../core/params';

const VARS = `Variables: ${MESSAGE_VARIABLES.map((v) => `{{${v}}}`).join(', ')}.`;
const title = { type: 'string', maxLength: MESSAGE_MAX.title } as const;
const body = { type: 'string', maxLength: MESSAGE_MAX.body } as const;

/** Body of compose. */
export const composeBody = {
  type: 'object',
  additionalProperties: false,
  propertyNames: {
    enum: [
      'audience',
      'username',
      'usernames',
      'team_leader_id',
      'template_id',
      'title',
      'title_en',
      'body',
      'body_en',
      'send_at',
    ],
  },
  properties: {
    audience: { type: 'string', enum: [...MESSAGE_AUDIENCES] },
    username: { type: 'string', maxLength: MESSAGE_MAX.username, description: 'audience client: the username' },
    usernames: {
      type: 'string',
      maxLength: MESSAGE_MAX.usernamesText,
      description: `audience clients: usernames separated by commas, spaces or new lines (at most ${MESSAGE_MAX.usernames})`,
    },
    team_leader_id: { ...id, description: 'audience team: the team leader (a team leader composing: himself)' },
    template_id: { ...id, description: 'A template whose texts fill the fields not given' },
    title: { ...title, description: `zh-CN title. ${VARS}` },
    title_en: { type: ['string', 'null'], maxLength: MESSAGE_MAX.title, description: 'en-US title (optional)' },
    body: { ...body, description: `zh-CN body, rich text (sanitised). ${VARS}` },
    body_en: { type: ['string', 'null'], maxLength: MESSAGE_MAX.body, description: 'en-US body (optional)' },
    send_at: {
      type: ['string', 'null'],
      maxLength: 40,
      description:
        "Send later: `YYYY-MM-DD HH:mm` in the tenant's time zone (locale settings) or an ISO 8601 instant with offset",
    },
  },
  required: ['audience'],
} as const;
/** A message to compose, as its route's schema has checked it. */
export type MessageComposeBody = Input<typeof composeBody>;

/** Querystring of the recipients. */
export const recipientsQuery = {
  type: 'object',
  properties: {
    ...pagingFields,
    read: { type: 'boolean', description: 'true: read ones only; false: unread ones only' },
  },
} as const;
