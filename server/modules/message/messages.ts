/**
 * In-site messages (domain/message.ts): compose (to one client, a list, a team or all clients, from a template or
 * not, now or scheduled), cancel a scheduled one, read the list with recipient and read counts, the recipients with
 * read/unread. Delivery of the scheduled ones: delivery.ts; the templates: templates.ts.
 *
 * Data scope as for clients (core/scope.ts): a message is visible to a salesman when one of its recipients is his
 * client, to a team leader when he composed it or one of its recipients is in his team; its counts and recipients
 * are those within the caller's scope. Supervisors and administrators see every message of the tenant.
 */
import { and, asc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { sanitizeHtml } from '../../../domain/html';
import {
  composeProblems,
  MESSAGE_MAX,
  MESSAGE_VARIABLES,
  parseUsernames,
  message as messageDef,
  sendAtInstant,
  type MessageProblems,
  type MessageRecipientRow,
  type MessageRow,
} from '../../../domain/message';
import { client, message, messageRecipient, messageTemplate, staffUser } from '../../db/schema';
import type { MessageComposeBody } from './schemas';
import type { Executor, Tx } from '../../core/db';
import type { EntityListSpec } from '../../core/entity';
import { DomainError, NotFoundError, StateConflictError, ValidationError, type FieldIssue } from '../../core/errors';
import { agentCondition, clientScope, type StaffScope } from '../../core/scope';
import { iso } from '../records/common';

export type Staff = StaffScope & { id: number };

const leader = alias(staffUser, 'message_leader');

const author = alias(staffUser, 'message_author');

/** English texts of the shared rules' codes (the console shows its own by code). */
const PROBLEM_TEXT: Record<string, string> = {
  required: 'is required',
  invalid: 'is not valid',
  unknown_variable: `holds an unknown {{variable}} (known: ${MESSAGE_VARIABLES.join(', ')})`,
  send_at_past: 'must be in the future',
};

/** The shared rules' problems as a 400 (nothing when there are none). */
export function refuse(problems: MessageProblems): void {
  const entries = Object.entries(problems);
  if (!entries.length) return;
  throw new ValidationError(
    Object.fromEntries(
      entries.map(([field, code]) => [
        field,
        { code: code!, message: `${field[0].toUpperCase()}${field.slice(1)} ${PROBLEM_TEXT[code!]}` },
      ]),
    ) as Record<string, FieldIssue>,
  );
}

/** The condition on `client` of the recipients the caller may see (undefined: all of the tenant's). */
const recipientAgent = (staff: StaffScope) => agentCondition(staff, client.agentId);

/** Recipients of the row's message within the caller's scope (read ones only with `read`). */
function recipientCount(staff: StaffScope, read: boolean): SQL<number> {
  const agent = recipientAgent(staff);
  const readCond = read ? sql` AND r.read_at IS NOT NULL` : sql``;
  if (!agent) {
    return sql<number>`(SELECT count(*)::int FROM message_recipient r WHERE r.message_id = ${message.id}${readCond})`;
  }
  return sql<number>`(SELECT count(*)::int FROM message_recipient r JOIN ${client} ON ${client.id} = r.client_id
    WHERE r.message_id = ${message.id}${readCond} AND ${agent})`;
}

/** The messages the caller may see: the tenant's; for salesmen and leaders, those reaching their clients (above). */
export function messageScope(staff: StaffScope): SQL {
  const tenant = eq(message.tenantId, staff.tenantId);
  const agent = recipientAgent(staff);
  if (!agent) return tenant;
  const reaches = sql`EXISTS (SELECT 1 FROM message_recipient r JOIN ${client} ON ${client.id} = r.client_id
    WHERE r.message_id = ${message.id} AND ${agent})`;
  return and(tenant, staff.role === 'superman' ? or(eq(message.createdBy, staff.id), reaches) : reaches)!;
}

function selectMessages(db: Executor, staff: StaffScope, cursor: SQL<string> = sql<string>`''`) {
  return db
    .select({
      id: message.id,
      title: message.title,
      titleEn: message.titleEn,
      body: message.body,
      bodyEn: message.bodyEn,
      audience: message.audience,
      teamLeaderId: message.teamLeaderId,
      teamLeaderName: leader.name,
      templateId: message.templateId,
      templateName: message.templateName,
      status: message.status,
      sendAt: message.sendAt,
      sentAt: message.sentAt,
      recipients: recipientCount(staff, false),
      read: recipientCount(staff, true),
      createdByName: author.name,
      createdAt: message.createdAt,
      _cursor: cursor,
    })
    .from(message)
    .leftJoin(leader, eq(leader.id, message.teamLeaderId))
    .leftJoin(author, eq(author.id, message.createdBy))
    .$dynamic();
}

type RawMessage = Awaited<ReturnType<typeof selectMessages>>[number];

/** A message as the API answers it. */
export function presentMessage(r: RawMessage): MessageRow {
  return {
    id: r.id,
    title: r.title,
    title_en: r.titleEn,
    body: r.body,
    body_en: r.bodyEn,
    audience: r.audience as MessageRow['audience'],
    team_leader_id: r.teamLeaderId,
    team_leader_name: r.teamLeaderName,
    template_id: r.templateId,
    template_name: r.templateName,
    status: r.status as MessageRow['status'],
    send_at: iso(r.sendAt),
    sent_at: iso(r.sentAt),
    recipients: Number(r.recipients),
    read: Number(r.read),
    created_by_name: r.createdByName,
    created_at: iso(r.createdAt)!,
  };
}

/** The list of the caller's messages (a spec per request: the counts are within the caller's scope). */
export function messageListSpec(staff: StaffScope): EntityListSpec<typeof messageDef, RawMessage> {
  return {
    def: messageDef,
    table: message,
    id: message.id,
    columns: {
      id: message.id,
      title: message.title,
      audience: message.audience,
      status: message.status,
      created_at: message.createdAt,
    },
    scope: messageScope,
    select: (db, cursor) => selectMessages(db, staff, cursor),
    present: presentMessage,
    description: '',
  };
}

/** One message the caller may see; else 404. */
export async function messageOf(db: Executor, staff: StaffScope, id: number): Promise<MessageRow> {
  const [row] = await selectMessages(db, staff)
    .where(and(eq(message.id, id), messageScope(staff)))
    .limit(1);
  if (!row) throw new NotFoundError('Message');
  return presentMessage(row);
}

/** The message's recipients within the caller's scope, by client id; `read` filters read (true) or unread. */
export async function recipientsOf(
  db: Executor,
  staff: StaffScope,
  id: number,
  q: { page?: number; page_size?: number; read?: boolean },
): Promise<{ data: MessageRecipientRow[]; total: number }> {
  await messageOf(db, staff, id);
  const agentName = alias(staffUser, 'recipient_agent');
  const where = and(
    eq(messageRecipient.messageId, id),
    eq(messageRecipient.tenantId, staff.tenantId),
    recipientAgent(staff),
    q.read === undefined ? undefined : q.read ? isNotNull(messageRecipient.readAt) : isNull(messageRecipient.readAt),
  );
  const size = q.page_size ?? 20;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        clientId: client.id,
        username: client.username,
        fullName: client.fullName,
        agentName: agentName.name,
        readAt: messageRecipient.readAt,
      })
      .from(messageRecipient)
      .innerJoin(client, eq(client.id, messageRecipient.clientId))
      .leftJoin(agentName, eq(agentName.id, client.agentId))
      .where(where)
      .orderBy(asc(messageRecipient.clientId))
      .limit(size)
      .offset(((q.page ?? 1) - 1) * size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(messageRecipient)
      .innerJoin(client, eq(client.id, messageRecipient.clientId))
      .where(where),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.clientId,
      username: r.username,
      full_name: r.fullName,
      agent_name: r.agentName,
      read: r.readAt !== null,
      read_at: iso(r.readAt),
    })),
    total: Number(n),
  };
}

/** Rich text as stored: sanitised; too long after sanitising is a 400 on the field. */
export function cleanBody(field: string, html: string | null | undefined): string | null {
  if (html === undefined || html === null) return null;
  const clean = sanitizeHtml(html);
  if (clean.length > MESSAGE_MAX.body) {
    throw new ValidationError({
      [field]: { code: 'too_long', limit: MESSAGE_MAX.body, message: `${field} is too long` },
    });
  }
  return clean.replace(/<[^>]*>/g, '').trim() ? clean : null;
}

const trimmed = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** A team leader of the tenant (role superman); else 400 on team_leader_id. */
async function teamLeader(tx: Tx, tenantId: string, id: number): Promise<number> {
  const [row] = await tx
    .select({ id: staffUser.id })
    .from(staffUser)
    .where(and(eq(staffUser.id, id), eq(staffUser.tenantId, tenantId), eq(staffUser.role, 'superman')))
    .limit(1);
  if (!row) {
    throw new ValidationError({
      team_leader_id: { code: 'leader_invalid', message: 'Team_leader_id is not a team leader of this tenant' },
    });
  }
  return row.id;
}

/** The clients a compose body reaches (a condition on `client`), within the caller's scope. */
async function audienceOf(
  tx: Tx,
  staff: Staff,
  body: MessageComposeBody,
): Promise<{ where: SQL; teamLeaderId: number | null }> {
  const scope = clientScope(staff);
  switch (body.audience) {
    case 'client':
    case 'clients': {
      const field = body.audience === 'client' ? 'username' : 'usernames';
      const names = body.audience === 'client' ? [body.username!.trim()] : parseUsernames(body.usernames ?? '');
      const found = await tx
        .select({ username: client.username })
        .from(client)
        .where(and(scope, inArray(client.username, names)));
      const known = new Set(found.map((f) => f.username));
      const missing = names.filter((n) => !known.has(n));
      if (missing.length) {
        throw new ValidationError({
          [field]: {
            code: 'clients_unknown',
            message: `Not found or outside your scope: ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ', ...' : ''}`,
          },
        });
      }
      return { where: and(scope, inArray(client.username, names))!, teamLeaderId: null };
    }
    case 'team': {
      let id = body.team_leader_id ?? null;
      if (staff.role === 'superman') {
        if (id !== null && id !== staff.id) {
          throw new ValidationError({
            team_leader_id: { code: 'leader_own_team', message: 'A team leader composes to his own team only' },
          });
        }
        id = staff.id;
      } else if (id === null) {
        throw new ValidationError({ team_leader_id: { code: 'required', message: 'Team_leader_id is required' } });
      } else {
        id = await teamLeader(tx, staff.tenantId, id);
      }
      const team = sql`${client.agentId} IN (SELECT s.id FROM staff_user s WHERE s.tenant_id = ${staff.tenantId}
        AND (s.id = ${id} OR s.leader_id = ${id}))`;
      return { where: and(scope, team, eq(client.fake, false))!, teamLeaderId: id };
    }
    case 'all':
      if (staff.role !== 'god' && staff.role !== 'angel') {
        throw new DomainError(403, 'forbidden', 'Only supervisors and administrators write to all clients');
      }
      return { where: and(scope, eq(client.fake, false))!, teamLeaderId: null };
  }
}

/** The template of the tenant; else 400 on template_id. */
async function templateFor(tx: Executor, tenantId: string, id: number) {
  const [row] = await tx
    .select()
    .from(messageTemplate)
    .where(and(eq(messageTemplate.id, id), eq(messageTemplate.tenantId, tenantId)))
    .limit(1);
  if (!row) throw new ValidationError({ template_id: { code: 'invalid', message: 'Template_id is not a template' } });
  return row;
}

/**
 * Composes a message: the shared rules, the caller's audience rules (a team leader: his own team or named clients of
 * his team; all clients: supervisors and administrators), the template's texts where the body gives none, sanitised
 * bodies, then the message and its recipients (real clients of the audience within the caller's scope; named
 * clients are taken as named, robots included). No recipient: 400 no_recipients.
 */
export async function composeMessage(
  tx: Tx,
  staff: Staff,
  body: MessageComposeBody,
  zone: string,
  now = new Date(),
): Promise<MessageRow> {
  refuse(composeProblems(body, { now, zone }));
  const template = body.template_id ? await templateFor(tx, staff.tenantId, body.template_id) : null;
  const title = trimmed(body.title) ?? template?.title ?? '';
  const titleEn = trimmed(body.title_en) ?? template?.titleEn ?? null;
  const html = cleanBody('body', body.body) ?? cleanBody('body', template?.body);
  const htmlEn = cleanBody('body_en', body.body_en) ?? cleanBody('body_en', template?.bodyEn);
  if (!html) throw new ValidationError({ body: { code: 'required', message: 'Body is required' } });
  const { where, teamLeaderId } = await audienceOf(tx, staff, body);
  const sendAt = body.send_at?.trim() ? sendAtInstant(body.send_at, zone) : null;
  const [row] = await tx
    .insert(message)
    .values({
      tenantId: staff.tenantId,
      title,
      titleEn,
      body: html,
      bodyEn: htmlEn,
      audience: body.audience,
      teamLeaderId,
      templateId: template?.id ?? null,
      templateName: template?.name ?? null,
      status: sendAt ? 'scheduled' : 'sent',
      sendAt,
      sentAt: sendAt ? null : sql`now()`,
      createdBy: staff.id,
    })
    .returning({ id: message.id });
  const inserted = await tx.execute(
    sql`INSERT INTO message_recipient (message_id, client_id, tenant_id)
        SELECT ${row.id}, ${client.id}, ${client.tenantId} FROM ${client} WHERE ${where}`,
  );
  const count =
    (inserted as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
    (inserted as unknown as { affectedRows?: number }).affectedRows;
  if (!count) {
    throw new ValidationError({ audience: { code: 'no_recipients', message: 'No client matches this audience' } });
  }
  return messageOf(tx, staff, row.id);
}

/**
 * Cancels a scheduled message (one conditional UPDATE: a message already delivered or cancelled answers 409
 * invalid_state). A team leader cancels only messages he composed (others: 404).
 */
export async function cancelMessage(tx: Tx, staff: Staff, id: number): Promise<MessageRow> {
  const mine = staff.role === 'superman' ? eq(message.createdBy, staff.id) : undefined;
  const [row] = await tx
    .update(message)
    .set({ status: 'cancelled', cancelledAt: sql`now()` })
    .where(and(eq(message.id, id), messageScope(staff), mine, eq(message.status, 'scheduled')))
    .returning({ id: message.id });
  if (!row) {
    const current = await messageOf(tx, staff, id);
    if (
      mine &&
      !(
        await tx
          .select({ id: message.id })
          .from(message)
          .where(and(eq(message.id, id), mine))
      ).length
    ) {
      throw new NotFoundError('Message');
    }
    throw new StateConflictError('Message', current.status, 'cancelled');
  }
  return messageOf(tx, staff, id);
}
