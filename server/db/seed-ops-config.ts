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

const GLOBALS = [
  { key: 'withdraw.daily_count', type: 'number', value: '3', description: '每日提现次数上限' },
  { key: 'trade.after_hours', type: 'boolean', value: 'false', description: '是否允许盘后交易' },
  { key: 'fx.spread', type: 'decimal', value: '0.00150000', description: '汇率点差' },
  { key: 'ipo.lottery', type: 'json', value: '{"max_lots":10,"rounds":2}', description: '新股中签规则' },
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
