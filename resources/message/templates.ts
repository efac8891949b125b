import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { RaRecord } from 'ra-core';
import { MESSAGE_MAX, messageTemplate, templateProblems, type MessageTemplateRow } from '../../domain/message';
import { fieldsFromEntity } from '../engine/entityFields';
import type { ActionInput, FormValues, ResourceConfig } from '../engine/types';

/** A template as the list answers it (domain/message.ts). */
export type TemplateRecord = MessageTemplateRow & RaRecord;

/** The template form's rules, shared with the API: the problem of one input as an i18n key. */
const rule = (source: string) => (_v: unknown, values: FormValues) => {
  const code = templateProblems(values)[source];
  return code ? `errors.field.${code}` : undefined;
};

const inputs: ActionInput[] = [
  { source: 'name', type: 'text', required: true, maxLength: MESSAGE_MAX.templateName, validate: rule('name') },
  {
    source: 'title',
    type: 'text',
    required: true,
    maxLength: MESSAGE_MAX.title,
    validate: rule('title'),
    helperText: 'resources.message.hints.variables',
  },
  { source: 'title_en', type: 'text', maxLength: MESSAGE_MAX.title, validate: rule('title_en') },
  { source: 'body', type: 'richtext', required: true, validate: rule('body') },
  { source: 'body_en', type: 'richtext', validate: rule('body_en') },
];

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);
const body = (_r: unknown, v: Record<string, unknown>) => ({
  name: String(v.name ?? ''),
  title: String(v.title ?? ''),
  title_en: blankToNull(v.title_en),
  body: String(v.body ?? ''),
  body_en: blankToNull(v.body_en),
});

/**
 * Message templates (the message page's second tab; permission resource `message`): everyone who reads messages
 * sees them and composes from them, supervisors and administrators (message config) add, edit and delete them.
 */
export const templateConfig: ResourceConfig<TemplateRecord> = {
  name: messageTemplate.name,
  resource: 'message',
  endpoints: { list: messageTemplate.paths.list, one: messageTemplate.paths.one, export: messageTemplate.paths.export },
  fields: fieldsFromEntity(messageTemplate, {
    id: { hidden: true },
    name: { filter: true },
    title_en: { hidden: true },
  }),
  sort: { field: 'id', order: 'DESC' },
  drawer: 'show',
  listActions: [
    {
      name: 'create',
      icon: AddIcon,
      permission: { action: 'config' },
      confirm: false,
      inputs,
      run: { method: 'POST', path: messageTemplate.paths.create!, body },
    },
  ],
  rowActions: [
    {
      name: 'edit',
      icon: EditIcon,
      permission: { action: 'config' },
      confirm: false,
      inputs,
      prefill: (r) => ({ name: r.name, title: r.title, title_en: r.title_en, body: r.body, body_en: r.body_en }),
      run: { method: 'PUT', path: messageTemplate.paths.update!, body },
    },
    {
      name: 'delete',
      icon: DeleteIcon,
      permission: { action: 'config' },
      run: { method: 'DELETE', path: messageTemplate.paths.delete! },
    },
  ],
};
