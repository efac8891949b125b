/**
 * Demo data of the client drawer's tabs for the clients seedFunds created: bank cards, beneficiaries, access
 * records, identity records and trade settings. Deterministic per client id; does nothing when the tenant already
 * has bank cards or has no clients yet. Holdings stay empty until the trading modules write them.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from './client';
import { clientAccess, clientBank, clientIdentity, clientNominee } from './schema';
import { client } from './schema';

const BANKS = ['ICBC', 'Bank of China', 'HSBC', 'Ziraat Bankası', 'PKO Bank Polski', 'Santander'];
const RELATIONS = ['spouse', 'child', 'parent', 'sibling'];
const DEVICES = ['iPhone 15 / iOS 18', 'Pixel 8 / Android 15', 'Windows / Chrome', 'Mac / Safari'];
const CITIES = ['Shanghai', 'Hong Kong', 'Istanbul', 'Warsaw', 'Madrid', 'Shenzhen'];
const ID_TYPES = ['id_card', 'passport', 'driving_license'];

const at = <T>(xs: readonly T[], n: number) => xs[n % xs.length];
const dob = (n: number) =>
  `${1960 + (n % 40)}-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`;

/** Seeds the drawer tabs' demo data for `tenantId`; call after seedFunds. Answers how many clients got data. */
export async function seedClientExtras(db: Db, tenantId: string): Promise<{ clients: number }> {
  const [done] = await db
    .select({ id: clientBank.id })
    .from(clientBank)
    .where(eq(clientBank.tenantId, tenantId))
    .limit(1);
  if (done) return { clients: 0 };
  const clients = await db
    .select({
      id: client.id,
      fullName: client.fullName,
      mobile: client.mobile,
      kycStatus: client.kycStatus,
      createdAt: client.createdAt,
    })
    .from(client)
    .where(eq(client.tenantId, tenantId))
    .orderBy(asc(client.id));
  if (clients.length === 0) return { clients: 0 };

  const banks: (typeof clientBank.$inferInsert)[] = [];
  const nominees: (typeof clientNominee.$inferInsert)[] = [];
  const access: (typeof clientAccess.$inferInsert)[] = [];
  const identities: (typeof clientIdentity.$inferInsert)[] = [];
  for (const c of clients) {
    const n = c.id;
    const holder = c.fullName ?? `Client ${n}`;
    if (n % 3 !== 0) {
      banks.push({
        tenantId,
        clientId: n,
        bankName: at(BANKS, n),
        holderName: holder,
        accNo: `62${String(n * 7919).padStart(14, '0')}`,
        address: `${at(CITIES, n)} branch`,
        phone: c.mobile,
      });
    }
    if (n % 4 === 1) {
      banks.push({
        tenantId,
        clientId: n,
        bankName: at(BANKS, n + 1),
        holderName: holder,
        accNo: `44${String(n * 104_729).padStart(14, '0')}`,
        address: null,
        phone: null,
      });
    }
    const nomineeCount = n % 3; // 0, 1 or 2 beneficiaries; shares add up to 100
    for (let k = 0; k < nomineeCount; k++) {
      nominees.push({
        tenantId,
        clientId: n,
        name: `${at(['Li', 'Wang', 'Kaya', 'Nowak'], n + k)} ${at(['Mei', 'Jun', 'Ayşe', 'Jan'], n + 2 * k)}`,
        relationship: at(RELATIONS, n + k),
        phone: `1${String(3_100_000_000 + n * 37 + k).padStart(10, '0')}`,
        dob: dob(n + k * 7),
        sharePercent: nomineeCount === 1 ? '100' : k === 0 ? '60' : '40',
      });
    }
    for (let k = 0; k < 1 + (n % 5); k++) {
      const when = new Date(Math.min(Date.now(), c.createdAt.getTime() + (k + 1) * 86_400_000 * (1 + (n % 9))));
      access.push({
        tenantId,
        clientId: n,
        action: k % 4 === 3 ? 'login_failed' : 'login',
        ip: `10.${n % 250}.${k}.${(n * 7) % 250}`,
        location: at(CITIES, n + k),
        device: at(DEVICES, n + k),
        userAgent: null,
        at: when,
      });
    }
    if (c.kycStatus !== 'unverified') {
      identities.push({
        clientId: n,
        tenantId,
        realName: holder,
        idType: at(ID_TYPES, n),
        idNumber: `ID${String(n * 48_271).padStart(10, '0')}`,
        nationality: at(['CN', 'HK', 'TR', 'PL', 'ES'], n),
        dob: dob(n),
        address: `${1 + (n % 200)} Demo Road, ${at(CITIES, n)}`,
        submittedAt: c.createdAt,
        reviewedAt: c.kycStatus === 'pending' ? null : c.createdAt,
        remark: c.kycStatus === 'rejected' ? 'Document photo unreadable' : null,
      });
    }
  }
  await db.transaction(async (tx) => {
    for (let i = 0; i < banks.length; i += 500) await tx.insert(clientBank).values(banks.slice(i, i + 500));
    for (let i = 0; i < nominees.length; i += 500) await tx.insert(clientNominee).values(nominees.slice(i, i + 500));
    for (let i = 0; i < access.length; i += 500) await tx.insert(clientAccess).values(access.slice(i, i + 500));
    for (let i = 0; i < identities.length; i += 500)
      await tx.insert(clientIdentity).values(identities.slice(i, i + 500));
    // Every fifth client has saved trade settings (the rest answer the defaults).
    await tx
      .update(client)
      .set({
        tradeSettings: sql`jsonb_build_object('buy_enabled', true, 'sell_enabled', ${client.id} % 10 <> 0,
          'max_leverage', 1 + ${client.id} % 5, 'daily_limit', ((1 + ${client.id} % 10) * 10000)::text || '.00')`,
      })
      .where(and(eq(client.tenantId, tenantId), sql`${client.id} % 5 = 0`, ne(client.fake, true)));
  });
  return { clients: clients.length };
}
