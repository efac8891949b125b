/** JSON schemas of the customer-service routes (domain/service.ts). */
import { CHANNEL_KINDS, SERVICE_MAX, WEEKDAYS } from '../../../domain/service';

/** `{id}` path parameter: the one schema every route shares (server/core/params.ts). */
export { idParams } from '../../core/params';

const channel = {
  type: 'object',
  additionalProperties: false,
  properties: {
    kind: { type: 'string', enum: [...CHANNEL_KINDS] },
    value: {
      type: 'string',
      maxLength: SERVICE_MAX.value,
      description:
        'chat: an http(s) URL; phone and whatsapp: digits with an optional + and spaces, dashes or brackets; email: ' +
        'an address; telegram: @handle or https://t.me/handle; line: an ID; wechat: a WeChat ID',
    },
    label: { type: ['string', 'null'], maxLength: SERVICE_MAX.label, description: 'Shown to clients (optional)' },
  },
  required: ['kind', 'value', 'label'],
} as const;

const hours = {
  type: 'object',
  additionalProperties: false,
  properties: {
    day: { type: 'string', enum: [...WEEKDAYS] },
    closed: { type: 'boolean' },
    open: { type: 'string', maxLength: 5, description: "HH:mm, the tenant's time zone" },
    close: { type: 'string', maxLength: 5, description: 'HH:mm, after open' },
  },
  required: ['day', 'closed', 'open', 'close'],
} as const;

/** Body of PUT default and PUT team/{id}. */
export const docBody = {
  type: 'object',
  additionalProperties: false,
  propertyNames: { enum: ['channels', 'hours'] },
  properties: {
    channels: { type: 'array', maxItems: SERVICE_MAX.channels, items: channel },
    hours: {
      type: 'array',
      minItems: 7,
      maxItems: 7,
      items: hours,
      description: 'Monday to Sunday, in that order',
    },
  },
  required: ['channels', 'hours'],
} as const;

/** A configuration as answered. */
export const configResponse = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: ['integer', 'null'], description: 'null: not saved (a team: it uses the default, shown here)' },
    scope: { type: 'string', enum: ['tenant', 'team'] },
    leader_id: { type: ['integer', 'null'] },
    leader_name: { type: ['string', 'null'] },
    channels: { type: 'array', items: channel },
    hours: { type: 'array', items: hours },
    time_zone: { type: 'string', description: "The tenant's time zone (locale settings), in which hours are read" },
    updated_by_name: { type: ['string', 'null'] },
    updated_at: { type: ['string', 'null'], format: 'date-time' },
  },
  required: [
    'id',
    'scope',
    'leader_id',
    'leader_name',
    'channels',
    'hours',
    'time_zone',
    'updated_by_name',
    'updated_at',
  ],
} as const;

/** What applies to a client. */
export const effectiveResponse = {
  type: 'object',
  additionalProperties: false,
  properties: {
    client_id: { type: 'integer' },
    source: { type: 'string', enum: ['team', 'tenant', 'none'] },
    leader_id: { type: ['integer', 'null'] },
    channels: { type: 'array', items: channel },
    hours: { type: 'array', items: hours },
    time_zone: { type: 'string' },
    local_day: { type: 'string', enum: [...WEEKDAYS] },
    local_time: { type: 'string', description: "HH:mm now in the tenant's time zone" },
    open_now: { type: 'boolean' },
  },
  required: [
    'client_id',
    'source',
    'leader_id',
    'channels',
    'hours',
    'time_zone',
    'local_day',
    'local_time',
    'open_now',
  ],
} as const;
