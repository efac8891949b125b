import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { isDevOrTest, type Config } from '../config';
import type { Db } from './client';
import { setting, staffUser, tenant } from './schema';
import { DEFAULT_SETTINGS } from '../modules/setting/defaults';
import { hashPassword, md5hex } from '../security/password';

/** The deployment tenants (src/config/profiles.ts). */
export const TENANTS = [
  { id: 'tr', name: 'TR' },
  { id: 'pl', name: 'PL' },
  { id: 'es', name: 'ES' },
  { id: 'kun', name: 'KUN' },
  { id: 'sun3', name: 'SUN3' },
] as const;

/** The demo staff of every tenant; salesmen sit under a team leader. */
export const DEMO_STAFF = [
  { username: 'admin', name: 'Administrator', role: 'god' },
  { username: 'supervisor', name: 'Supervisor', role: 'angel' },
  { username: 'leader', name: 'Team Leader', role: 'superman' },
  { username: 'leader2', name: 'Team Leader 2', role: 'superman' },
  { username: 'sales', name: 'Salesman', role: 'hero', leader: 'leader' },
  { username: 'sales2', name: 'Salesman 2', role: 'hero', leader: 'leader' },
  { username: 'sales3', name: 'Salesman 3', role: 'hero', leader: 'leader2' },
] as const;

const CODE_CHARS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const invitationCode = () => Array.from({ length: 8 }, () => CODE_CHARS[randomInt(CODE_CHARS.length)]).join('');

/** Seeds the tenants and their default settings; rows already there are kept. */
async function seedTenants(db: Db): Promise<void> {
  await db
    .insert(tenant)
    .values([...TENANTS])
    .onConflictDoNothing();
  for (const t of TENANTS) {
    await db
      .insert(setting)
      .values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ tenantId: t.id, key, value })))
      .onConflictDoNothing();
  }
}

/** The first administrator of a tenant, as created by seedAdministrators. */
export interface SeededAdministrator {
  tenantId: string;
  username: string;
  /** The password when it was generated (print it once); undefined when it came from ADMIN_PASSWORD. */
  generatedPassword?: string;
}

/** Username of the administrator created on an empty database outside development/test. */
export const FIRST_ADMIN_USERNAME = 'admin';

/**
 * Outside development/test, on an empty database: the tenants, their settings and one administrator (role god) per
 * tenant, with config.adminPassword or a random strong password per tenant, marked to change it at first sign-in.
 * No demo staff or clients. An existing administrator of that name is kept.
 */
export async function seedAdministrators(db: Db, config: Config): Promise<SeededAdministrator[]> {
  await seedTenants(db);
  const seeded: SeededAdministrator[] = [];
  for (const t of TENANTS) {
    const generatedPassword = config.adminPassword ? undefined : randomBytes(18).toString('base64url');
    const password = config.adminPassword ?? generatedPassword!;
    const rows = await db
      .insert(staffUser)
      .values({
        tenantId: t.id,
        username: FIRST_ADMIN_USERNAME,
        name: 'Administrator',
        role: 'god',
        passwordHash: await hashPassword(md5hex(password), config.passwordPepper),
        invitationCode: invitationCode(),
        mustChangePassword: true,
      })
      .onConflictDoNothing()
      .returning({ id: staffUser.id });
    if (rows.length) seeded.push({ tenantId: t.id, username: FIRST_ADMIN_USERNAME, generatedPassword });
  }
  return seeded;
}

/**
 * Development and test only: tenants, settings and the demo staff (password config.demoPassword, known to anyone
 * who reads the README); rows already there are kept. Refused for any other NODE_ENV.
 */
export async function seed(db: Db, config: Config): Promise<void> {
  if (!isDevOrTest(config.nodeEnv)) {
    throw new Error(`Demo staff are seeded only in development and test, not with NODE_ENV=${config.nodeEnv}`);
  }
  // One hash for every demo account: argon2id is deliberately slow.
  const passwordHash = await hashPassword(md5hex(config.demoPassword), config.passwordPepper);
  await seedTenants(db);
  for (const t of TENANTS) {
    await db
      .insert(staffUser)
      .values(
        DEMO_STAFF.map((s) => ({
          tenantId: t.id,
          username: s.username,
          name: s.name,
          role: s.role,
          passwordHash,
          invitationCode: invitationCode(),
        })),
      )
      .onConflictDoNothing();
    const leaders = await db
      .select({ id: staffUser.id, username: staffUser.username })
      .from(staffUser)
      .where(and(eq(staffUser.tenantId, t.id), inArray(staffUser.username, ['leader', 'leader2'])));
    for (const s of DEMO_STAFF) {
      if (!('leader' in s)) continue;
      const leaderId = leaders.find((l) => l.username === s.leader)?.id;
      if (leaderId) {
        await db
          .update(staffUser)
          .set({ leaderId })
          .where(and(eq(staffUser.tenantId, t.id), eq(staffUser.username, s.username), isNull(staffUser.leaderId)));
      }
    }
  }
}
