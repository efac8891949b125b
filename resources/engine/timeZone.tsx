/**
 * The tenant's time zone in the console: times are shown and typed in it, whatever the browser's zone. It comes with
 * the app settings (GET /setting/v1/app `timezone`, the zone the API counts days and reads typed times in), which the
 * shell asks first (src/layout/useAppInfo.ts) and keeps in the app-state cache for the next visit.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { useLocaleState, useTranslate } from 'ra-core';
import { useAppState } from '../../src/state/appState';
import { utcOffset } from '../../domain/time-zone';
import { formatFullDateTime, formatLocaleDateTime } from './format';

/** The tenant's time zone, undefined until the app settings have answered once in this browser. */
export const useTenantZone = (): string | undefined => useAppState((s) => s.timeZone || undefined);

/** "Times in Asia/Shanghai", said once on a page that shows times (its tooltip gives the offset); nothing until known. */
export function TimeZoneNote({ sx }: { sx?: object }) {
  const translate = useTranslate();
  const zone = useTenantZone();
  if (!zone) return null;
  return (
    <Box
      component="span"
      data-testid="time-zone-note"
      title={translate('engine.time.zoneHint', { zone, offset: utcOffset(new Date(), zone) })}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        color: 'text.secondary',
        whiteSpace: 'nowrap',
        ...sx,
      }}
    >
      <ScheduleIcon sx={{ fontSize: 16 }} aria-hidden />
      <Typography component="span" variant="caption">
        {translate('engine.time.zone', { zone })}
      </Typography>
    </Box>
  );
}

/**
 * A timestamp as the console writes it, in the tenant's zone (`2026-11-23 14:05:09`), with the full time and its zone
 * in the tooltip; nothing for none.
 */
export function TimeText({ value, testId }: { value: string | Date | null | undefined; testId?: string }) {
  const [locale] = useLocaleState();
  const zone = useTenantZone();
  if (value === null || value === undefined || value === '') return null;
  return (
    <Box
      component="time"
      dateTime={value instanceof Date ? value.toISOString() : value}
      title={formatFullDateTime(value, locale, zone)}
      data-testid={testId}
    >
      {formatLocaleDateTime(value, locale, zone)}
    </Box>
  );
}
