import { useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import { useTheme, type Theme } from '@mui/material/styles';
import type { ProductStats } from './api';
import { CardGrid } from './CardGrid';
import { CurrencyBars } from './CurrencyBars';
import { FigureCard } from './FigureCard';
import { KindCard } from './KindCard';

/** A colour per product kind, in the product order. */
const kindColors = (theme: Theme) => [
  theme.palette.primary.main,
  theme.palette.secondary.main,
  theme.palette.success.main,
  theme.palette.warning.main,
  theme.palette.info.main,
  theme.palette.error.main,
  theme.palette.primary.light,
  theme.palette.secondary.light,
];

/** The Product tab: the open amounts of every kind side by side, then one card per product kind. */
export function ProductTab({ data }: { data: ProductStats }) {
  const translate = useTranslate();
  const theme = useTheme();
  const colors = kindColors(theme);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <FigureCard title={translate('resources.dashboard.groups.openChart')} testId="card-open-chart">
        <CurrencyBars
          testId="open-chart"
          labelled
          series={data.kinds.map((row, i) => ({
            key: row.kind,
            label: translate(`resources.dashboard.kinds.${row.kind}`),
            color: colors[i % colors.length],
            sums: row.open,
          }))}
        />
      </FigureCard>
      <CardGrid min={250}>
        {data.kinds.map((row) => (
          <KindCard key={row.kind} row={row} testId={`kind-${row.kind}`} />
        ))}
      </CardGrid>
    </Box>
  );
}
