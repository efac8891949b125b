import { useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { formatMoney, toCents } from '../../resources/client/money';
import type { CurrencySum } from './api';

/** Per mille of `part` in `whole`, from exact cents (display only). */
const perMille = (part: string | undefined, whole: bigint): number =>
  whole > 0n ? Number(((toCents(part ?? '0') ?? 0n) * 1000n) / whole) : 0;

/**
 * Deposits against withdrawals per currency as two bars each (plain SVG), scaled within the currency: amounts of
 * different currencies are not comparable.
 */
export function DepositWithdrawChart({
  deposits,
  withdrawals,
}: {
  deposits: CurrencySum[];
  withdrawals: CurrencySum[];
}) {
  const translate = useTranslate();
  const theme = useTheme();
  const currencies = [...new Set([...deposits, ...withdrawals].map((s) => s.currency))].sort();
  const depositLabel = translate('resources.dashboard.groups.deposits');
  const withdrawalLabel = translate('resources.dashboard.groups.withdrawals');
  if (!currencies.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('resources.dashboard.empty')}
      </Typography>
    );
  const colors = { deposit: theme.palette.success.main, withdrawal: theme.palette.error.main };
  return (
    <Box data-testid="dashboard-chart">
      <Box sx={{ display: 'flex', gap: 2, mb: 1 }}>
        {(['deposit', 'withdrawal'] as const).map((k) => (
          <Box key={k} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Box sx={{ width: 10, height: 10, borderRadius: 0.5, bgcolor: colors[k] }} />
            <Typography variant="caption">{k === 'deposit' ? depositLabel : withdrawalLabel}</Typography>
          </Box>
        ))}
      </Box>
      {currencies.map((currency) => {
        const d = deposits.find((s) => s.currency === currency)?.amount ?? '0.00';
        const w = withdrawals.find((s) => s.currency === currency)?.amount ?? '0.00';
        const max = [toCents(d) ?? 0n, toCents(w) ?? 0n].reduce((a, b) => (b > a ? b : a), 0n);
        const bars = [
          { key: 'deposit' as const, amount: d, width: perMille(d, max) / 10 },
          { key: 'withdrawal' as const, amount: w, width: perMille(w, max) / 10 },
        ];
        return (
          <Box key={currency} sx={{ mb: 1.5 }} data-testid={`chart-${currency}`}>
            <Typography variant="caption" color="text.secondary">
              {currency}
            </Typography>
            <svg
              width="100%"
              height="36"
              role="img"
              aria-label={`${currency}: ${depositLabel} ${formatMoney(d)}, ${withdrawalLabel} ${formatMoney(w)}`}
            >
              {bars.map((b, i) => (
                <g key={b.key}>
                  <rect x="0" y={i * 18} width="100%" height="14" fill={theme.palette.action.hover} rx="2" />
                  <rect x="0" y={i * 18} width={`${b.width}%`} height="14" fill={colors[b.key]} rx="2" />
                  <text
                    x="4"
                    y={i * 18 + 11}
                    fontSize="11"
                    fill={theme.palette.text.primary}
                    style={{ fontVariantNumeric: 'tabular-nums' }}
                  >
                    {formatMoney(b.amount)}
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
