import CancelScheduleSendIcon from '@mui/icons-material/CancelScheduleSend';
import type { RaRecord } from 'ra-core';
import {
  composeProblems,
  MESSAGE_MAX,
  message,
  messageRecipient,
  type MessageAudience,
  type MessageRow,
} from '../../domain/message';
import { clientUsernameSearch } from '../clientChoices';
import { defineResource } from '../engine/define';
import { enumOptions, fieldsFromEntity } from '../engine/entityFields';
import type { ChoiceLoader, FieldSpec, FormValues } from '../engine/types';
import type { OptionTone } from '../labels';
import { leaderFilterChoices } from '../staffChoices';
import { appState } from '../../src/state/appState';

/** A message as the list and the detail answer it (domain/message.ts). */
export type MessageRecord = MessageRow & RaRecord;

const field = (name: string) => message.fields.find((f) => f.name === name)!;
const TONES: Record<string, OptionTone> = { scheduled: 'warning', sent: 'success', cancelled: 'default' };
/** Read or unread, as chips (labels of the recipient definition). */
const READ_OPTIONS = [
  { id: 'true', name: 'resources.message.read_values.true', tone: 'success' as const },
  { id: 'false', name: 'resources.message.read_values.false' },
];
const statusOptions = enumOptions(message, field('status')).map((o) => ({ ...o, tone: TONES[String(o.id)] }));

const audienceIs =
  (...audiences: MessageAudience[]) =>
  (v: FormValues) =>
    audiences.includes(v.audience as MessageAudience);
const noTemplate = (v: FormValues) => v.template_id === undefined || v.template_id === null || v.template_id === '';

/** The templates as choices of the compose form. */
const templateChoices: ChoiceLoader = async ({ http }) => {
  const answer = await http<{ data: { id: number; name: string }[] }>('/message/admin/v1/template/list', {
    query: { page_size: 200 },
  });
  return (answer?.data ?? []).map((t) => ({ id: t.id, name: t.name }));
};

/** Inputs of the compose form that are not columns of a message. */
const composeOnly: FieldSpec[] = [
  {
    source: 'username',
    list: false,
    show: false,
    create: true,
    // one client, searched by username, full name or mobile; the API takes the username
    input: 'remoteOption',
    search: clientUsernameSearch,
    showIf: audienceIs('client'),
    required: true,
    maxLength: MESSAGE_MAX.username,
  },
  {
    source: 'usernames',
    type: 'textarea',
    list: false,
    show: false,
    create: true,
    showIf: audienceIs('clients'),
    required: true,
    maxLength: MESSAGE_MAX.usernamesText,
    helperText: 'resources.message.hints.usernames',
  },
];

/** The compose form's rules, shared with the API (domain/message.ts), as i18n keys of the field codes. */
export function composeValidate(values: FormValues): Record<string, string> | undefined {
  // A typed send_at is the tenant's time (as the API reads it), whatever the browser's zone.
  const problems = composeProblems(values, { zone: appState.get().timeZone });
  const out = Object.fromEntries(Object.entries(problems).map(([f, code]) => [f, `errors.field.${code}`]));
  return Object.keys(out).length ? out : undefined;
}

/**
 * In-site messages (spec section 2 "message", with templates): the messages in the caller's scope with their
 * audience, status, scheduled and sent time, recipients and read counts; a row opens the message with its recipients
 * (read or not). Compose (message create: supervisors, administrators, team leaders for their team) to one client, a
 * list of usernames, a team or all clients, from a template or not, now or at a time; cancel a scheduled one. The
 * templates are the page's second tab (MessagePage).
 */
export default defineResource<MessageRecord>({
  name: message.name,
  endpoints: { list: message.paths.list, one: message.paths.one, create: message.paths.create, export: false },
  fields: [
    ...fieldsFromEntity(message, {
      id: { hidden: true },
      title: {
        filter: true,
        create: true,
        requiredIf: noTemplate,
        maxLength: MESSAGE_MAX.title,
        helperText: 'resources.message.hints.variables',
      },
      audience: { create: true, required: true, input: 'option', filter: true },
      team_leader_id: {
        list: false,
        show: false,
        label: 'resources.message.inputs.team_leader_id',
        create: true,
        input: 'remoteOption',
        load: leaderFilterChoices,
        showIf: audienceIs('team'),
        helperText: 'resources.message.hints.team',
      },
      template_id: {
        list: false,
        show: false,
        label: 'resources.message.inputs.template_id',
        create: true,
        input: 'remoteOption',
        load: templateChoices,
        helperText: 'resources.message.hints.template',
      },
      title_en: { create: true, maxLength: MESSAGE_MAX.title },
      body: { create: true, requiredIf: noTemplate },
      body_en: { create: true },
      status: { options: statusOptions, filter: true },
      send_at: { create: true, input: 'text', helperText: 'resources.message.hints.send_at' },
      created_at: { hidden: true },
    }),
    ...composeOnly,
  ],
  validate: composeValidate,
  // the compose form and the detail in this order (the list keeps the definition's)
  sections: [
    {
      name: 'audience',
      fields: ['audience', 'username', 'usernames', 'team_leader_id', 'team_leader_name', 'recipients', 'read'],
    },
    { name: 'content', fields: ['template_id', 'template_name', 'title', 'title_en', 'body', 'body_en'] },
    { name: 'delivery', fields: ['send_at', 'status', 'sent_at', 'created_by_name', 'created_at'] },
  ],
  sort: { field: 'id', order: 'DESC' },
  drawer: 'show',
  related: [
    {
      name: 'recipients',
      path: message.paths.recipients,
      perPage: 10,
      // labels of the recipient definition (domain/message.ts), `resources.message.recipient.<field>`
      fields: fieldsFromEntity(messageRecipient, {
        id: false,
        read: { type: 'option', options: READ_OPTIONS },
      }).map((f) => ({ ...f, label: `resources.message.recipient.${f.source}` })),
    },
  ],
  views: { list: () => import('./MessagePage') },
  rowActions: [
    {
      name: 'cancel',
      icon: CancelScheduleSendIcon,
      permission: { action: 'create' },
      when: (r) => r.status === 'scheduled',
      run: { method: 'POST', path: message.paths.cancel },
    },
  ],
});
