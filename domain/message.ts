/**
 * In-site messages to clients and their templates (spec section 2 "message", with message templates; permission
 * resource `message`). Paths are ours (spec section 7 does not show them): `/message/admin/v1/...` and
 * `/message/admin/v1/template/...`. The compose rules below are checked by the console's form and by the API (one
 * function, `composeProblems`), the variables of a text are rendered by `renderMessage` (the client app's read).
 *
 * Choices where the spec is silent:
 * - The audience (one client, a list of usernames, a team = a team leader's own clients and his salesmen's, or all
 *   clients of the tenant) is resolved when the message is composed: the recipients are fixed then (the composer
 *   sees how many), within the composer's data scope. A scheduled message is delivered to those recipients.
 * - zh-CN title and body are required; en-US ones are optional (the client app falls back to zh-CN).
 * - A template's texts are copied into the message when it is composed (a later edit of the template does not change
 *   messages already composed); a field given in the compose body replaces the template's.
 */
import { defineEntity, type Row, changedByField, changedAtField } from './entity';
import { zoneParts } from './time-zone';

/** Who receives a message. */
export const MESSAGE_AUDIENCES = ['client', 'clients', 'team', 'all'] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];

/** scheduled (send_at in the future) -> sent (delivered) or cancelled; sent right away when no send_at. */
export const MESSAGE_STATUSES = ['scheduled', 'sent', 'cancelled'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** The variables a title or body may hold as `{{name}}`, rendered per recipient. */
export const MESSAGE_VARIABLES = ['client_name', 'username', 'agent_name'] as const;
export type MessageVariable = (typeof MESSAGE_VARIABLES)[number];

/** Longest accepted values. */
export const MESSAGE_MAX = {
  title: 200,
  body: 20_000,
  templateName: 100,
  username: 64,
  /** Usernames of a "list of clients" audience. */
  usernames: 500,
  /** The text of that list (usernames separated by commas, spaces or new lines). */
  usernamesText: 40_000,
} as const;

/** Labels of the audiences (list, filter, CSV). */
const AUDIENCE_LABELS = {
  client: { 'zh-CN': '单个客户', 'en-US': 'One client' },
  clients: { 'zh-CN': '客户列表', 'en-US': 'List of clients' },
  team: { 'zh-CN': '团队', 'en-US': 'Team' },
  all: { 'zh-CN': '全部客户', 'en-US': 'All clients' },
} as const;

export const message = defineEntity({
  name: 'message',
  resource: 'message',
  paths: {
    list: '/message/admin/v1/list',
    one: '/message/admin/v1/{id}',
    create: '/message/admin/v1/create',
    cancel: '/message/admin/v1/cancel/{id}',
    recipients: '/message/admin/v1/{id}/recipients',
  },
  sort: { field: 'id', order: 'desc' },
  fields: [
    { name: 'id', kind: 'id', list: true, sort: true, label: { 'zh-CN': '编号', 'en-US': 'ID' } },
    {
      name: 'title',
      kind: 'text',
      maxLength: MESSAGE_MAX.title,
      list: true,
      filter: 'prefix',
      label: { 'zh-CN': '标题（中文）', 'en-US': 'Title (Chinese)' },
    },
    {
      name: 'title_en',
      kind: 'text',
      nullable: true,
      maxLength: MESSAGE_MAX.title,
      detail: true,
      label: { 'zh-CN': '标题（英文）', 'en-US': 'Title (English)' },
    },
    {
      name: 'body',
      kind: 'richtext',
      maxLength: MESSAGE_MAX.body,
      detail: true,
      label: { 'zh-CN': '正文（中文）', 'en-US': 'Body (Chinese)' },
    },
    {
      name: 'body_en',
      kind: 'richtext',
      nullable: true,
      maxLength: MESSAGE_MAX.body,
      detail: true,
      label: { 'zh-CN': '正文（英文）', 'en-US': 'Body (English)' },
    },
    {
      name: 'audience',
      kind: 'enum',
      values: MESSAGE_AUDIENCES,
      list: true,
      filter: 'in',
      label: { 'zh-CN': '发送对象', 'en-US': 'Audience' },
      valueLabels: AUDIENCE_LABELS,
    },
    {
      name: 'team_leader_id',
      kind: 'id',
      nullable: true,
      detail: true,
      export: false,
      label: { 'zh-CN': '团队组长编号', 'en-US': 'Team leader (ID)' },
    },
    {
      name: 'team_leader_name',
      kind: 'text',
      nullable: true,
      list: true,
      label: { 'zh-CN': '团队组长', 'en-US': 'Team leader' },
    },
    {
      name: 'template_id',
      kind: 'id',
      nullable: true,
      detail: true,
      export: false,
      label: { 'zh-CN': '模板编号', 'en-US': 'Template (ID)' },
    },
    {
      name: 'template_name',
      kind: 'text',
      nullable: true,
      detail: true,
      label: { 'zh-CN': '模板', 'en-US': 'Template' },
    },
    {
      name: 'status',
      kind: 'enum',
      values: MESSAGE_STATUSES,
      list: true,
      filter: 'in',
      label: { 'zh-CN': '状态', 'en-US': 'Status' },
      valueLabels: {
        scheduled: { 'zh-CN': '定时待发', 'en-US': 'Scheduled' },
        sent: { 'zh-CN': '已发送', 'en-US': 'Sent' },
        cancelled: { 'zh-CN': '已取消', 'en-US': 'Cancelled' },
      },
    },
    {
      name: 'send_at',
      kind: 'datetime',
      nullable: true,
      list: true,
      label: { 'zh-CN': '定时发送时间', 'en-US': 'Scheduled for' },
    },
    { name: 'sent_at', kind: 'datetime', nullable: true, list: true, label: { 'zh-CN': '发送时间', 'en-US': 'Sent' } },
    { name: 'recipients', kind: 'integer', list: true, label: { 'zh-CN': '收件人数', 'en-US': 'Recipients' } },
    { name: 'read', kind: 'integer', list: true, label: { 'zh-CN': '已读人数', 'en-US': 'Read' } },
    {
      name: 'created_by_name',
      kind: 'text',
      nullable: true,
      list: true,
      label: { 'zh-CN': '发件人', 'en-US': 'Composed by' },
    },
    {
      name: 'created_at',
      kind: 'datetime',
      list: true,
      filter: 'range',
      label: { 'zh-CN': '创建时间', 'en-US': 'Composed' },
    },
  ],
});

/** A message as the list and the detail answer it (recipients and read: within the caller's data scope). */
export type MessageRow = Row<typeof message>;

/**
 * Message templates: every staff member who reads messages reads them (a team leader composes from them), those with
 * message config (supervisors, administrators) write them, so the texts clients receive are the ones the office
 * approved. Written from this definition (server/core/entity-writes.ts); the bodies are sanitised when stored.
 */
export const messageTemplate = defineEntity({
  name: 'message_template',
  title: { 'zh-CN': '消息模板', 'en-US': 'Message templates' },
  resource: 'message',
  noun: { 'zh-CN': '站内信模板', 'en-US': 'Message template' },
  writeGrant: 'config',
  paths: {
    list: '/message/admin/v1/template/list',
    export: '/message/admin/v1/template/list/export',
    one: '/message/admin/v1/template/{id}',
    create: '/message/admin/v1/template/create',
    update: '/message/admin/v1/template/{id}',
    delete: '/message/admin/v1/template/{id}',
  },
  sort: { field: 'id', order: 'desc' },
  fields: [
    { name: 'id', kind: 'id', list: true, sort: true, label: { 'zh-CN': '编号', 'en-US': 'ID' } },
    {
      name: 'name',
      kind: 'text',
      maxLength: MESSAGE_MAX.templateName,
      list: true,
      filter: 'prefix',
      create: true,
      edit: true,
      required: true,
      label: { 'zh-CN': '模板名称', 'en-US': 'Template name' },
    },
    {
      name: 'title',
      kind: 'text',
      maxLength: MESSAGE_MAX.title,
      list: true,
      create: true,
      edit: true,
      required: true,
      label: { 'zh-CN': '标题（中文）', 'en-US': 'Title (Chinese)' },
    },
    {
      name: 'title_en',
      kind: 'text',
      nullable: true,
      maxLength: MESSAGE_MAX.title,
      list: true,
      create: true,
      edit: true,
      label: { 'zh-CN': '标题（英文）', 'en-US': 'Title (English)' },
    },
    {
      name: 'body',
      kind: 'richtext',
      maxLength: MESSAGE_MAX.body,
      detail: true,
      create: true,
      edit: true,
      required: true,
      label: { 'zh-CN': '正文（中文）', 'en-US': 'Body (Chinese)' },
    },
    {
      name: 'body_en',
      kind: 'richtext',
      nullable: true,
      maxLength: MESSAGE_MAX.body,
      detail: true,
      create: true,
      edit: true,
      label: { 'zh-CN': '正文（英文）', 'en-US': 'Body (English)' },
    },
    changedByField,
    changedAtField,
  ],
});

/** A template as the list and the writes answer it. */
export type MessageTemplateRow = Row<typeof messageTemplate>;

/** One recipient of a message: read or not (read_at, set when the client app first shows it). */
export const messageRecipient = defineEntity({
  name: 'message_recipient',
  resource: 'message',
  paths: { list: '/message/admin/v1/{id}/recipients' },
  sort: { field: 'id', order: 'asc' },
  fields: [
    { name: 'id', kind: 'id', list: true, label: { 'zh-CN': '客户编号', 'en-US': 'Client ID' } },
    { name: 'username', kind: 'text', list: true, label: { 'zh-CN': '用户名', 'en-US': 'Username' } },
    { name: 'full_name', kind: 'text', nullable: true, list: true, label: { 'zh-CN': '姓名', 'en-US': 'Full name' } },
    { name: 'agent_name', kind: 'text', nullable: true, list: true, label: { 'zh-CN': '业务员', 'en-US': 'Agent' } },
    {
      name: 'read',
      kind: 'boolean',
      list: true,
      label: { 'zh-CN': '已读', 'en-US': 'Read' },
      valueLabels: { true: { 'zh-CN': '已读', 'en-US': 'Read' }, false: { 'zh-CN': '未读', 'en-US': 'Unread' } },
    },
    {
      name: 'read_at',
      kind: 'datetime',
      nullable: true,
      list: true,
      label: { 'zh-CN': '阅读时间', 'en-US': 'Read at' },
    },
  ],
});

export type MessageRecipientRow = Row<typeof messageRecipient>;

/** The body of compose (create). */
export interface MessageCompose {
  audience: MessageAudience;
  /** audience client: the client's username. */
  username?: string;
  /** audience clients: usernames separated by commas, spaces or new lines (at most MESSAGE_MAX.usernames). */
  usernames?: string;
  /** audience team: the team leader (a team leader composing: himself, the default). */
  team_leader_id?: number;
  template_id?: number;
  title?: string;
  title_en?: string;
  body?: string;
  body_en?: string;
  /** Send later: `YYYY-MM-DD HH:mm` in the tenant's time zone, or an ISO 8601 instant with its offset. */
  send_at?: string;
}

/** The field problems of a form, as FIELD_CODES of the API (`errors.field.<code>` in the console). */
export type MessageProblems = Partial<Record<string, 'required' | 'invalid' | 'unknown_variable' | 'send_at_past'>>;

const USERNAME = /^[A-Za-z0-9_.@-]{1,64}$/;
const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The usernames of a list text (commas, semicolons, spaces or new lines between them), each once, in order. */
export function parseUsernames(text: string): string[] {
  return [...new Set(text.split(/[\s,;，；、]+/).filter(Boolean))];
}

/** The variable names a text uses that are not MESSAGE_VARIABLES. */
export function unknownVariables(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(VARIABLE)) {
    if (!(MESSAGE_VARIABLES as readonly string[]).includes(m[1]) && !out.includes(m[1])) out.push(m[1]);
  }
  return out;
}

/** Text of rich text (tags dropped, entities of spaces read as spaces), to tell an empty editor. */
const textOf = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;/g, ' ');

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !textOf(v).trim());

/** `YYYY-MM-DD HH:mm` (a local time of the tenant's zone) or an ISO 8601 instant with its offset. */
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The offset of a time zone at an instant, in minutes east of UTC. */
export function offsetMinutes(zone: string, at: Date): number {
  const p = zoneParts(at, zone);
  const local = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return Math.round((local - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant of a send_at text: an ISO instant as it is, a local `YYYY-MM-DD HH:mm` in `zone`; null when it is
 * neither (or names a day that does not exist).
 */
export function sendAtInstant(text: string, zone: string): Date | null {
  const t = text.trim();
  if (INSTANT.test(t)) {
    const d = new Date(t);
    return Number.isNaN(d.getTime()) || d.getUTCFullYear() > 9999 ? null : d;
  }
  const m = LOCAL_TIME.exec(t);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(guess);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  let at = new Date(guess - offsetMinutes(zone, new Date(guess)) * 60_000);
  // across a change of offset the first guess may be an hour off
  at = new Date(guess - offsetMinutes(zone, at) * 60_000);
  return at;
}

/**
 * What is wrong with a compose form (the console before sending, the API before anything else): the fields' codes.
 * `now` and `zone` check send_at (in the future, read in the tenant's time zone); the console passes the browser's
 * time and the tenant's zone, the API its own.
 */
export function composeProblems(
  v: Partial<Record<keyof MessageCompose, unknown>>,
  opts: { now?: Date; zone?: string } = {},
): MessageProblems {
  const out: MessageProblems = {};
  const audience = v.audience;
  if (blank(audience)) out.audience = 'required';
  else if (!(MESSAGE_AUDIENCES as readonly unknown[]).includes(audience)) out.audience = 'invalid';
  if (audience === 'client') {
    if (blank(v.username)) out.username = 'required';
    else if (!USERNAME.test(String(v.username).trim())) out.username = 'invalid';
  }
  if (audience === 'clients') {
    const names = typeof v.usernames === 'string' ? parseUsernames(v.usernames) : [];
    if (!names.length) out.usernames = 'required';
    else if (names.length > MESSAGE_MAX.usernames || names.some((n) => !USERNAME.test(n))) out.usernames = 'invalid';
  }
  const fromTemplate = !blank(v.template_id);
  for (const f of ['title', 'body'] as const) if (!fromTemplate && blank(v[f])) out[f] = 'required';
  variableProblems(v, out);
  if (!blank(v.send_at)) {
    const at = typeof v.send_at === 'string' ? sendAtInstant(v.send_at, opts.zone ?? 'Asia/Shanghai') : null;
    if (!at) out.send_at = 'invalid';
    else if (at.getTime() <= (opts.now ?? new Date()).getTime()) out.send_at = 'send_at_past';
  }
  return out;
}

/** Adds unknown_variable to each text (title, body, en-US ones) naming a variable not in MESSAGE_VARIABLES. */
function variableProblems(v: Readonly<Record<string, unknown>>, out: MessageProblems): MessageProblems {
  for (const f of ['title', 'title_en', 'body', 'body_en'] as const) {
    const text = v[f];
    if (typeof text === 'string' && unknownVariables(text).length) out[f] ??= 'unknown_variable';
  }
  return out;
}

/**
 * A template's rules beyond its fields' (the definition's `required` and limits): a body with text (an emptied
 * rich-text editor is no body) and only known {{variables}}. The API (entityWrites' validate) and the form run it.
 */
export function templateProblems(v: Readonly<Record<string, unknown>>): MessageProblems {
  return variableProblems(v, typeof v.body === 'string' && blank(v.body) ? { body: 'required' } : {});
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * A title or body with its variables filled in for one recipient (the client app's read): values are escaped in a
 * body (rich text), a variable without a value becomes empty.
 */
export function renderMessage(
  text: string,
  vars: Partial<Record<MessageVariable, string | null>>,
  kind: 'title' | 'body',
): string {
  return text.replace(VARIABLE, (_all, name: string) => {
    const value = vars[name as MessageVariable] ?? '';
    return kind === 'body' ? escapeHtml(value) : value;
  });
}
