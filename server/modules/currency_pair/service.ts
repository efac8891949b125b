/**
 * Currency pairs of a tenant (rules: domain/currency-pair.ts): list and writes, the enabled ones for the
 * exchange dialog, and the exchange's check (assertPairEnabled).
 */
import { and, eq, or, sql } from 'drizzle-orm';
import { currencyPair, currencyPairProblems, spreadText, type CurrencyPairRow } from '../../../domain/currency-pair';
import { currencyPair as pairTable } from '../../db/schema';
import { staffNamed, tenantList, type StaffNamed } from '../../core/tenant-list';
import type { Executor } from '../../core/db';
import type { EntityWritesSpec } from '../../core/entity-writes';
import { DuplicateError, PairDisabledError } from '../../core/errors';
import { iso } from '../records/common';

const pairFields = { row: pairTable };
/** The pairs with who changed each last (`staffName`), `_cursor`, open for WHERE. */
const selectPairs = staffNamed(pairTable, pairFields, pairTable.updatedBy);
type PairRaw = StaffNamed<typeof pairFields>;

function presentPair(r: PairRaw): CurrencyPairRow {
  return {
    id: r.row.id,
    base: r.row.base as CurrencyPairRow['base'],
    quote: r.row.quote as CurrencyPairRow['quote'],
    decimals: r.row.decimals,
    enabled: r.row.enabled,
    spread: r.row.spread,
    updated_by_name: r.staffName,
    updated_at: iso(r.row.updatedAt)!,
  };
}

export const pairListSpec = tenantList(pairTable, 'Currency pair', {
  def: currencyPair,
  columns: { id: pairTable.id, base: pairTable.base, quote: pairTable.quote, enabled: pairTable.enabled },
  select: selectPairs,
  present: presentPair,
  description:
    "The tenant's currency pairs (base, quote, decimals 0..8, enabled, spread as an 8-decimal string, who changed " +
    'it last and when). Filters: base, quote, enabled.',
});

export const RULE =
  'A pair covers both directions. When the tenant has pairs, the exchange between two accounts needs an enabled ' +
  'pair joining their currencies (409 pair_disabled otherwise); a tenant without pairs is not restricted. The exchange ' +
  "runs at the rate of /exchange_config less the spread (a fraction: the pair's plus the global config fx.spread).";

/**
 * Create, edit, delete from the definition: two distinct currencies (400 same_currency), not already paired in either
 * direction (409 duplicate), decimals 0..8, a spread 0..0.1 with at most 8 decimals (400 spread, stored at 8).
 */
export const pairWritesSpec: EntityWritesSpec<typeof currencyPair, PairRaw> = {
  list: pairListSpec,
  table: pairTable,
  columns: { decimals: pairTable.decimals, spread: pairTable.spread },
  validate: async (values, { tx, staff, current }) => {
    const problems = currencyPairProblems({ ...current, ...values });
    if (!current && !problems.quote) {
      const [reverse] = await tx
        .select({ id: pairTable.id })
        .from(pairTable)
        .where(and(eq(pairTable.tenantId, staff.tenantId), joins(String(values.quote), String(values.base))))
        .limit(1);
      if (reverse) throw new DuplicateError('quote');
    }
    return problems;
  },
  beforeWrite: (values) => (values.spread === undefined ? values : { ...values, spread: spreadText(values.spread) }),
  description: RULE,
};

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
