import { useTranslate } from 'ra-core';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DayRange } from './api';
import { lastMonth, thisMonth, today, validRange } from './range';

/** The statistics' date range: two day inputs and the common ranges; `zone` is the tenant's, as the API answered. */
export function DateRangeBar({
  value,
  onChange,
  zone,
}: {
  value: DayRange;
  onChange: (r: DayRange) => void;
  zone?: string;
}) {
  const translate = useTranslate();
  const invalid = !validRange(value);
  const t = (key: string) => translate(`resources.dashboard.range.${key}`);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      alignItems={{ xs: 'stretch', sm: 'flex-start' }}
      data-testid="dashboard-range"
    >
      <TextField
        type="date"
        size="small"
        label={t('from')}
        value={value.from}
        onChange={(e) => onChange({ ...value, from: e.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'range-from' } }}
      />
      <TextField
        type="date"
        size="small"
        label={t('to')}
        value={value.to}
        error={invalid}
        helperText={invalid ? t('invalid') : undefined}
        onChange={(e) => onChange({ ...value, to: e.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'range-to' } }}
      />
      <ButtonGroup size="small" variant="outlined" sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
        <Button onClick={() => onChange(today(new Date(), zone))}>{t('today')}</Button>
        <Button onClick={() => onChange(thisMonth(new Date(), zone))}>{t('thisMonth')}</Button>
        <Button onClick={() => onChange(lastMonth(new Date(), zone))}>{t('lastMonth')}</Button>
      </ButtonGroup>
      {zone ? (
        <Typography variant="caption" color="text.secondary" sx={{ alignSelf: { sm: 'center' } }}>
          {translate('resources.dashboard.range.zone', { zone })}
        </Typography>
      ) : null}
    </Stack>
  );
}
