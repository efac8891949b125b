/**
 * Currency pairs of a tenant (rules: domain/currency-pair.ts): list, create, edit, delete, the enabled ones for the
 * exchange dialog, and the exchange's check (assertPairEnabled).
 */
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  currencyPair,
  currencyPairProblems,
  spreadText,
  type CurrencyPairBody,
  type CurrencyPairRow,
} from '../../../domain/currency-pair';
import { currencyPair as pairTable, staffUser } from '../../db/schema';
import type { EntityListSpec } from '../../core/entity';
import type { Executor, Tx } from '../../core/db';
import { NotFoundError, PairDisabledError, ValidationError, type FieldIssue } from '../../core/errors';
import type { StaffScope } from '../../core/scope';
import { iso } from '../records/common';

/** Turns domain problem codes into a 400 with field_codes. */
export function refuse(problems: Record<string, string | undefined>): never {
  throw new ValidationError(
    Object.fromEntries(
      Object.entries(problems).map(([field, code]) => [
        field,
        { code, message: `${field} is not valid (${code})` } as FieldIssue,
      ]),
    ),
  );
}

function selectPairs(db: Executor, cursor: SQL<string> = sql<string>`''`) {
  return db
    .select({ row: pairTable, updatedByName: staffUser.name, _cursor: cursor })
    .from(pairTable)
    .leftJoin(staffUser, eq(staffUser.id, pairTable.updatedBy))
    .$dynamic();
}
type PairRaw = Awaited<ReturnType<typeof selectPairs>>[number];

function presentPair(r: PairRaw): CurrencyPairRow {
  return {
    id: r.row.id,
    base: r.row.base as CurrencyPairRow['base'],
    quote: r.row.quote as CurrencyPairRow['quote'],
    decimals: r.row.decimals,
    enabled: r.row.enabled,
    spread: r.row.spread,
    updated_by_name: r.updatedByName,
    updated_at: iso(r.row.updatedAt)!,
  };
}

export const pairListSpec: EntityListSpec<typeof currencyPair, PairRaw> = {
  def: currencyPair,
  table: pairTable,
  id: pairTable.id,
  columns: { id: pairTable.id, base: pairTable.base, quote: pairTable.quote, enabled: pairTable.enabled },
  scope: (staff: StaffScope) => eq(pairTable.tenantId, staff.tenantId),
  select: (db, cursor) => selectPairs(db, cursor),
  present: presentPair,
  tags: ['currency_pair'],
  description:
    "The tenant's currency pairs (base, quote, decimals 0..8, enabled, spread as an 8-decimal string, who changed " +
    'it last and when). Filters: base, quote, enabled.',
};

/** One pair of the tenant; else 404. */
export async function pairOf(db: Executor, tenantId: string, id: number): Promise<CurrencyPairRow> {
  const [row] = await selectPairs(db)
    .where(and(eq(pairTable.id, id), eq(pairTable.tenantId, tenantId)))
    .limit(1);
  if (!row) throw new NotFoundError('Currency pair');
  return presentPair(row);
}

/** Adds a pair; a pair of the same two currencies (either direction) already there: 400 duplicate. */
export async function createPair(tx: Tx, staff: StaffScope & { id: number }, body: CurrencyPairBody) {
  const problems = currencyPairProblems(body, true);
  if (Object.keys(problems).length) refuse(problems);
  const [base, quote] = [body.base!, body.quote!];
  const [clash] = await tx
    .select({ id: pairTable.id })
    .from(pairTable)
    .where(and(eq(pairTable.tenantId, staff.tenantId), joins(base, quote)))
    .limit(1);
  if (clash) refuse({ quote: 'duplicate' });
  const [row] = await tx
    .insert(pairTable)
    .values({
      tenantId: staff.tenantId,
      base,
      quote,
      decimals: Number(body.decimals),
      enabled: body.enabled ?? true,
      spread: spreadText(body.spread)!,
      updatedBy: staff.id,
    })
    .returning({ id: pairTable.id });
  return pairOf(tx, staff.tenantId, row.id);
}

/** Changes a pair's decimals, switch and spread (its currencies never change). */
export async function updatePair(tx: Tx, staff: StaffScope & { id: number }, id: number, body: CurrencyPairBody) {
  await pairOf(tx, staff.tenantId, id);
  const problems = currencyPairProblems(body, false);
  if (Object.keys(problems).length) refuse(problems);
  await tx
    .update(pairTable)
    .set({
      decimals: Number(body.decimals),
      enabled: body.enabled !== false,
      spread: spreadText(body.spread)!,
      updatedBy: staff.id,
      updatedAt: sql`now()`,
    })
    .where(and(eq(pairTable.id, id), eq(pairTable.tenantId, staff.tenantId)));
  return pairOf(tx, staff.tenantId, id);
}

/** Deletes a pair (the exchange records keep their currencies and rate). */
export async function deletePair(tx: Tx, tenantId: string, id: number) {
  const current = await pairOf(tx, tenantId, id);
  await tx.delete(pairTable).where(and(eq(pairTable.id, id), eq(pairTable.tenantId, tenantId)));
  return current;
}

const joins = (a: string, b: string) =>
  or(and(eq(pairTable.base, a), eq(pairTable.quote, b)), and(eq(pairTable.base, b), eq(pairTable.quote, a)))!;

/** The enabled pairs and whether the tenant restricts exchanges to them (it has at least one pair). */
export async function enabledPairs(db: Executor, tenantId: string) {
  const rows = await db
    .select({ base: pairTable.base, quote: pairTable.quote, decimals: pairTable.decimals, enabled: pairTable.enabled })
    .from(pairTable)
    .where(eq(pairTable.tenantId, tenantId))
    .orderBy(pairTable.id);
  return {
    restricted: rows.length > 0,
    data: rows.filter((r) => r.enabled).map(({ base, quote, decimals }) => ({ base, quote, decimals })),
  };
}

/**
 * The exchange's check: when the tenant has pairs, an enabled pair (either direction) must join the two currencies;
 * else 409 pair_disabled. The same currency and a tenant without pairs pass.
 */
export async function assertPairEnabled(db: Executor, tenantId: string, from: string, to: string): Promise<void> {
  if (from === to) return;
  const rows = await db
    .select({ enabled: pairTable.enabled, joins: sql<boolean>`${joins(from, to)}` })
    .from(pairTable)
    .where(eq(pairTable.tenantId, tenantId));
  if (rows.length && !rows.some((r) => r.joins && r.enabled)) throw new PairDisabledError(from, to);
}
