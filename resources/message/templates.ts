import type { RaRecord } from 'ra-core';
import { messageTemplate, templateProblems, type MessageTemplateRow } from '../../domain/message';
import { entityResource } from '../engine/entityResource';
import type { FormValues } from '../engine/types';

/** A template as the list answers it (domain/message.ts). */
export type TemplateRecord = MessageTemplateRow & RaRecord;

const t = (key: string) => `resources.message_template.${key}`;

/** The template's own rules (a body with text, known {{variables}}), shared with the API, as i18n keys per field. */
function problems(values: FormValues): Record<string, string> | undefined {
  const out = Object.entries(templateProblems(values)).map(([f, code]) => [f, `errors.field.${code}`]);
  return out.length ? Object.fromEntries(out) : undefined;
}

/**
 * Message templates (the message page's second tab, MessagePage; permission resource `message`): everyone who reads
 * messages sees them and composes from them; those with message config (the definition's writeGrant: supervisors,
 * administrators) add them in a dialog (the tab has no page of its own), edit and delete them, from the definition.
 */
export const templateConfig = entityResource<TemplateRecord>(messageTemplate, {
  endpoints: { one: messageTemplate.paths.one },
  fields: {
    id: { hidden: true },
    name: { filter: true },
    title: { helperText: 'resources.message.hints.variables' },
    title_en: { hidden: true },
  },
  validate: problems,
  sort: { field: 'id', order: 'DESC' },
  drawer: 'show',
  createDialog: { label: t('actions.create') },
  delete: { confirm: t('confirm.delete') },
});
