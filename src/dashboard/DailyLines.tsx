import { useState } from 'react';
import { useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { formatMoney, fromCents, toCents } from '../../resources/client/money';
import type { DayMoney, DayRange } from './api';

/** Every day of a range (inclusive YYYY-MM-DD), in order. */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  const end = Date.parse(`${range.to}T00:00:00Z`);
  for (let t = Date.parse(`${range.from}T00:00:00Z`); t <= end && days.length < 3700; t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** One kind's amount of a currency on each day of the range, in cents (0 on a day without any). */
export function seriesOf(
  daily: DayMoney[],
  days: string[],
  kind: 'deposits' | 'withdrawals',
  currency: string,
): bigint[] {
  const byDay = new Map(daily.map((d) => [d.day, d]));
  return days.map((day) => toCents(byDay.get(day)?.[kind].find((s) => s.currency === currency)?.amount ?? '0') ?? 0n);
}

/** The currency shown first: the one with the most records in the range. */
export function mainCurrency(daily: DayMoney[]): string | undefined {
  const counts = new Map<string, number>();
  for (const d of daily)
    for (const s of [...d.deposits, ...d.withdrawals]) counts.set(s.currency, (counts.get(s.currency) ?? 0) + s.count);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
}

const W = 600;
const H = 150;

/**
 * Deposits and withdrawals per day over the range (plain SVG lines), one currency at a time (amounts of different
 * currencies are not comparable; the one with the most records first, the others a tap away). Heights come from exact
 * cents (per mille of the peak); the figures are in the label and the tooltip of each day.
 */
export function DailyLines({ daily, range, testId }: { daily: DayMoney[]; range: DayRange; testId: string }) {
  const translate = useTranslate();
  const theme = useTheme();
  const currencies = [
    ...new Set(daily.flatMap((d) => [...d.deposits, ...d.withdrawals].map((s) => s.currency))),
  ].sort();
  const [picked, setPicked] = useState<string>();
  const currency = picked && currencies.includes(picked) ? picked : mainCurrency(daily);
  if (!currency)
    return (
      <Typography variant="body2" color="text.secondary" data-testid={`${testId}-empty`}>
        {translate('resources.dashboard.daily.empty')}
      </Typography>
    );
  const days = daysOf(range);
  const lines = [
    { key: 'deposits', color: theme.palette.success.main, label: translate('resources.dashboard.groups.deposits') },
    { key: 'withdrawals', color: theme.palette.error.main, label: translate('resources.dashboard.groups.withdrawals') },
  ].map((l) => ({ ...l, cents: seriesOf(daily, days, l.key as 'deposits' | 'withdrawals', currency) }));
  const peak = lines.flatMap((l) => l.cents).reduce((a, b) => (b > a ? b : a), 0n);
  const x = (i: number) => (days.length > 1 ? (i / (days.length - 1)) * W : W / 2);
  const y = (c: bigint) => H - (peak > 0n ? Number((c * 1000n) / peak) / 1000 : 0) * (H - 8);
  const total = (cents: bigint[]) => formatMoney(fromCents(cents.reduce((a, b) => a + b, 0n)));
  return (
    <Box data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
          {lines.map((l) => (
            <Box key={l.key} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <Box sx={{ width: 10, height: 3, bgcolor: l.color }} />
              <Typography variant="caption">{l.label}</Typography>
            </Box>
          ))}
        </Box>
        {currencies.length > 1 && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={currency}
            onChange={(_, v: string | null) => v && setPicked(v)}
            aria-label={translate('resources.dashboard.daily.currency')}
          >
            {currencies.map((c) => (
              <ToggleButton key={c} value={c} sx={{ py: 0.25, px: 1, fontSize: 12 }} data-testid={`${testId}-${c}`}>
                {c}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        {currency} · {translate('resources.dashboard.daily.peak', { amount: formatMoney(fromCents(peak)) })}
      </Typography>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        width="100%"
        height={H}
        role="img"
        aria-label={`${currency}: ${lines.map((l) => `${l.label} ${total(l.cents)}`).join(', ')}`}
        data-testid={`${testId}-svg`}
      >
        <line
          x1="0"
          y1={H - 0.5}
          x2={W}
          y2={H - 0.5}
          stroke={theme.palette.divider}
          vectorEffect="non-scaling-stroke"
        />
        {lines.map((l) => (
          <polyline
            key={l.key}
            data-testid={`${testId}-${l.key}`}
            fill="none"
            stroke={l.color}
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
            points={l.cents.map((c, i) => `${x(i).toFixed(1)},${y(c).toFixed(1)}`).join(' ')}
          >
            <title>{`${l.label} ${total(l.cents)} ${currency}`}</title>
          </polyline>
        ))}
      </svg>
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography variant="caption" color="text.secondary">
          {range.from}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {range.to}
        </Typography>
      </Box>
    </Box>
  );
}
