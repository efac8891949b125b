/**
 * Operations pages (issue 10): in-site messages with their templates and recipients (domain/message.ts), and the
 * customer-service configurations (domain/service.ts).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { tenant } from './core';
import { client } from './client';
import { staffUser } from './user';

/** A message template of a tenant: zh-CN title and body, optional en-US ones, with `{{variables}}`. */
export const messageTemplate = pgTable(
  'message_template',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenant.id),
    name: text('name').notNull(),
    title: text('title').notNull(),
    titleEn: text('title_en'),
    body: text('body').notNull(),
    bodyEn: text('body_en'),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => staffUser.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('message_template_tenant_id').on(t.tenantId, t.id)],
);

/**
 * A message as composed: its texts (copied from the template when one was used), its audience, and its state:
 * scheduled (send_at) -> sent (sent_at) or cancelled. The recipients are fixed at compose time (message_recipient).
 */
export const message = pgTable(
  'message',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenant.id),
    title: text('title').notNull(),
    titleEn: text('title_en'),
    body: text('body').notNull(),
    bodyEn: text('body_en'),
    audience: text('audience').notNull(),
    teamLeaderId: bigint('team_leader_id', { mode: 'number' }).references(() => staffUser.id, { onDelete: 'set null' }),
    templateId: bigint('template_id', { mode: 'number' }).references(() => messageTemplate.id, {
      onDelete: 'set null',
    }),
    templateName: text('template_name'),
    status: text('status').notNull(),
    sendAt: timestamp('send_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => staffUser.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('message_tenant_id').on(t.tenantId, t.id),
    index('message_due')
      .on(t.sendAt)
      .where(sql`${t.status} = 'scheduled'`),
    check('message_status', sql`${t.status} IN ('scheduled','sent','cancelled')`),
    check('message_audience', sql`${t.audience} IN ('client','clients','team','all')`),
  ],
);

/** One recipient of a message; read_at is set when the client app first shows it (null: unread). */
export const messageRecipient = pgTable(
  'message_recipient',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => message.id),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => client.id),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenant.id),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'message_recipient_pk', columns: [t.messageId, t.clientId] }),
    // the client app's inbox: a client's messages, newest first
    index('message_recipient_client').on(t.clientId, t.messageId),
  ],
);

/** A customer-service configuration: the tenant's default (leader_id null) or a team's own (its leader). */
export const serviceConfig = pgTable(
  'service_config',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenant.id),
    leaderId: bigint('leader_id', { mode: 'number' }).references(() => staffUser.id, { onDelete: 'cascade' }),
    channels: jsonb('channels').notNull().default([]),
    hours: jsonb('hours').notNull().default([]),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => staffUser.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('service_config_tenant_default')
      .on(t.tenantId)
      .where(sql`${t.leaderId} IS NULL`),
    uniqueIndex('service_config_tenant_team')
      .on(t.tenantId, t.leaderId)
      .where(sql`${t.leaderId} IS NOT NULL`),
  ],
);
