/**
 * Demo data of the configuration pages (development only, first start): a few platform receiving addresses (one
 * inactive), some global configs and one trading permission rule per tenant. Rows already there are kept.
 */
import { canonicalAddress } from '../../domain/crypto-chains';
import type { Db } from './client';
import { seedExchangeConfig } from './seed-exchange-config';
import { cryptoAddressEntry, globalConfigEntry, tradingPermissionRule } from './schema';

const ADDRESSES = [
  { chain: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', label: '主收款地址', active: true },
  { chain: 'ERC20', address: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F', label: '以太坊收款', active: true },
  { chain: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', label: '比特币冷钱包', active: false },
];

/**
 * Only global configs the platform reads (domain/trade-config.ts PLATFORM_CONFIGS). `trade.after_hours` and
 * `ipo.lottery` are not seeded any more: trading hours are each product's sessions (trade config) and the IPO
 * allocation method is chosen with each allocation (docs/trading.md "Rates and exchange").
 */
const GLOBALS = [
  { key: 'withdraw.daily_count', type: 'number', value: '3', description: '每个客户每日（租户时区）提现申请次数上限' },
  {
    key: 'fx.spread',
    type: 'decimal',
    value: '0.00150000',
    description: '兑换点差（比例，从汇率中扣除，另加货币对点差）',
  },
];

/** Seeds the demo rows of one tenant. */
export async function seedOpsConfig(db: Db, tenantId: string): Promise<void> {
  await db
    .insert(cryptoAddressEntry)
    .values(ADDRESSES.map((a) => ({ tenantId, ...a, addressKey: canonicalAddress(a.chain, a.address) })))
    .onConflictDoNothing();
  await db
    .insert(globalConfigEntry)
    .values(GLOBALS.map((g) => ({ tenantId, ...g })))
    .onConflictDoNothing();
  await db
    .insert(tradingPermissionRule)
    .values({ tenantId, scope: 'vip', subjectId: 0, product: 'block', allowed: false, note: 'VIP 0 不开放大宗交易' })
    .onConflictDoNothing();
  await seedExchangeConfig(db, tenantId);
}
