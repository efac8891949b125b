import { useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { formatMoney, toCents } from '../../resources/client/money';
import type { CurrencySum } from './api';

/** One series of bars: its sums per currency. */
export interface BarSeries {
  key: string;
  label: string;
  color: string;
  sums: CurrencySum[];
}

/** Per mille of `part` in `whole`, from exact cents (display only). */
const perMille = (part: string, whole: bigint): number =>
  whole > 0n ? Number(((toCents(part) ?? 0n) * 1000n) / whole) : 0;

/**
 * Bars per currency, one per series (plain SVG), scaled within the currency: amounts of different currencies are not
 * comparable. With `labelled` each bar names its series and series without money in a currency are left out (many
 * series); otherwise a legend names them and every series has its bar.
 */
export function CurrencyBars({
  series,
  labelled = false,
  testId,
}: {
  series: BarSeries[];
  labelled?: boolean;
  testId: string;
}) {
  const translate = useTranslate();
  const theme = useTheme();
  const currencies = [...new Set(series.flatMap((s) => s.sums.map((x) => x.currency)))].sort();
  if (!currencies.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('resources.dashboard.empty')}
      </Typography>
    );
  return (
    <Box data-testid={testId}>
      {!labelled && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, mb: 1 }}>
          {series.map((s) => (
            <Box key={s.key} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <Box sx={{ width: 10, height: 10, borderRadius: 0.5, bgcolor: s.color }} />
              <Typography variant="caption">{s.label}</Typography>
            </Box>
          ))}
        </Box>
      )}
      {currencies.map((currency) => {
        const bars = series
          .map((s) => ({ ...s, amount: s.sums.find((x) => x.currency === currency)?.amount ?? '0.00' }))
          .filter((b) => !labelled || (toCents(b.amount) ?? 0n) !== 0n);
        const max = bars.map((b) => toCents(b.amount) ?? 0n).reduce((a, b) => (b > a ? b : a), 0n);
        return (
          <Box key={currency} sx={{ mb: 1.5 }} data-testid={`${testId}-${currency}`}>
            <Typography variant="caption" color="text.secondary">
              {currency}
            </Typography>
            <svg
              width="100%"
              height={bars.length * 18}
              role="img"
              aria-label={`${currency}: ${bars.map((b) => `${b.label} ${formatMoney(b.amount)}`).join(', ')}`}
            >
              {bars.map((b, i) => (
                <g key={b.key}>
                  <rect x="0" y={i * 18} width="100%" height="14" fill={theme.palette.action.hover} rx="2" />
                  <rect x="0" y={i * 18} width={`${perMille(b.amount, max) / 10}%`} height="14" fill={b.color} rx="2" />
                  <text
                    x="4"
                    y={i * 18 + 11}
                    fontSize="11"
                    fill={theme.palette.text.primary}
                    // A halo in the paper's colour keeps the figure readable over any bar.
                    stroke={theme.palette.background.paper}
                    strokeWidth={3}
                    strokeLinejoin="round"
                    paintOrder="stroke"
                    style={{ fontVariantNumeric: 'tabular-nums' }}
                  >
                    {labelled ? `${b.label} ${formatMoney(b.amount)}` : formatMoney(b.amount)}
                  </text>
                </g>
              ))}
            </svg>
          </Box>
        );
      })}
    </Box>
  );
}
