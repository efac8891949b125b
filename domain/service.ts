/**
 * Customer-service configuration (spec section 2 "service"; permission resource `service`): the channels clients
 * reach support through (online chat URL, phone, email, messenger handles) and the working hours per weekday, read
 * in the tenant's time zone (the locale settings' `timezone`). Paths are ours: `/service/admin/v1/...`.
 *
 * Choices where the spec is silent:
 * - One configuration per tenant (the default) and optionally one per team (a team = a team leader: his own clients
 *   and those of his salesmen). A team's configuration replaces the default as a whole (channels and hours); deleting
 *   it returns the team to the default.
 * - What a client sees (`effective/:client_id`): his team's configuration when it has one, else the tenant's; a
 *   client without an agent gets the tenant's.
 * - A team leader (service: all actions, spec section 6) reads the default and edits his own team's configuration
 *   only; supervisors and administrators edit the default and every team's.
 * The rules below are checked by the console's page and by the API (one function, `serviceProblems`).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { safeHref } from './html';
import { defineEntity, type Row, changedByField, changedAtField } from './entity';

/** The kinds of channel. */
export const CHANNEL_KINDS = ['chat', 'phone', 'email', 'whatsapp', 'telegram', 'line', 'wechat'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** Monday first (ISO weekday 1..7). */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const SERVICE_MAX = { channels: 20, value: 300, label: 50 } as const;

/** One channel: its kind, the address or handle, an optional label shown to clients. */
const channelSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    kind: { type: 'string', enum: CHANNEL_KINDS },
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
export type ServiceChannel = FromSchema<typeof channelSchema>;

/** One weekday: closed, or open from `open` to `close` (`HH:mm`, the tenant's time zone, close after open). */
const hoursSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    day: { type: 'string', enum: WEEKDAYS },
    closed: { type: 'boolean' },
    open: { type: 'string', maxLength: 5, description: "HH:mm, the tenant's time zone" },
    close: { type: 'string', maxLength: 5, description: 'HH:mm, after open' },
  },
  required: ['day', 'closed', 'open', 'close'],
} as const;
export type ServiceHours = FromSchema<typeof hoursSchema>;

/** A configuration as saved: the body of PUT default and PUT team/{id}. */
export const serviceDocBody = {
  type: 'object',
  additionalProperties: false,
  propertyNames: { enum: ['channels', 'hours'] },
  properties: {
    channels: { type: 'array', maxItems: SERVICE_MAX.channels, items: channelSchema },
    hours: {
      type: 'array',
      minItems: 7,
      maxItems: 7,
      items: hoursSchema,
      description: 'Monday to Sunday, in that order',
    },
  },
  required: ['channels', 'hours'],
} as const;
export type ServiceDoc = FromSchema<typeof serviceDocBody>;

/** A configuration as answered: whose it is, the document, the tenant's time zone, who changed it last. */
export const serviceConfigSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: ['integer', 'null'], description: 'null: not saved (a team: it uses the default, shown here)' },
    scope: { type: 'string', enum: ['tenant', 'team'] },
    leader_id: { type: ['integer', 'null'] },
    leader_name: { type: ['string', 'null'] },
    channels: serviceDocBody.properties.channels,
    hours: serviceDocBody.properties.hours,
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
export type ServiceConfig = FromSchema<typeof serviceConfigSchema>;

/** What the client app reads for a client: the configuration that applies, and whether support is open now. */
export const serviceEffectiveSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    client_id: { type: 'integer' },
    source: {
      type: 'string',
      enum: ['team', 'tenant', 'none'],
      description: "team: the client's team has its own; tenant: the default; none: nothing configured",
    },
    leader_id: { type: ['integer', 'null'] },
    channels: serviceDocBody.properties.channels,
    hours: serviceDocBody.properties.hours,
    time_zone: { type: 'string' },
    local_day: { type: 'string', enum: WEEKDAYS },
    local_time: { type: 'string', description: "HH:mm now in the tenant's time zone" },
    open_now: { type: 'boolean', description: "Whether now is within the day's hours" },
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
export type ServiceEffective = FromSchema<typeof serviceEffectiveSchema>;

const SCOPE_LABELS = {
  tenant: { 'zh-CN': '默认', 'en-US': 'Default' },
  team: { 'zh-CN': '团队', 'en-US': 'Team' },
} as const;

/** The list of configurations: the default and the teams' own. */
export const service = defineEntity({
  name: 'service',
  resource: 'service',
  paths: {
    list: '/service/admin/v1/list',
    export: '/service/admin/v1/list/export',
    default: '/service/admin/v1/default',
    team: '/service/admin/v1/team/{id}',
    effective: '/service/admin/v1/effective/{id}',
  },
  sort: { field: 'id', order: 'asc' },
  fields: [
    { name: 'id', kind: 'id', list: true, sort: true, label: { 'zh-CN': '编号', 'en-US': 'ID' } },
    {
      name: 'scope',
      kind: 'enum',
      values: ['tenant', 'team'],
      list: true,
      label: { 'zh-CN': '适用范围', 'en-US': 'Applies to' },
      valueLabels: SCOPE_LABELS,
    },
    {
      name: 'leader_id',
      kind: 'id',
      nullable: true,
      detail: true,
      label: { 'zh-CN': '组长编号', 'en-US': 'Leader ID' },
    },
    {
      name: 'leader_name',
      kind: 'text',
      nullable: true,
      list: true,
      label: { 'zh-CN': '团队组长', 'en-US': 'Team leader' },
    },
    { name: 'channels', kind: 'integer', list: true, label: { 'zh-CN': '渠道数', 'en-US': 'Channels' } },
    { name: 'open_days', kind: 'integer', list: true, label: { 'zh-CN': '每周营业天数', 'en-US': 'Open days a week' } },
    changedByField,
    changedAtField,
  ],
});

export type ServiceRow = Row<typeof service>;

/** Labels of the channel kinds and weekdays (console and /docs). */
export const CHANNEL_LABELS: Record<ChannelKind, { 'zh-CN': string; 'en-US': string }> = {
  chat: { 'zh-CN': '在线客服链接', 'en-US': 'Online chat URL' },
  phone: { 'zh-CN': '电话', 'en-US': 'Phone' },
  email: { 'zh-CN': '邮箱', 'en-US': 'Email' },
  whatsapp: { 'zh-CN': 'WhatsApp', 'en-US': 'WhatsApp' },
  telegram: { 'zh-CN': 'Telegram', 'en-US': 'Telegram' },
  line: { 'zh-CN': 'LINE', 'en-US': 'LINE' },
  wechat: { 'zh-CN': '微信', 'en-US': 'WeChat' },
};

export const WEEKDAY_LABELS: Record<Weekday, { 'zh-CN': string; 'en-US': string }> = {
  mon: { 'zh-CN': '周一', 'en-US': 'Monday' },
  tue: { 'zh-CN': '周二', 'en-US': 'Tuesday' },
  wed: { 'zh-CN': '周三', 'en-US': 'Wednesday' },
  thu: { 'zh-CN': '周四', 'en-US': 'Thursday' },
  fri: { 'zh-CN': '周五', 'en-US': 'Friday' },
  sat: { 'zh-CN': '周六', 'en-US': 'Saturday' },
  sun: { 'zh-CN': '周日', 'en-US': 'Sunday' },
};

/** The hours of a new configuration: weekdays 09:00-18:00, weekend closed. */
export const DEFAULT_HOURS: ServiceHours[] = WEEKDAYS.map((day) => ({
  day,
  closed: day === 'sat' || day === 'sun',
  open: '09:00',
  close: '18:00',
}));

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const PHONE = /^\+?[0-9][0-9 ()-]{4,24}$/;
const EMAIL = /^[^\s@<>()"',;]+@[^\s@<>()"',;]+\.[A-Za-z]{2,}$/;

/** Whether a channel's value suits its kind (the field code of the problem, or undefined). */
export function channelProblem(kind: unknown, value: unknown): 'required' | 'invalid' | 'http_url' | undefined {
  const v = typeof value === 'string' ? value.trim() : '';
  if (!v) return 'required';
  if (v.length > SERVICE_MAX.value) return 'invalid';
  switch (kind) {
    case 'chat': {
      const href = safeHref(v);
      return href && /^https?:/i.test(href) ? undefined : 'http_url';
    }
    case 'phone':
    case 'whatsapp':
      return PHONE.test(v) && v.replace(/\D/g, '').length >= 5 ? undefined : 'invalid';
    case 'email':
      return EMAIL.test(v) ? undefined : 'invalid';
    case 'telegram':
      return /^@?[A-Za-z][A-Za-z0-9_]{4,31}$/.test(v) || /^https:\/\/t\.me\/[A-Za-z0-9_]{5,32}$/.test(v)
        ? undefined
        : 'invalid';
    case 'line':
      return /^@?[A-Za-z0-9._-]{1,40}$/.test(v) ? undefined : 'invalid';
    case 'wechat':
      return /^[A-Za-z][-_A-Za-z0-9]{5,19}$/.test(v) ? undefined : 'invalid';
    default:
      return 'invalid';
  }
}

/** Field problem codes by path (`channels.0.value`, `hours.2.close`), as FIELD_CODES of the API. */
export type ServiceProblems = Record<string, 'required' | 'invalid' | 'http_url' | 'too_long' | 'hours_order'>;

/** What is wrong with a configuration (the console's page before saving, the API before anything else). */
export function serviceProblems(doc: { channels?: unknown; hours?: unknown }): ServiceProblems {
  const out: ServiceProblems = {};
  const channels = Array.isArray(doc.channels) ? (doc.channels as Partial<ServiceChannel>[]) : [];
  if (!Array.isArray(doc.channels)) out.channels = 'required';
  else if (channels.length > SERVICE_MAX.channels) out.channels = 'invalid';
  channels.forEach((c, i) => {
    if (!(CHANNEL_KINDS as readonly unknown[]).includes(c?.kind)) out[`channels.${i}.kind`] = 'invalid';
    const problem = channelProblem(c?.kind, c?.value);
    if (problem) out[`channels.${i}.value`] = problem;
    if (typeof c?.label === 'string' && c.label.trim().length > SERVICE_MAX.label)
      out[`channels.${i}.label`] = 'too_long';
  });
  const hours = Array.isArray(doc.hours) ? (doc.hours as Partial<ServiceHours>[]) : [];
  if (hours.length !== WEEKDAYS.length || WEEKDAYS.some((d, i) => hours[i]?.day !== d)) out.hours = 'invalid';
  hours.forEach((h, i) => {
    if (h?.closed) return;
    if (!HHMM.test(String(h?.open ?? ''))) out[`hours.${i}.open`] = 'invalid';
    else if (!HHMM.test(String(h?.close ?? ''))) out[`hours.${i}.close`] = 'invalid';
    else if (String(h.close) <= String(h.open)) out[`hours.${i}.close`] = 'hours_order';
  });
  return out;
}

/** A configuration as saved: values and labels trimmed, an empty label none. */
export function cleanServiceDoc(doc: ServiceDoc): ServiceDoc {
  return {
    channels: doc.channels.map((c) => ({ kind: c.kind, value: c.value.trim(), label: c.label?.trim() || null })),
    hours: doc.hours.map((h) => ({ day: h.day, closed: h.closed, open: h.open, close: h.close })),
  };
}

/** The weekday and `HH:mm` of an instant in a time zone. */
export function localDayTime(at: Date, zone: string): { day: Weekday; time: string } {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return { day: String(p.weekday).slice(0, 3).toLowerCase() as Weekday, time: `${p.hour}:${p.minute}` };
}

/** Whether support is open at an instant by these hours, read in the zone. */
export function openAt(hours: readonly ServiceHours[], at: Date, zone: string): boolean {
  const { day, time } = localDayTime(at, zone);
  const h = hours.find((x) => x.day === day);
  return !!h && !h.closed && h.open <= time && time < h.close;
}
