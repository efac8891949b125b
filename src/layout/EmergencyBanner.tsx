import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslate } from 'ra-core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { emergencyPlan, type ActiveEmergency } from '../../domain/emergency';
import { useConsoleDataProvider } from '../../dataProvider/useConsoleDataProvider';

/** How often the console asks for the plans in effect (and on every focus). */
export const EMERGENCY_POLL_MS = 30_000;
export const EMERGENCY_ACTIVE_KEY = ['emergency', 'active'] as const;

/**
 * The banners of the emergency plans in effect in the tenant (GET /emergency/admin/v1/active, readable by every
 * signed-in staff member), in the console's language, at the top of every page.
 */
export function EmergencyBanner() {
  const dataProvider = useConsoleDataProvider();
  const translate = useTranslate();
  const locale = useLocale();
  const { data } = useQuery({
    queryKey: EMERGENCY_ACTIVE_KEY,
    refetchInterval: EMERGENCY_POLL_MS,
    queryFn: ({ signal }) => dataProvider.call<{ data: ActiveEmergency[] }>(emergencyPlan.paths.active, { signal }),
  });
  const banners = (data?.data ?? []).filter((p) => p.kind === 'banner');
  if (!banners.length) return null;
  return (
    <Box role="region" aria-label={translate('shell.emergencyBanner')} data-testid="emergency-banner">
      {banners.map((p) => (
        <Alert key={p.id} severity="error" variant="filled" sx={{ borderRadius: 0, py: 0.25 }}>
          {(locale === 'en-US' ? p.message_en : p.message_zh) ?? p.message_zh ?? p.message_en}
        </Alert>
      ))}
    </Box>
  );
}
