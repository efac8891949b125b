import { useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../../resources/client/money';
import type { CurrencySum } from './api';

const ONE_LINE = { flexWrap: 'nowrap', whiteSpace: 'nowrap' } as const;

/**
 * Per-currency amounts, exact ('USD 1,234.50'), each with its count; "None" when there are none. An amount is never
 * broken; `oneLine` (a table's cell, whose table scrolls sideways when narrow): each currency on one line.
 */
export function CurrencyLines({
  sums,
  testId,
  countKey = 'resources.dashboard.count',
  oneLine = false,
}: {
  sums: CurrencySum[];
  testId: string;
  countKey?: string;
  oneLine?: boolean;
}) {
  const translate = useTranslate();
  if (!sums.length)
    return (
      <Typography variant="body2" color="text.secondary" data-testid={`${testId}-empty`}>
        {translate('resources.dashboard.empty')}
      </Typography>
    );
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {sums.map((s) => (
        <Box
          component="li"
          key={s.currency}
          sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap', ...(oneLine && ONE_LINE) }}
        >
          <Typography variant="caption" color="text.secondary" sx={{ minWidth: 36 }}>
            {s.currency}
          </Typography>
          <Typography
            variant="subtitle1"
            component="span"
            sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600, whiteSpace: 'nowrap' }}
            data-testid={`${testId}-${s.currency}`}
          >
            {formatMoney(s.amount)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {translate(countKey, { smart_count: s.count })}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
