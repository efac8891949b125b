import { Chip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { FAMILY, type MarketStatus, type TradeProduct } from '../../domain/trading';
import { useConsoleDataProvider } from '../../dataProvider/useConsoleDataProvider';

/**
 * The kind's trading hours (trade_config sessions in the tenant's time zone) and whether the market is open now, as
 * the API answers them (`GET /trades/admin/v1/{kind}/market`, read again every minute): one small chip beside the
 * orders' totals. Nothing while loading or when the answer fails (the orders still show).
 */
export default function MarketHours({ kind }: { kind: TradeProduct }) {
  const translate = useTranslate();
  const dataProvider = useConsoleDataProvider();
  const market = useQuery({
    queryKey: ['trades', kind, 'market'],
    queryFn: () => dataProvider.call<MarketStatus>(`/trades/admin/v1/${kind}/market`),
    refetchInterval: 60_000,
    retry: false,
  });
  const m = market.data;
  if (!m?.session_bound) return null;
  const sell = FAMILY[kind] === 'ipo';
  return (
    <Chip
      size="small"
      variant={m.open ? 'filled' : 'outlined'}
      color={m.open ? 'success' : 'default'}
      data-testid="market-hours"
      label={`${translate(`resources.trades.market.${sell ? 'sellHours' : 'hours'}`, {
        sessions: m.sessions,
        zone: m.time_zone,
      })} · ${translate(`resources.trades.market.${m.open ? 'open' : 'closed'}`)}`}
      title={translate(`resources.trades.market.${sell ? 'sellTitle' : 'title'}`, { time: m.local_time })}
    />
  );
}
