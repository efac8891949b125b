import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A deployment tenant (spec: profile tenant id). */
export const tenant = pgTable('tenant', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/** A staff member of the back office (system user). `leaderId` places a salesman under a team leader. */
export const staffUser = pgTable(
  'staff_user',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenant.id),
    username: text('username').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    /** argon2id over HMAC-SHA256(pepper, md5-hex wire password). */
    passwordHash: text('password_hash').notNull(),
    active: boolean('active').notNull().default(true),
    leaderId: bigint('leader_id', { mode: 'number' }),
    invitationCode: text('invitation_code'),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    mfaSecret: text('mfa_secret'),
    mfaPendingSecret: text('mfa_pending_secret'),
    /** The last TOTP time step accepted: a code is accepted once. */
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_user_tenant_username').on(t.tenantId, t.username),
    index('staff_user_leader').on(t.leaderId),
  ],
);

/** A sign-in session: one refresh-token family. Revoking it ends every token of the family. */
export const authSession = pgTable('auth_session', {
  id: text('id').primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => staffUser.id),
  tenantId: text('tenant_id').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokeReason: text('revoke_reason'),
});

/** Refresh tokens, stored hashed (SHA-256); each use rotates to a new one. */
export const refreshToken = pgTable(
  'refresh_token',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => authSession.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_token_hash').on(t.tokenHash)],
);

/** MFA recovery codes, stored hashed, single use. */
export const recoveryCode = pgTable(
  'recovery_code',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => staffUser.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_code_user').on(t.userId)],
);

/** Issued captchas: the answer hashed, single use, short expiry. */
export const captcha = pgTable('captcha', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Append-only audit trail: every sign-in, failure, mutation and denied request. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    tenantId: text('tenant_id'),
    userId: bigint('user_id', { mode: 'number' }),
    username: text('username'),
    action: text('action').notNull(),
    resource: text('resource'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    result: text('result').notNull(),
    detail: text('detail'),
  },
  (t) => [index('audit_log_user_at').on(t.userId, t.at), index('audit_log_action_at').on(t.action, t.at)],
);

/** Per-tenant settings documents (app, company, product, locale). */
export const setting = pgTable(
  'setting',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenant.id),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('setting_tenant_key').on(t.tenantId, t.key)],
);
