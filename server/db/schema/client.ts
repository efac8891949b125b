/**
 * Clients and the client drawer's side tables (spec section 2 sub-tabs, section 3 "Nominee", "Bank account"):
 * bank cards, beneficiaries, access records, identity (KYC) record, holdings, one-time password-reset codes.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, ref } from './columns';
import { tenant } from './core';
import { staffUser } from './user';

/** A platform customer (spec section 3 "Client"). `agentId` is the salesman (or leader) who owns the client. */
export const client = pgTable(
  'client',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenant.id),
    username: text('username').notNull(),
    fullName: text('full_name'),
    mobile: text('mobile'),
    avatar: text('avatar'),
    /** A robot (demo/fake) client, shown as "Robot". */
    fake: boolean('fake').notNull().default(false),
    active: boolean('active').notNull().default(true),
    score: integer('score').notNull().default(100),
    vip: integer('vip').notNull().default(0),
    agentId: ref('agent_id').references(() => staffUser.id),
    mfa: boolean('mfa').notNull().default(false),
    /** approved | pending | rejected | unverified (spec label list "KYC statuses"). */
    kycStatus: text('kyc_status').notNull().default('unverified'),
    /** Client-app password: argon2id over the MD5 wire hash, like staff passwords. */
    passwordHash: text('password_hash'),
    /** Trade settings document (read and saved by the console as a whole). */
    tradeSettings: jsonb('trade_settings').notNull().default({}),
    /** Bumped by "force offline": client-app sessions issued under an older version are refused. */
    sessionVersion: integer('session_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('client_tenant_username').on(t.tenantId, t.username),
    // Keyset / offset paging by newest first, alone and under the common filters. Plain ascending columns on purpose:
    // scanned backward they give ORDER BY created_at DESC, id DESC (NULLS FIRST, PostgreSQL's default for DESC) and
    // forward the ASC order; a `.desc()` column (DESC NULLS LAST) matches neither, so the lists sorted the whole table.
    index('client_tenant_created').on(t.tenantId, t.createdAt, t.id),
    index('client_tenant_agent_created').on(t.tenantId, t.agentId, t.createdAt, t.id),
    index('client_tenant_fake_created').on(t.tenantId, t.fake, t.createdAt, t.id),
    index('client_tenant_kyc_created').on(t.tenantId, t.kycStatus, t.createdAt, t.id),
    // Dashboard client counts per agent (real, robot, new in a range), index-only.
    index('client_tenant_agent_fake_created').on(t.tenantId, t.agentId, t.fake, t.createdAt),
    index('client_tenant_mobile').on(t.tenantId, t.mobile),
    // Prefix search on username (LIKE 'abc%').
    index('client_tenant_username_prefix').on(t.tenantId, t.username.op('text_pattern_ops')),
    // The client pickers' search (migration 0034): username or full name ignoring case, or mobile, starts with.
    index('client_tenant_username_lower_prefix').on(t.tenantId, sql`lower(${t.username}) text_pattern_ops`),
    index('client_tenant_full_name_lower_prefix').on(t.tenantId, sql`lower(${t.fullName}) text_pattern_ops`),
    index('client_tenant_mobile_prefix').on(t.tenantId, t.mobile.op('text_pattern_ops')),
  ],
);

const clientRef = () =>
  bigint('client_id', { mode: 'number' })
    .notNull()
    .references(() => client.id);

const tenantRef = () =>
  text('tenant_id')
    .notNull()
    .references(() => tenant.id);

/** A client's bank card (withdrawal destination). */
export const clientBank = pgTable(
  'client_bank',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantRef(),
    clientId: clientRef(),
    bankName: text('bank_name').notNull(),
    holderName: text('holder_name').notNull(),
    accNo: text('acc_no').notNull(),
    address: text('address'),
    phone: text('phone'),
    createdAt: createdAt(),
  },
  (t) => [index('client_bank_client').on(t.clientId, t.id)],
);

/** A client's beneficiary (nominee); shares of one client's nominees are meant to add up to 100. */
export const clientNominee = pgTable(
  'client_nominee',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantRef(),
    clientId: clientRef(),
    name: text('name').notNull(),
    relationship: text('relationship').notNull(),
    phone: text('phone'),
    dob: date('dob', { mode: 'string' }),
    sharePercent: numeric('share_percent', { precision: 5, scale: 2 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('client_nominee_client').on(t.clientId, t.id),
    check('client_nominee_share', sql`${t.sharePercent} > 0 AND ${t.sharePercent} <= 100`),
  ],
);

/** One sign-in (or sign-out, refused sign-in) of a client in the client app: the drawer's access records. */
export const clientAccess = pgTable(
  'client_access',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantRef(),
    clientId: clientRef(),
    /** login | logout | login_failed */
    action: text('action').notNull(),
    ip: text('ip'),
    location: text('location'),
    device: text('device'),
    userAgent: text('user_agent'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('client_access_client_at').on(t.clientId, t.at, t.id)],
);

/** The identity fields of a client's real-name (KYC) submission; the status itself is client.kyc_status. */
export const clientIdentity = pgTable('client_identity', {
  clientId: bigint('client_id', { mode: 'number' })
    .primaryKey()
    .references(() => client.id),
  tenantId: tenantRef(),
  realName: text('real_name'),
  /** id_card | passport | driving_license */
  idType: text('id_type'),
  idNumber: text('id_number'),
  nationality: text('nationality'),
  dob: date('dob', { mode: 'string' }),
  address: text('address'),
  frontImage: text('front_image'),
  backImage: text('back_image'),
  selfieImage: text('selfie_image'),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => staffUser.id),
  remark: text('remark'),
});

/** A position a client holds in a product; written by the trading modules, read by the drawer's holdings tab. */
export const holding = pgTable(
  'holding',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantRef(),
    clientId: clientRef(),
    /** Spec label list "product types": stock, ipo, block, fund, quant, saving, subscribe. */
    productType: text('product_type').notNull(),
    symbol: text('symbol').notNull(),
    name: text('name'),
    currency: text('currency').notNull(),
    quantity: numeric('quantity', { precision: 20, scale: 4 }).notNull(),
    avgPrice: numeric('avg_price', { precision: 20, scale: 4 }).notNull(),
    /** The trade product held (server/modules/trading); one position per client and product. */
    productId: bigint('product_id', { mode: 'number' }),
    /** What the position cost, exactly (the buy amounts of its open orders, fees excluded). */
    cost: numeric('cost', { precision: 20, scale: 2 }).notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('holding_client').on(t.clientId, t.id),
    uniqueIndex('holding_client_product').on(t.clientId, t.productId),
  ],
);

/** The temporary password-reset code of a client (GET /client/admin/v1/code): stored hashed, one per client. */
export const clientResetCode = pgTable('client_reset_code', {
  clientId: bigint('client_id', { mode: 'number' })
    .primaryKey()
    .references(() => client.id),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdBy: bigint('created_by', { mode: 'number' }),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});
