/**
 * Staff members (system users).
 */
import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { tenant } from './core';

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
    /**
     * Every route but change_pwd, logout and userinfo answers 403 until the owner changes the password: the bootstrap
     * administrator, and anyone whose password another staff member set (create, reset).
     */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Who created the account (null: seeded or before migration 0027). */
    createdBy: bigint('created_by', { mode: 'number' }),
    /**
     * Who last set the password as another staff member (create, reset). The owner's own change keeps it: whoever
     * set a temporary password may be the one who then changed it.
     */
    passwordResetBy: bigint('password_reset_by', { mode: 'number' }),
    /** Who last closed the authenticator as another staff member (kept when a new one is bound, as above). */
    mfaResetBy: bigint('mfa_reset_by', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_user_tenant_username').on(t.tenantId, t.username),
    index('staff_user_leader').on(t.leaderId),
  ],
);
