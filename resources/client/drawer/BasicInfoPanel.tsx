import { useState } from 'react';
import { Alert, Avatar, Box, Card, CardContent, CardHeader, Chip, IconButton, Skeleton, Tooltip } from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import RefreshIcon from '@mui/icons-material/Refresh';
import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import { useLocaleState, useTranslate } from 'react-admin';
import ClientPasswordDialog from '../dialogs/ClientPasswordDialog';
import InfoGrid, { type InfoItem } from './InfoGrid';
import type { Client } from './api';
import { formatDateTime, isEmpty } from './format';
import { activeStatuses, clientTypes, findOption, kycStatuses } from '../../labels';
import { useTenantZone } from '../../engine/timeZone';
import { withRequestId } from '../../../dataProvider/errorText';

/** Props of BasicInfoPanel. */
export interface BasicInfoPanelProps {
  clientId: number | string;
  client: Client | undefined;
  loading: boolean;
  /** The load's error (falsy: none): its text names the failed request. */
  failed: unknown;
  /** Reloads the client's data (the header's refresh; a new password reloads the basic info by itself). */
  onRefresh: () => void;
}

/** The client's basic info with refresh, change-password and reset-authenticator actions (spec section 2). */
export default function BasicInfoPanel({ clientId, client, loading, failed, onRefresh }: BasicInfoPanelProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const zone = useTenantZone();
  const [passwordOpen, setPasswordOpen] = useState(false);

  const option = (set: Parameters<typeof findOption>[0], value: unknown) => {
    const found = findOption(set, value);
    return found ? translate(found.name) : null;
  };
  const text = (value: unknown) => (isEmpty(value) ? null : String(value));
  const yesNo = (value: unknown) =>
    typeof value === 'boolean' ? translate(value ? 'client.values.yes' : 'client.values.no') : null;

  const items: InfoItem[] = client
    ? [
        { key: 'fake', label: translate('client.fields.fake'), value: option(clientTypes, client.fake) },
        { key: 'active', label: translate('client.fields.active'), value: option(activeStatuses, client.active) },
        {
          key: 'kyc_status',
          label: translate('client.fields.kyc_status'),
          value: option(kycStatuses, client.kyc_status),
        },
        { key: 'score', label: translate('client.fields.score'), value: text(client.score) },
        { key: 'vip', label: translate('client.fields.vip'), value: text(client.vip) },
        { key: 'agent_name', label: translate('client.fields.agent_name'), value: text(client.agent_name) },
        { key: 'superman', label: translate('client.fields.superman'), value: text(client.superman) },
        { key: 'mfa', label: translate('client.fields.mfa'), value: yesNo(client.mfa) },
        {
          key: 'create_datetime',
          label: translate('client.fields.create_datetime'),
          value: text(formatDateTime(client.create_datetime, locale, zone)),
        },
      ]
    : [];

  const actions = (
    <Box sx={{ display: 'flex' }}>
      <Tooltip title={translate('client.drawer.refresh')}>
        <IconButton aria-label={translate('client.drawer.refresh')} onClick={onRefresh} data-testid="client-refresh">
          <RefreshIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={translate('client.drawer.changePassword')}>
        <IconButton
          aria-label={translate('client.drawer.changePassword')}
          onClick={() => setPasswordOpen(true)}
          data-testid="client-change-password"
        >
          <KeyIcon />
        </IconButton>
      </Tooltip>
      {/* Reset authenticator: enabled only when one is bound; the spec wires no action to it. */}
      <Tooltip title={translate('client.drawer.resetMfa')}>
        <span>
          <IconButton
            aria-label={translate('client.drawer.resetMfa')}
            disabled={!client?.mfa}
            data-testid="client-reset-mfa"
          >
            <PhonelinkEraseIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );

  return (
    <Card variant="outlined" data-testid="client-basic-info">
      <CardHeader
        avatar={
          client ? (
            <Avatar src={client.avatar ?? undefined} alt={client.username}>
              {client.username?.slice(0, 1).toUpperCase()}
            </Avatar>
          ) : (
            <Skeleton variant="circular" width={40} height={40} />
          )
        }
        title={
          client ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <span data-testid="client-username">{client.username}</span>
              {client.fake && <Chip size="small" color="warning" label={translate('labels.clientType.fake')} />}
            </Box>
          ) : loading ? (
            <Skeleton width={160} />
          ) : null
        }
        subheader={client ? [client.full_name, client.mobile].filter((v) => !isEmpty(v)).join(' · ') || null : null}
        action={actions}
      />
      <CardContent sx={{ pt: 0 }}>
        {!!failed && !client && (
          <Alert severity="error">
            {withRequestId(translate, failed, translate('client.errors.userInfoUnavailable'))}
          </Alert>
        )}
        {loading && !client && <Skeleton variant="rectangular" height={80} />}
        {client && <InfoGrid items={items} testId="client-fields" />}
      </CardContent>
      <ClientPasswordDialog open={passwordOpen} clientId={clientId} onClose={() => setPasswordOpen(false)} />
    </Card>
  );
}
