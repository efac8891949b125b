/**
 * Trade configuration of a tenant (rules: domain/trade-config.ts): the settings of each product (a product never
 * saved answers DEFAULT_TRADE_PRODUCT; saving writes its row) and the global configs (key, type, canonical value).
 */
import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_TRADE_PRODUCT,
  TRADE_PRODUCTS,
  canonicalConfigValue,
  formatSessions,
  globalConfig,
  globalConfigProblems,
  parseSessions,
  tradeProductProblems,
  type ConfigType,
  type GlobalConfigRow,
  type TradeProduct,
  type TradeProductBody,
  type TradeProductRow,
} from '../../../domain/trade-config';
import { globalConfigEntry, tradeProductConfig } from '../../db/schema';
import { staffNamed, tenantList, type StaffNamed } from '../../core/tenant-list';
import { refuse, type EntityWritesSpec } from '../../core/entity-writes';
import type { Executor, Tx } from '../../core/db';
import { ProductHasOrdersError } from '../../core/errors';
import type { StaffScope } from '../../core/scope';
import { iso } from '../records/common';
import { haltedProducts } from '../emergency/effects';

/** A fee rate without trailing zeros ('0.001500' -> '0.0015', '0.000000' -> '0'). */
const rate = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);
/** An amount with exactly 2 decimals. */
const amount = (v: string | number) => {
  const [whole, frac = ''] = String(v).trim().split('.');
  return `${BigInt(whole)}.${frac.padEnd(2, '0')}`;
};

// ---------------------------------------------------------------------------------------------------------------
// Products

/** The products' saved settings with who changed each last (`staffName`). */
const selectProducts = staffNamed(tradeProductConfig, { row: tradeProductConfig }, tradeProductConfig.updatedBy);

/** Every product's settings in menu order (defaults where never saved). */
export async function readProducts(db: Executor, tenantId: string): Promise<TradeProductRow[]> {
  const rows = await selectProducts(db).where(eq(tradeProductConfig.tenantId, tenantId));
  const saved = new Map(rows.map((r) => [r.row.product, r]));
  return TRADE_PRODUCTS.map((product) => {
    const hit = saved.get(product);
    if (!hit) return { id: product, ...DEFAULT_TRADE_PRODUCT, updated_by_name: null, updated_at: null };
    const r = hit.row;
    return {
      id: product,
      enabled: r.enabled,
      sessions: r.sessions,
      buy_fee: rate(r.buyFee),
      sell_fee: rate(r.sellFee),
      min_amount: amount(r.minAmount),
      max_amount: amount(r.maxAmount),
      leverage: r.leverage,
      price_band: rate(r.priceBand),
      profit_rate_min: rate(r.profitRateMin),
      profit_rate_max: rate(r.profitRateMax),
      updated_by_name: hit.staffName,
      updated_at: iso(r.updatedAt),
    };
  });
}

/** One product's settings. */
export async function readProduct(db: Executor, tenantId: string, product: TradeProduct) {
  return (await readProducts(db, tenantId)).find((p) => p.id === product)!;
}

/** Saves a product's settings (every one; validated by tradeProductProblems). */
export async function saveProduct(
  tx: Tx,
  staff: StaffScope & { id: number },
  product: TradeProduct,
  body: TradeProductBody,
): Promise<TradeProductRow> {
  const problems = tradeProductProblems(body);
  refuse(problems);
  // the trade results' bounds: absent in the body, the saved (or default) ones are kept
  const bound = (v: string | number | undefined) =>
    v === undefined || v === null || String(v).trim() === '' ? undefined : String(v).trim();
  const bounds = {
    ...(bound(body.price_band) ? { priceBand: bound(body.price_band) } : {}),
    ...(bound(body.profit_rate_min) ? { profitRateMin: bound(body.profit_rate_min) } : {}),
    ...(bound(body.profit_rate_max) ? { profitRateMax: bound(body.profit_rate_max) } : {}),
  };
  const values = {
    ...bounds,
    enabled: body.enabled,
    sessions: formatSessions(parseSessions(body.sessions)!),
    buyFee: String(body.buy_fee).trim(),
    sellFee: String(body.sell_fee).trim(),
    minAmount: amount(body.min_amount),
    maxAmount: amount(body.max_amount),
    leverage: Number(body.leverage),
    updatedBy: staff.id,
    updatedAt: sql`now()`,
  };
  if (product === 'ipo') await ipoLeverageFree(tx, staff.tenantId, values.leverage);
  await tx
    .insert(tradeProductConfig)
    .values({ tenantId: staff.tenantId, product, ...values })
    .onConflictDoUpdate({ target: [tradeProductConfig.tenantId, tradeProductConfig.product], set: values });
  return readProduct(tx, staff.tenantId, product);
}

/**
 * 409 product_has_orders when the IPO financing leverage would change while an IPO not yet allocated (available or
 * order_locked) has subscriptions: each froze (amount + fee) ÷ the leverage of its moment, and one issue's
 * subscriptions are taken on one set of terms (docs/trading.md "Trading safety"). Those products are locked first
 * (exclusively; a subscription being placed holds its product shared), so none is placed on the old terms meanwhile.
 */
async function ipoLeverageFree(tx: Tx, tenantId: string, leverage: number) {
  if ((await readProduct(tx, tenantId, 'ipo')).leverage === leverage) return;
  const res = await tx.execute(sql`
    SELECT p.id, p.code, EXISTS (SELECT 1 FROM trade_order o WHERE o.product_id = p.id) AS subscribed
    FROM trade_product p WHERE p.tenant_id = ${tenantId} AND p.kind = 'ipo' AND p.status IN ('available', 'order_locked')
    ORDER BY p.id FOR UPDATE OF p`);
  const busy = (res.rows as { code: string; subscribed: boolean }[]).filter((r) => r.subscribed).map((r) => r.code);
  if (busy.length) throw new ProductHasOrdersError(['leverage'], `IPO ${busy.slice(0, 5).join(', ')}`);
}

/**
 * Whether each product is open in the tenant (for the trading permissions' effective answer): enabled in the trade
 * configuration and not halted by an emergency plan in effect (emergency/effects.ts).
 */
export async function productsEnabled(db: Executor, tenantId: string): Promise<(p: TradeProduct) => boolean> {
  const halted = await haltedProducts(db, tenantId);
  const rows = await db
    .select({ product: tradeProductConfig.product, enabled: tradeProductConfig.enabled })
    .from(tradeProductConfig)
    .where(eq(tradeProductConfig.tenantId, tenantId));
  const saved = new Map(rows.map((r) => [r.product, r.enabled]));
  return (p) => !halted.has(p) && (saved.get(p) ?? DEFAULT_TRADE_PRODUCT.enabled);
}

// ---------------------------------------------------------------------------------------------------------------
// Global configs

const globalColumns = {
  id: globalConfigEntry.id,
  key: globalConfigEntry.key,
  type: globalConfigEntry.type,
  value: globalConfigEntry.value,
  description: globalConfigEntry.description,
  updatedAt: globalConfigEntry.updatedAt,
};
/** The global configs with who changed each last (`staffName`), `_cursor`, open for WHERE. */
const selectGlobals = staffNamed(globalConfigEntry, globalColumns, globalConfigEntry.updatedBy);
type GlobalRaw = StaffNamed<typeof globalColumns>;

function presentGlobal(r: GlobalRaw): GlobalConfigRow {
  return {
    id: r.id,
    key: r.key,
    type: r.type as GlobalConfigRow['type'],
    value: r.value,
    description: r.description,
    updated_by_name: r.staffName,
    updated_at: iso(r.updatedAt)!,
  };
}

/** The list (and CSV export) of the tenant's global configs. */
export const globalListSpec = tenantList(globalConfigEntry, 'Global config', {
  def: globalConfig,
  columns: { id: globalConfigEntry.id, key: globalConfigEntry.key, type: globalConfigEntry.type },
  select: selectGlobals,
  present: presentGlobal,
  description:
    "The tenant's global configs (key, type, value as canonical text, description, who changed it last and when), " +
    'by key. Filters: key prefix, type.',
});

/**
 * Create (key, type, value, description), edit (value, description: the type never changes, a new type is a new key)
 * and delete from the definition: the key's form and uniqueness (400 config_key, 409 duplicate), the value valid for
 * its type and stored canonical (a text as written, JSON compact, the others trimmed), the platform's own keys with
 * their fixed type and bounds (400 config_type_fixed, config_daily_count, config_spread).
 */
export const globalWritesSpec: EntityWritesSpec<typeof globalConfig, GlobalRaw> = {
  list: globalListSpec,
  table: globalConfigEntry,
  columns: { value: globalConfigEntry.value, description: globalConfigEntry.description },
  auditPrefix: 'trade_config.global',
  validate: (values, { current }) => globalConfigProblems({ ...current, ...values }, !current),
  beforeWrite: (values, { current }) =>
    values.value === undefined
      ? values
      : { ...values, value: canonicalConfigValue((current?.type ?? values.type) as ConfigType, String(values.value)) },
};
