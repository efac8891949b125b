import type { ReactNode } from 'react';
import { Alert, Box, Button, Drawer, IconButton, LinearProgress, Stack, Tooltip, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useLocaleState, useTranslate } from 'ra-core';
import type { AuditDetail } from '../../domain/audit';
import { formatLocaleDateTime } from '../engine/format';
import type { DrawerProps } from '../engine/types';
import { actionKey, targetTypeKey } from './actions';
import { useAuditDetail } from './api';
import { AuditDiff } from './AuditDiff';
import { AuditTimeline } from './AuditTimeline';
import { useTenantZone } from '../engine/timeZone';
import { withRequestId } from '../../dataProvider/errorText';

const GRID_SX = {
  m: 0,
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(180px, 1fr))' },
  '& dt': { typography: 'caption', color: 'text.secondary' },
  '& dd': { m: 0, mt: 0.5, typography: 'body2', overflowWrap: 'anywhere' },
} as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Summary({ row }: { row: AuditDetail }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const zone = useTenantZone();
  const t = (key: string) => translate(`resources.audit_log.fields.${key}`);
  const target = row.resource
    ? `${translate(targetTypeKey(row.resource), { _: row.resource })}${row.target_id ? ` #${row.target_id}` : ''}`
    : '—';
  const items: [string, string][] = [
    [t('at'), formatLocaleDateTime(row.at, locale, zone)],
    [t('username'), row.username ?? translate('resources.audit_log.detail.nobody')],
    [t('action'), translate(actionKey(row.action), { _: row.action })],
    [translate('resources.audit_log.detail.target'), target],
    [t('result'), translate(`resources.audit_log.result_values.${row.result}`)],
    [t('ip'), row.ip ?? '—'],
    [t('request_id'), row.request_id ?? '—'],
    [t('origin'), translate(`resources.audit_log.origin_values.${row.origin}`)],
    [t('db_role'), row.db_role ?? '—'],
  ];
  return (
    <>
      {row.origin === 'outside_api' && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="audit-outside-api">
          {translate('resources.audit_log.detail.outsideApi', { role: row.db_role ?? '—' })}
        </Alert>
      )}
      <Box component="dl" sx={GRID_SX} data-testid="audit-summary">
        {items.map(([label, value]) => (
          <Box key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>
      {row.detail && (
        <Typography variant="body2" sx={{ mt: 2, overflowWrap: 'anywhere' }} data-testid="audit-detail-text">
          {row.detail}
        </Typography>
      )}
      {row.seq !== null && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {translate('resources.audit_log.detail.chain', { seq: row.seq })} · {row.hash}
        </Typography>
      )}
    </>
  );
}

/** An audit row's drawer: who did what to which target and when, what changed (before/after), the target's history. */
export default function AuditDrawer({ id, onClose }: DrawerProps) {
  const translate = useTranslate();
  const detail = useAuditDetail(id);
  const row = detail.data;
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: '50%' } }, 'data-testid': 'audit-drawer' } as object }}
    >
      <Stack
        direction="row"
        alignItems="center"
        sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider', position: 'sticky', top: 0, zIndex: 1 }}
        bgcolor="background.paper"
      >
        <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 0 }} noWrap>
          {translate('resources.audit_log.detail.title', { id: String(id) })}
        </Typography>
        <Tooltip title={translate('resources.audit_log.detail.close')}>
          <IconButton aria-label={translate('resources.audit_log.detail.close')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      {detail.isLoading && <LinearProgress />}
      {detail.error ? (
        <Alert
          severity="error"
          sx={{ m: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void detail.refetch()}>
              {translate('resources.audit_log.detail.retry')}
            </Button>
          }
        >
          {withRequestId(translate, detail.error, translate('resources.audit_log.detail.loadFailed'))}
        </Alert>
      ) : (
        row && (
          <Stack spacing={3} sx={{ p: 2 }}>
            <Summary row={row} />
            <Section title={translate('resources.audit_log.detail.changes')}>
              <AuditDiff before={row.before} after={row.after} />
            </Section>
            <Section title={translate('resources.audit_log.detail.history')}>
              {row.history.length ? (
                <>
                  <AuditTimeline rows={row.history} current={row.id} />
                  {row.history_truncated && (
                    <Typography variant="caption" color="text.secondary">
                      {translate('resources.audit_log.detail.truncated', { count: row.history.length })}
                    </Typography>
                  )}
                </>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {translate('resources.audit_log.detail.noHistory')}
                </Typography>
              )}
            </Section>
          </Stack>
        )
      )}
    </Drawer>
  );
}
