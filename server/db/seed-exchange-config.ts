/**
 * Demo exchanges and currency pairs (development only, first start; rows already there are kept). The pairs join
 * the demo currencies of the seeded rates (seed-funds.ts seedRates): every pair enabled except USDT/EUR, which shows
 * a disabled pair in the exchange dialog.
 */
import { PLATFORM_CURRENCIES } from '../../domain/exchange-config';
import type { Db } from './client';
import { currencyPair, marketExchange } from './schema';

const EXCHANGES = [
  { code: 'SSE', name: '上海证券交易所', timeZone: 'Asia/Shanghai', sessions: '09:30-11:30,13:00-15:00' },
  { code: 'SZSE', name: '深圳证券交易所', timeZone: 'Asia/Shanghai', sessions: '09:30-11:30,13:00-15:00' },
  { code: 'HKEX', name: '香港交易所', timeZone: 'Asia/Hong_Kong', sessions: '09:30-12:00,13:00-16:00' },
  { code: 'NYSE', name: 'New York Stock Exchange', timeZone: 'America/New_York', sessions: '09:30-16:00' },
];
const HOLIDAYS: Record<string, string[]> = {
  SSE: ['2026-01-01', '2026-10-01', '2026-10-02'],
  SZSE: ['2026-01-01', '2026-10-01', '2026-10-02'],
  HKEX: ['2026-01-01', '2026-12-25'],
  NYSE: ['2026-01-01', '2026-07-03', '2026-12-25'],
};

/** Seeds the demo exchanges and pairs of one tenant. */
export async function seedExchangeConfig(db: Db, tenantId: string): Promise<void> {
  await db
    .insert(marketExchange)
    .values(EXCHANGES.map((e) => ({ tenantId, ...e, holidays: HOLIDAYS[e.code] })))
    .onConflictDoNothing();
  const pairs = PLATFORM_CURRENCIES.flatMap((base, i) =>
    PLATFORM_CURRENCIES.slice(i + 1).map((quote) => ({
      tenantId,
      base,
      quote,
      decimals: quote === 'USDT' || base === 'USDT' ? 4 : 6,
      enabled: !(base === 'EUR' && quote === 'USDT'),
      spread: '0.00150000',
    })),
  );
  await db.insert(currencyPair).values(pairs).onConflictDoNothing();
}
