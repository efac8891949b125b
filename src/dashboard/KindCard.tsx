import { useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { KindRow } from './api';
import { CurrencyLines } from './CurrencyLines';
import { FigureCard } from './FigureCard';

const PARTS = ['open', 'placed', 'arrears'] as const;

/** One product kind's figures: open orders, orders placed in the range, orders owing (arrears only when any). */
export function KindCard({ row, testId }: { row: KindRow; testId: string }) {
  const translate = useTranslate();
  return (
    <FigureCard title={translate(`resources.dashboard.kinds.${row.kind}`)} testId={testId}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {PARTS.filter((p) => p !== 'arrears' || row.arrears.length).map((p) => (
          <Box key={p}>
            <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase' }}>
              {translate(`resources.dashboard.product.${p}`)}
            </Typography>
            <CurrencyLines sums={row[p]} testId={`${testId}-${p}`} countKey="resources.dashboard.product.orders" />
          </Box>
        ))}
      </Box>
    </FigureCard>
  );
}
