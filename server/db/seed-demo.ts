/**
 * The demo data of one tenant, in the order each part needs the one before: clients with accounts and money records
 * through the ledger, their drawer extras and trade settings, KYC documents, the operations configuration (trading
 * permission rules among it), messages and findings, then trading. `npm start` runs it on first start
 * (server/main.ts); the seed tests run the same sequence.
 */
import type { Db } from './client';
import { seedClientExtras } from './seed-client';
import { seedFunds } from './seed-funds';
import { seedKycDocuments } from './seed-kyc';
import { seedOpsConfig } from './seed-ops-config';
import { seedOperations } from './seed-operations';
import { seedTrading } from './seed-trading';
import type { FileStorage } from '../storage';

/** Seeds the demo data of `tenantId` with `clients` clients; answers how many clients it made. */
export async function seedDemoTenant(
  db: Db,
  storage: FileStorage,
  tenantId: string,
  clients: number,
): Promise<{ clients: number }> {
  const made = await seedFunds(db, tenantId, { clients });
  await seedClientExtras(db, tenantId);
  await seedKycDocuments(db, storage, tenantId);
  await seedOpsConfig(db, tenantId);
  await seedOperations(db, tenantId);
  await seedTrading(db, tenantId);
  return { clients: made.clients };
}
