/**
 * Sign-in: sessions, refresh tokens, MFA recovery codes, captchas.
 */
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { staffUser } from './user';

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

/**
 * Failed sign-in steps (password, second factor, change_pwd's old password, mfa/disable's code), counted per
 * (tenant, username as typed, address) (modules/auth/lockout.ts). A row per address locks that address out of the
 * username; the row of address '*' counts every address and only makes the captcha required. Unknown usernames are
 * counted the same way, so the answers do not tell which usernames exist.
 */
export const loginFailure = pgTable(
  'login_failure',
  {
    tenantId: text('tenant_id').notNull(),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    failures: integer('failures').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.username, t.ip] }), index('login_failure_last').on(t.lastFailureAt)],
);
