import { lazy, Suspense, useState } from 'react';
import { Alert, Box, Button, Drawer, IconButton, LinearProgress, Stack, Tooltip, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import {
  dataException,
  DETAIL_LABELS,
  LEDGER_RULE_LABELS,
  DETAIL_VALUE_LABELS,
  type DataExceptionDetail,
} from '../../domain/data-exception';
import { pathOf, type Language } from '../../domain/entity';
import { errorText } from '../../dataProvider/errorText';
import { useConsoleDataProvider } from '../../dataProvider/useConsoleDataProvider';
import { FieldValue } from '../engine/FieldValue';
import { formatLocaleDateTime } from '../engine/format';
import { RowActions } from '../engine/RowActions';
import { fieldLabel } from '../engine/schema';
import type { DrawerProps, ResourceConfig } from '../engine/types';
import { dataExceptionConfig, type DataExceptionRecord } from './index';
import { useTenantZone } from '../engine/timeZone';

/** The client drawer, loaded when a finding's client is first opened. */
const ClientDrawer = lazy(() => import('../client/ClientDrawer'));

const t = (key: string) => `resources.data_exception.drawer.${key}`;
const generic = dataExceptionConfig as unknown as ResourceConfig;

/** The fields of the finding shown above what the check saw, in this order. */
const SHOWN = [
  'check',
  'severity',
  'status',
  'subject_type',
  'subject_id',
  'client_username',
  'first_seen',
  'last_seen',
  'absent_since',
  'assignee_name',
  'resolved_by_name',
  'resolved_at',
  'resolution_note',
];

/**
 * The list page of a finding's subject with the filter that shows it (the record lists filter by client; crypto
 * deposits by hash), or undefined when no page lists it (ledger transactions and entries, accounts: the client's
 * drawer shows those).
 */
export function recordLink(f: DataExceptionDetail): string | undefined {
  const filter = (path: string, value: Record<string, unknown>) =>
    `${path}?filter=${encodeURIComponent(JSON.stringify(value))}`;
  const byClient = (path: string) => (f.client_id ? filter(path, { client_id: f.client_id }) : undefined);
  switch (f.subject_type) {
    case 'deposit':
      return byClient('/deposit');
    case 'withdrawal':
      return byClient('/withdrawal');
    case 'overdrawn': {
      const sub = f.detail.sub_type;
      return sub === 'loan'
        ? byClient('/loan')
        : sub === 'compensation' || sub === 'bonus'
          ? byClient('/compensation')
          : undefined;
    }
    case 'tx_hash':
      return filter('/crypto_deposit', { tx_hash: f.subject_id });
    default:
      return undefined;
  }
}

/** The keys of what a check saw shown first, in this order (the rest after them, as stored). */
const DETAIL_ORDER = [
  'username',
  'reason',
  'agent_name',
  'agent_id',
  'acc_no',
  'sub_type',
  'amount',
  'currency',
  'status',
  'created_at',
  'age_hours',
  'threshold_hours',
  'tx_hash',
  'chains',
  'deposit_ids',
  'other_tenants',
];
const rank = (key: string) => (DETAIL_ORDER.includes(key) ? DETAIL_ORDER.indexOf(key) : DETAIL_ORDER.length);

/** One value of what a check saw, readable: reasons, types, statuses and times in the user's language. */
function detailValue(key: string, value: unknown, lang: Language, locale: string, zone?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' && DETAIL_VALUE_LABELS[key]?.[value]) return DETAIL_VALUE_LABELS[key][value][lang];
  if (/_at$/.test(key) && typeof value === 'string') return formatLocaleDateTime(value, locale, zone);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const GRID_SX = {
  m: 0,
  display: 'grid',
  gap: 1.5,
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(180px, 1fr))' },
  '& dt': { typography: 'caption', color: 'text.secondary' },
  '& dd': { m: 0, mt: 0.25, typography: 'body2', minHeight: 22, overflowWrap: 'anywhere' },
} as const;

/** The finding's content: its fields, the links to its subject, what the check saw. */
function FindingBody({ finding, onOpenClient }: { finding: DataExceptionDetail; onOpenClient: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [locale] = useLocaleState();
  const zone = useTenantZone();
  const lang: Language = locale === 'en-US' ? 'en-US' : 'zh-CN';
  const fields = dataExceptionConfig.fields.filter((f) => SHOWN.includes(f.source));
  fields.sort((a, b) => SHOWN.indexOf(a.source) - SHOWN.indexOf(b.source));
  const link = recordLink(finding);
  const rule = finding.rule ? (LEDGER_RULE_LABELS[finding.rule]?.[lang] ?? finding.rule) : null;
  const detail = Object.entries(finding.detail ?? {}).sort(([a], [b]) => rank(a) - rank(b));
  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      {finding.absent_since && finding.status !== 'resolved' && (
        <Alert severity="info">
          {translate(t('absent'), { time: formatLocaleDateTime(finding.absent_since, locale, zone) })}
        </Alert>
      )}
      {rule && (
        <Typography variant="body1" sx={{ fontWeight: 500 }} data-testid="finding-rule">
          {rule}
        </Typography>
      )}
      <Box component="dl" sx={GRID_SX} data-testid="finding-fields">
        {fields.map((field) => {
          const v = (finding as Record<string, unknown>)[field.source];
          const wide = field.source === 'resolution_note';
          return (
            <Box
              key={field.source}
              sx={wide ? { gridColumn: '1 / -1' } : undefined}
              data-testid={`show-${field.source}`}
            >
              <dt>{translate(fieldLabel(generic, field))}</dt>
              <dd>
                {v === null || v === undefined || v === '' ? (
                  '—'
                ) : (
                  <FieldValue field={field} record={finding as DataExceptionRecord} />
                )}
              </dd>
            </Box>
          );
        })}
      </Box>
      {(finding.client_id || link) && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          {finding.client_id ? (
            <Button
              size="small"
              variant="outlined"
              startIcon={<PersonSearchIcon />}
              onClick={onOpenClient}
              data-testid="finding-open-client"
            >
              {translate(t('openClient'))}
            </Button>
          ) : null}
          {link && (
            <Button
              size="small"
              variant="outlined"
              startIcon={<ReceiptLongIcon />}
              onClick={() => navigate(link)}
              data-testid="finding-open-record"
            >
              {translate(t('openRecord'))}
            </Button>
          )}
        </Stack>
      )}
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {translate(t('detail'))}
        </Typography>
        {detail.length ? (
          <Box component="dl" sx={GRID_SX} data-testid="finding-detail">
            {detail.map(([key, value]) => (
              <Box key={key}>
                <dt>{DETAIL_LABELS[key]?.[lang] ?? key}</dt>
                <dd>{detailValue(key, value, lang, locale ?? 'zh-CN', zone)}</dd>
              </Box>
            ))}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate(t('noDetail'))}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/**
 * A finding in the right-side drawer a row click opens (half the screen, the whole screen on a phone): its fields,
 * the ledger rule, what the check saw, links to the client (its drawer) and to the record's list, and the assign
 * and resolve actions (the list and the drawer read again after each).
 */
export default function DataExceptionDrawer({ id, onClose }: DrawerProps<DataExceptionRecord>) {
  const translate = useTranslate();
  const dataProvider = useConsoleDataProvider();
  const [clientOpen, setClientOpen] = useState(false);
  const query = useQuery({
    queryKey: ['data_exception', 'detail', String(id)],
    queryFn: () => dataProvider.call<DataExceptionDetail>(pathOf(dataException.paths.one, String(id))),
    retry: false,
  });
  const finding = query.data;
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: '50%' } }, 'data-testid': 'finding-drawer' } as object }}
    >
      <Stack
        direction="row"
        alignItems="center"
        spacing={1}
        sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider', position: 'sticky', top: 0, zIndex: 1 }}
        bgcolor="background.paper"
      >
        <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 0 }} noWrap>
          {translate(t('title'), { id: String(id) })}
        </Typography>
        {finding && <RowActions config={generic} record={finding as DataExceptionRecord} />}
        <Tooltip title={translate(t('close'))}>
          <IconButton aria-label={translate(t('close'))} onClick={onClose} data-testid="drawer-close">
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      {query.isPending && <LinearProgress />}
      {query.error ? (
        <Typography color="error" sx={{ p: 2 }}>
          {errorText(translate, query.error, t('loadFailed'))}
        </Typography>
      ) : (
        finding && <FindingBody finding={finding} onOpenClient={() => setClientOpen(true)} />
      )}
      {clientOpen && finding?.client_id && (
        <Suspense fallback={null}>
          <ClientDrawer clientId={finding.client_id} onClose={() => setClientOpen(false)} />
        </Suspense>
      )}
    </Drawer>
  );
}
