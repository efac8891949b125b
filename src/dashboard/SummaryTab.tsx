import { useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { formatMoney } from '../../resources/client/money';
import type { ClientCounts, DayRange, ExposureRow, Summary } from './api';
import { DailyLines } from './DailyLines';
import { CardGrid } from './CardGrid';
import { CurrencyLines } from './CurrencyLines';
import { CurrencyBars } from './CurrencyBars';
import { FigureCard } from './FigureCard';

const CLIENT_FIGURES: (keyof ClientCounts)[] = ['total', 'real', 'robot', 'new', 'new_real'];
const EXPOSURE_FIGURES: Exclude<keyof ExposureRow, 'currency'>[] = [
  'balance',
  'fo_amount',
  'otc_amount',
  'quant_amount',
  'ipo_amount',
  'funds_amount',
  'arrears_amount',
  'arrears_orders',
];

/** A label and its value, in a definition list. */
function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Box>
  );
}

const dl = { display: 'grid', gridTemplateColumns: '1fr max-content', columnGap: 2, rowGap: 0.5, m: 0 } as const;

/**
 * The Summary tab: clients, deposits and withdrawals in the range, their bars per currency beside their time series
 * per day, and the exposure now.
 */
export function SummaryTab({ data }: { data: Summary }) {
  const range: DayRange = { from: data.from, to: data.to };
  const translate = useTranslate();
  const theme = useTheme();
  const t = (key: string) => translate(`resources.dashboard.${key}`);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <CardGrid>
        <FigureCard title={t('groups.clients')} testId="card-clients">
          <Box component="dl" sx={dl}>
            {CLIENT_FIGURES.map((k) => (
              <Figure
                key={k}
                label={t(`clients.${k}`)}
                value={data.clients[k].toLocaleString('en-US')}
                testId={`clients-${k}`}
              />
            ))}
          </Box>
        </FigureCard>
        <FigureCard title={t('groups.deposits')} testId="card-deposits">
          <CurrencyLines sums={data.deposits} testId="deposits" />
        </FigureCard>
        <FigureCard title={t('groups.withdrawals')} testId="card-withdrawals">
          <CurrencyLines sums={data.withdrawals} testId="withdrawals" />
        </FigureCard>
      </CardGrid>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr)' } }}>
        <FigureCard title={t('groups.chart')} testId="card-chart">
          <CurrencyBars
            testId="dashboard-chart"
            series={[
              { key: 'deposit', label: t('groups.deposits'), color: theme.palette.success.main, sums: data.deposits },
              {
                key: 'withdrawal',
                label: t('groups.withdrawals'),
                color: theme.palette.error.main,
                sums: data.withdrawals,
              },
            ]}
          />
        </FigureCard>
        <FigureCard title={t('daily.title')} testId="card-daily">
          <DailyLines daily={data.daily} range={range} testId="daily-chart" />
        </FigureCard>
      </Box>
      <Typography variant="subtitle1" component="h3">
        {t('groups.exposure')}
      </Typography>
      {data.exposure.length ? (
        <CardGrid min={260}>
          {data.exposure.map((row) => (
            <FigureCard key={row.currency} title={row.currency} testId={`exposure-${row.currency}`}>
              <Box component="dl" sx={dl}>
                {EXPOSURE_FIGURES.map((k) => (
                  <Figure
                    key={k}
                    label={t(`exposure.${k}`)}
                    value={k === 'arrears_orders' ? String(row[k]) : formatMoney(row[k])}
                    testId={`exposure-${row.currency}-${k}`}
                  />
                ))}
              </Box>
            </FigureCard>
          ))}
        </CardGrid>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('empty')}
        </Typography>
      )}
    </Box>
  );
}
