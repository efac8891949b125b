/** Message templates (domain/message.ts messageTemplate): the tenant's list, one, create, update, delete. */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  templateProblems,
  messageTemplate as templateDef,
  type MessageTemplateBody,
  type MessageTemplateRow,
} from '../../../domain/message';
import { messageTemplate, staffUser } from '../../db/schema';
import type { Executor, Tx } from '../../core/db';
import type { EntityListSpec } from '../../core/entity';
import { NotFoundError, ValidationError } from '../../core/errors';
import { iso } from '../records/common';
import { cleanBody, refuse, trimmed, type Staff } from './messages';

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

/** A template body as stored: the shared rules, trimmed texts, sanitised bodies. */
function templateValues(body: MessageTemplateBody) {
  refuse(templateProblems(body));
  const html = cleanBody('body', body.body);
  if (!html) throw new ValidationError({ body: { code: 'required', message: 'Body is required' } });
  return {
    name: body.name.trim(),
    title: body.title.trim(),
    titleEn: trimmed(body.title_en),
    body: html,
    bodyEn: cleanBody('body_en', body.body_en),
  };
}

export async function createTemplate(tx: Tx, staff: Staff, body: MessageTemplateBody): Promise<MessageTemplateRow> {
  const [row] = await tx
    .insert(messageTemplate)
    .values({ tenantId: staff.tenantId, ...templateValues(body), updatedBy: staff.id })
    .returning({ id: messageTemplate.id });
  return templateOf(tx, staff.tenantId, row.id);
}

export async function updateTemplate(
  tx: Tx,
  staff: Staff,
  id: number,
  body: MessageTemplateBody,
): Promise<MessageTemplateRow> {
  const [row] = await tx
    .update(messageTemplate)
    .set({ ...templateValues(body), updatedBy: staff.id, updatedAt: sql`now()` })
    .where(and(eq(messageTemplate.id, id), eq(messageTemplate.tenantId, staff.tenantId)))
    .returning({ id: messageTemplate.id });
  if (!row) throw new NotFoundError('Template');
  return templateOf(tx, staff.tenantId, id);
}

/** Deletes a template; messages composed from it keep their texts and its name. */
export async function deleteTemplate(tx: Tx, tenantId: string, id: number): Promise<MessageTemplateRow> {
  const before = await templateOf(tx, tenantId, id);
  await tx.delete(messageTemplate).where(and(eq(messageTemplate.id, id), eq(messageTemplate.tenantId, tenantId)));
  return before;
}
