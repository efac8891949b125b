import { useState } from 'react';
import { Alert, Box, Chip, FormControlLabel, LinearProgress, Paper, Stack, Switch, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, CreateButton, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { PendingChangeAnswer } from '../../domain/approval';
import { ipAccess, type IpAccessStatus } from '../../domain/ip-access';
import { errorText } from '../../dataProvider/errorText';
import { useConsoleDataProvider } from '../../dataProvider/useConsoleDataProvider';
import { ResourceList } from '../engine/ResourceList';
import { useAllowed } from '../engine/useAllowed';
import type { ViewProps } from '../engine/types';

const t = (key: string) => `resources.ip_access.status.${key}`;
/** The status query's key; a list refresh (react-admin's, after a create or delete) reads it again too. */
const STATUS_KEY = ['ip_access', 'status'];

/**
 * The switch of the allow-list with its state and the caller's own address (GET/PUT status): turning it on or off
 * asks first, then opens a change for a second administrator (202 pending_approval: said so, the switch stays as it
 * is until approved); the API refuses turning it on when no entry holds the caller's address (ip_self_lockout,
 * shown). The changes awaiting review are counted here.
 */
function StatusPanel({ config }: ViewProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useConsoleDataProvider();
  const queryClient = useQueryClient();
  const mayUpdate = useAllowed(config, { action: 'update' });
  const mayCreate = useAllowed(config, { action: 'create' });
  const [asking, setAsking] = useState<boolean | null>(null);
  const status = useQuery({
    queryKey: STATUS_KEY,
    queryFn: () => dataProvider.call<IpAccessStatus>(ipAccess.paths.status),
    retry: false,
  });
  const save = useMutation({
    mutationFn: (enabled: boolean) =>
      dataProvider.call<IpAccessStatus | PendingChangeAnswer>(ipAccess.paths.status, {
        method: 'PUT',
        body: { enabled },
      }),
    onSuccess: (answer) => {
      if ('pending_approval' in answer) {
        notify('engine.action.awaitingReview', { type: 'info' });
        void queryClient.invalidateQueries({ queryKey: STATUS_KEY });
      } else {
        queryClient.setQueryData(STATUS_KEY, answer);
        notify(t(answer.enabled ? 'turnedOn' : 'turnedOff'), { type: 'success' });
      }
      refresh();
    },
    onError: (err) => {
      const text = errorText(translate, err);
      notify(text, { type: 'error', messageArgs: { _: text } });
    },
  });

  if (status.error) {
    return (
      <Alert severity="error" sx={{ mb: 1 }}>
        {errorText(translate, status.error, t('loadFailed'))}
      </Alert>
    );
  }
  const s = status.data;
  if (!s) return <LinearProgress sx={{ mb: 1 }} />;
  const confirm = () => {
    const enabled = asking;
    setAsking(null);
    if (enabled !== null) save.mutate(enabled);
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 1 }} data-testid="ip-access-status">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1, sm: 3 }}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <FormControlLabel
          sx={{ mr: 0 }}
          label={
            <Typography component="span" sx={{ fontWeight: 500 }}>
              {translate(t('switch'))}
            </Typography>
          }
          control={
            <Switch
              checked={s.enabled}
              disabled={!mayUpdate || save.isPending}
              onChange={(e) => setAsking(e.target.checked)}
              data-testid="ip-access-switch"
            />
          }
        />
        <Chip
          size="small"
          color={s.enabled ? 'success' : 'default'}
          label={translate(t(s.enabled ? 'on' : 'off'))}
          data-testid="ip-access-state"
        />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary" component="span">
            {translate(t('yourIp'))}
          </Typography>
          <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace' }} data-testid="ip-access-your-ip">
            {s.your_ip}
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            color={s.your_ip_allowed ? 'success' : 'warning'}
            label={translate(t(s.your_ip_allowed ? 'covered' : 'notCovered'))}
          />
        </Box>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {translate(t(s.enabled ? 'hintOn' : s.your_ip_allowed ? 'hintOff' : 'hintAddFirst'), { ip: s.your_ip })}
      </Typography>
      {s.pending_changes > 0 && (
        <Alert severity="info" sx={{ mt: 1 }} data-testid="ip-access-pending">
          {translate(t('pending'), { count: s.pending_changes })}
        </Alert>
      )}
      {/* An empty list shows no toolbar: the first entry is added from here. */}
      {s.entries === 0 && mayCreate && (
        <CreateButton label={t('addFirst')} variant="contained" sx={{ mt: 1 }} data-testid="ip-access-add-first" />
      )}
      <Confirm
        isOpen={asking !== null}
        title={t(asking ? 'confirmOnTitle' : 'confirmOffTitle')}
        content={t(asking ? 'confirmOn' : 'confirmOff')}
        translateOptions={{ ip: s.your_ip }}
        confirm="ra.action.confirm"
        onConfirm={confirm}
        onClose={() => setAsking(null)}
      />
    </Paper>
  );
}

/** The allow-list page: the switch above the generated list of entries. */
export default function IpAccessList({ config }: ViewProps) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ mt: 1 }}>
        <StatusPanel config={config} />
      </Box>
      <ResourceList config={config} />
    </Box>
  );
}
