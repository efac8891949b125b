import { lazy, Suspense } from 'react';
import { Box, Chip } from '@mui/material';
import { useListContext, useTranslate } from 'ra-core';
import { formatMoney } from '../client/money';
import type { FinderProps } from '../engine/types';
import { sessionBoundKind, type ListTotals, type TradeProduct } from '../../domain/trading';

/** The market-hours chip of an orders list, loaded with the first orders page that shows it. */
const MarketHours = lazy(() => import('./MarketHours'));

/** One currency's sums of a list (every matching row, not the page): domain ListTotals, or more sums. */
export type CurrencyTotals = Partial<ListTotals> & { currency: string; [sum: string]: string | number | undefined };

/** The per-currency totals of a list answer: `totals` as an array of `{ currency, ... }` or keyed by currency. */
export function totalsOf(body: unknown): CurrencyTotals[] {
  const totals = (body as { totals?: unknown } | null)?.totals;
  if (Array.isArray(totals)) return totals as CurrencyTotals[];
  if (totals && typeof totals === 'object') {
    return Object.entries(totals as Record<string, Record<string, string>>).map(([currency, sums]) => ({
      currency,
      ...sums,
    }));
  }
  return [];
}

/** Which sums a list's totals show, in order (others are left out). */
const SHOWN = ['count', 'amount', 'fee', 'profit', 'owed', 'released'];

/**
 * The per-currency totals of every row matching the list's filters (the list answer's `totals`, which the dataProvider
 * hands over as the list's `meta`), shown in the list's toolbar as one chip per currency: "USD · amount 1,234.00 ·
 * profit −5.00".
 */
function ListTotals({ name }: { name: string }) {
  const translate = useTranslate();
  const { meta } = useListContext();
  const data = totalsOf(meta);
  if (!data?.length) return null;
  return (
    <Box
      sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center', mr: 'auto' }}
      data-testid="list-totals"
    >
      {data.map((t) => (
        <Chip
          key={t.currency}
          size="small"
          variant="outlined"
          data-testid={`totals-${t.currency}`}
          label={[
            t.currency,
            ...SHOWN.filter((k) => t[k] !== undefined && t[k] !== null).map(
              (k) =>
                `${translate(`resources.trades.totals.${k}`)} ${k === 'count' ? String(t[k]) : formatMoney(String(t[k]))}`,
            ),
          ].join(' · ')}
          title={translate(`resources.trades.totals.title`, { name: translate(`resources.${name}.name`) })}
        />
      ))}
    </Box>
  );
}

/**
 * The totals of the list `name` in its toolbar (the engine's finder slot renders inside the list); an orders list of
 * a session-bound `kind` shows the kind's trading hours first.
 */
export function totalsFinder(name: string, kind?: TradeProduct) {
  return function Totals(_props: FinderProps) {
    if (!kind || !sessionBoundKind(kind)) return <ListTotals name={name} />;
    return (
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center', mr: 'auto' }}>
        <Suspense fallback={null}>
          <MarketHours kind={kind} />
        </Suspense>
        <ListTotals name={name} />
      </Box>
    );
  };
}
