import { useEffect } from 'react';
import { Alert, Box, Drawer, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useNotify, useTranslate } from 'react-admin';
import AccountSection from './drawer/AccountSection';
import BasicInfoPanel from './drawer/BasicInfoPanel';
import ClientTabs from './drawer/ClientTabs';
import AuditHistory from '../audit_log/AuditHistory';
import PendingDeposits from './drawer/PendingDeposits';
import { clientApi } from './drawer/api';
import { useClientQuery, useReloadClient } from './drawer/useClientQuery';
import { hasClientId } from './dialogs/errors';
import { canAny } from '../../permissions/can';
import { usePermissionPayload } from '../../src/permissions/useCan';
import { useNotifyFailure } from '../../dataProvider/useNotifyFailure';

/** The permission chain of the deposit list (deposit:read, or funds:read for the whole funds menu), as the API checks. */
const DEPOSIT_READ_CHAIN = ['deposit', 'funds'];

/** Props of ClientDrawer. */
export interface ClientDrawerProps {
  clientId: number | string;
  onClose(): void;
}

/** The client info drawer (spec section 2): right side, 50 % wide, full width at 768 px and below. */
export default function ClientDrawer({ clientId, onClose }: ClientDrawerProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const key = hasClientId(clientId) ? String(clientId) : null;
  const detail = useClientQuery(clientApi.detail, key);
  const accounts = useClientQuery(clientApi.accounts, key);
  // The pending deposits only for staff who may read deposits (the API answers 403 otherwise).
  const canReadDeposits = canAny(usePermissionPayload()?.grants, DEPOSIT_READ_CHAIN, 'read');
  const deposits = useClientQuery(clientApi.pendingDeposits, key, canReadDeposits);
  // The header's refresh: everything the drawer shows is fetched again (a money movement or a new password does the
  // same by itself: useClientMutation).
  const reloadClient = useReloadClient(key);
  const reload = () => reloadClient();

  const detailError = detail.error;
  useEffect(() => {
    if (!key) notify('client.errors.userIdUnavailable', { type: 'error' });
  }, [key, notify]);
  useEffect(() => {
    if (detailError) notifyFailure(detailError, 'client.errors.userInfoUnavailable');
  }, [detailError, notifyFailure]);

  // The account list call is the fresher source; the detail's accounts[] stand in when it fails.
  const accountList = accounts.data ?? (accounts.error ? detail.data?.accounts : undefined);

  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: '50%', '@media (max-width: 768px)': { width: '100%' } },
          'data-testid': 'client-drawer',
        } as object,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {translate('client.drawer.title')}
        </Typography>
        <Tooltip title={translate('client.drawer.close')}>
          <IconButton aria-label={translate('client.drawer.close')} onClick={onClose} data-testid="client-drawer-close">
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Box>
      {key ? (
        <Stack spacing={2} sx={{ p: 2 }}>
          <BasicInfoPanel
            clientId={key}
            client={detail.data}
            loading={detail.isLoading}
            failed={detailError}
            onRefresh={reload}
          />
          <AccountSection
            clientId={key}
            accounts={accountList}
            loading={accounts.isLoading}
            failed={!accountList && accounts.error}
          />
          {canReadDeposits && <PendingDeposits state={deposits} accounts={accountList} />}
          <ClientTabs clientId={key} />
          <AuditHistory type="client" id={key} />
        </Stack>
      ) : (
        <Alert severity="error" sx={{ m: 2 }}>
          {translate('client.errors.userIdUnavailable')}
        </Alert>
      )}
    </Drawer>
  );
}
