import { randomInt } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Config } from '../config';
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

/** Seeds tenants, demo staff (password config.demoPassword) and settings; rows already there are kept. */
export async function seed(db: Db, config: Config): Promise<void> {
  // One hash for every demo account: argon2id is deliberately slow.
  const passwordHash = await hashPassword(md5hex(config.demoPassword), config.passwordPepper);
  await db
    .insert(tenant)
    .values([...TENANTS])
    .onConflictDoNothing();
  for (const t of TENANTS) {
    await db
      .insert(setting)
      .values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ tenantId: t.id, key, value })))
      .onConflictDoNothing();
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
