import { useLocaleState, useTranslate } from 'ra-core';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatFullDateTime, formatLocaleDateTime } from '../../resources/engine/format';
import { TimeZoneNote, useTenantZone } from '../../resources/engine/timeZone';
import { useConsoleDataProvider } from '../../dataProvider/useConsoleDataProvider';
import { withRequestId } from '../../dataProvider/errorText';

/** GET /auth/admin/v1/userinfo. */
export interface UserInfo {
  id: number | string;
  name: string;
  username: string;
  role: string;
  mfa: boolean;
  /** The sign-in before the current session (null when none). */
  last_login_at: string | null;
  invitation_code: string | null;
  tenant_id: string;
}

/** A date-time in the UI locale's format (as the lists write it) in `zone` (the tenant's), or '' when absent. */
export function formatDateTime(value: string | null | undefined, locale: string, zone?: string): string {
  return value ? formatLocaleDateTime(value, locale, zone) : '';
}

/** The signed-in staff member's profile group: name, role, id, last login, invitation code. */
export function ProfileCard() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const zone = useTenantZone();
  const dataProvider = useConsoleDataProvider();
  const { data, isPending, error } = useQuery({
    queryKey: ['shell', 'userinfo'],
    queryFn: ({ signal }) => dataProvider.call<UserInfo>('/auth/admin/v1/userinfo', { signal }),
  });
  const rows: [string, string, string, string?][] = data
    ? [
        ['id', translate('shell.dashboard.id'), String(data.id)],
        ['username', translate('shell.dashboard.username'), data.username],
        ['role', translate('shell.dashboard.role'), translate(`shell.roles.${data.role}`, { _: data.role })],
        [
          'last-login',
          translate('shell.dashboard.lastLogin'),
          formatDateTime(data.last_login_at, locale, zone) || translate('shell.dashboard.never'),
          data.last_login_at ? formatFullDateTime(data.last_login_at, locale, zone) : undefined,
        ],
        [
          'invitation-code',
          translate('shell.dashboard.invitationCode'),
          data.invitation_code || translate('shell.dashboard.never'),
        ],
      ]
    : [];
  return (
    <Card data-testid="profile-card" variant="outlined" sx={{ maxWidth: 560 }}>
      <CardHeader
        avatar={
          <Avatar sx={{ bgcolor: 'primary.main' }}>
            {data ? Array.from(data.name || data.username || '?')[0]!.toUpperCase() : ''}
          </Avatar>
        }
        title={data ? data.name : isPending ? <Skeleton width={120} /> : ''}
        titleTypographyProps={{ variant: 'h6' }}
        subheader={translate('shell.dashboard.profile')}
      />
      <CardContent sx={{ pt: 0 }}>
        {error ? (
          <Alert severity="error">{withRequestId(translate, error, translate('shell.dashboard.loadFailed'))}</Alert>
        ) : isPending ? (
          <Skeleton variant="rectangular" height={120} />
        ) : (
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}
          >
            {rows.map(([key, label, value, title]) => (
              <Box key={key} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary" variant="body2">
                  {label}
                </Typography>
                <Typography
                  component="dd"
                  variant="body2"
                  data-testid={`profile-${key}`}
                  title={title}
                  sx={{ m: 0, wordBreak: 'break-all' }}
                >
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
        {/* outside the list of label and value pairs (a definition list holds only those) */}
        {!error && !isPending && (
          <Box sx={{ mt: 1 }}>
            <TimeZoneNote />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
