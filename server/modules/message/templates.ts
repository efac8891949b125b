/**
 * Message templates (domain/message.ts messageTemplate): the tenant's list, one, and the writes from the definition
 * with the template's own rules (a body with text, known {{variables}}) and its bodies sanitised when stored.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { templateProblems, messageTemplate as templateDef, type MessageTemplateRow } from '../../../domain/message';
import { messageTemplate, staffUser } from '../../db/schema';
import type { Executor } from '../../core/db';
import type { EntityListSpec } from '../../core/entity';
import { refuse, type EntityWritesSpec } from '../../core/entity-writes';
import { NotFoundError } from '../../core/errors';
import { iso } from '../records/common';
import { cleanBody } from './messages';

const editor = alias(staffUser, 'template_editor');

function selectTemplates(db: Executor, cursor: SQL<string> = sql<string>`''`) {
  return db
    .select({
      id: messageTemplate.id,
      name: messageTemplate.name,
      title: messageTemplate.title,
      titleEn: messageTemplate.titleEn,
      body: messageTemplate.body,
      bodyEn: messageTemplate.bodyEn,
      updatedByName: editor.name,
      updatedAt: messageTemplate.updatedAt,
      _cursor: cursor,
    })
    .from(messageTemplate)
    .leftJoin(editor, eq(editor.id, messageTemplate.updatedBy))
    .$dynamic();
}

type RawTemplate = Awaited<ReturnType<typeof selectTemplates>>[number];

export const presentTemplate = (r: RawTemplate): MessageTemplateRow => ({
  id: r.id,
  name: r.name,
  title: r.title,
  title_en: r.titleEn,
  body: r.body,
  body_en: r.bodyEn,
  updated_by_name: r.updatedByName,
  updated_at: iso(r.updatedAt)!,
});

/** The tenant's templates (every staff member with message read uses them). */
export const templateListSpec: EntityListSpec<typeof templateDef, RawTemplate> = {
  def: templateDef,
  table: messageTemplate,
  id: messageTemplate.id,
  columns: { id: messageTemplate.id, name: messageTemplate.name },
  scope: (staff) => eq(messageTemplate.tenantId, staff.tenantId),
  select: (db, cursor) => selectTemplates(db, cursor),
  present: presentTemplate,
  tags: ['message'],
  description:
    "The tenant's message templates (name, zh-CN and en-US title and body with {{variables}}), newest first. " +
    'Filter: name prefix.',
};

export async function templateOf(db: Executor, tenantId: string, id: number): Promise<MessageTemplateRow> {
  const [row] = await selectTemplates(db)
    .where(and(eq(messageTemplate.id, id), eq(messageTemplate.tenantId, tenantId)))
    .limit(1);
  if (!row) throw new NotFoundError('Template');
  return presentTemplate(row);
}

/**
 * Create, edit, delete from the definition (message config): the rules of templateProblems on the texts as they
 * will be (400 required, unknown_variable), the bodies sanitised (domain/html.ts; nothing left of the zh-CN body:
 * 400 required). Messages already composed keep their texts and the template's name.
 */
export const templateWritesSpec: EntityWritesSpec<typeof templateDef, RawTemplate> = {
  list: templateListSpec,
  table: messageTemplate,
  columns: {
    title: messageTemplate.title,
    title_en: messageTemplate.titleEn,
    body: messageTemplate.body,
    body_en: messageTemplate.bodyEn,
  },
  validate: (values, { current }) => templateProblems({ ...current, ...values }),
  beforeWrite: (values) => {
    const out = { ...values };
    if (values.body !== undefined) out.body = cleanBody('body', values.body as string);
    if (values.body_en !== undefined) out.body_en = cleanBody('body_en', values.body_en as string | null);
    if (values.body !== undefined && !out.body) refuse({ body: 'required' });
    return out;
  },
  description:
    '`{ name, title, title_en?, body, body_en? }`: name, zh-CN title and body required; bodies are rich text, ' +
    'sanitised (domain/html.ts); a {{variable}} other than client_name, username, agent_name is 400 ' +
    'unknown_variable on its field. Needs message config (supervisors, administrators); messages already composed ' +
    "keep their texts and the template's name.",
};
