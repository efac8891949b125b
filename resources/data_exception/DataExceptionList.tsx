import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import EditIcon from '@mui/icons-material/Edit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import {
  CHECK_LABELS,
  DATA_EXCEPTION_LIMITS,
  dataException,
  type DataExceptionRun,
  type DataExceptionStatus,
} from '../../domain/data-exception';
import type { Language } from '../../domain/entity';
import { errorText } from '../../dataProvider/errorText';
import { useConsoleDataProvider } from '../../dataProvider/useConsoleDataProvider';
import { ResourceList } from '../engine/ResourceList';
import { formatLocaleDateTime } from '../engine/format';
import { useAllowed } from '../engine/useAllowed';
import type { ViewProps } from '../engine/types';
import { useTenantZone } from '../engine/timeZone';

const t = (key: string) => `resources.data_exception.${key}`;
/** The status query's key (the drawer's actions refresh it with the list). */
export const STATUS_KEY = ['data_exception', 'status'];
/** How often the panel reads the progress of a running run. */
const POLL_MS = 1000;

const RUN_TONES = { running: 'info', done: 'success', failed: 'error' } as const;

/** The totals of a finished run. */
const totals = (run: DataExceptionRun) =>
  run.results.reduce((s, r) => ({ found: s.found + r.found, new: s.new + r.new }), { found: 0, new: 0 });

/** One check's outcome in a run, as a chip. */
function ResultChip({ result, lang }: { result: DataExceptionRun['results'][number]; lang: Language }) {
  const translate = useTranslate();
  const check = CHECK_LABELS[result.check]?.[lang] ?? result.check;
  const text =
    result.status === 'pending'
      ? translate(t('run.resultPending'), { check })
      : result.status === 'failed'
        ? translate(t('run.resultFailed'), { check })
        : translate(t('run.result'), { check, found: result.found, new: result.new });
  const color = result.status === 'failed' ? 'error' : result.found > 0 ? 'warning' : 'default';
  return <Chip size="small" variant="outlined" color={color} label={text} data-testid={`run-result-${result.check}`} />;
}

/** The dialog that changes the pending threshold (same rule as the API: a whole number of hours, 1 to 720). */
function ThresholdDialog({ hours, onClose }: { hours: number; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useConsoleDataProvider();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(String(hours));
  const [touched, setTouched] = useState(false);
  const { min, max } = DATA_EXCEPTION_LIMITS.pendingHours;
  const valid = /^\d{1,3}$/.test(value.trim()) && Number(value) >= min && Number(value) <= max;
  const save = useMutation({
    mutationFn: () =>
      dataProvider.call<DataExceptionStatus>(dataException.paths.config, {
        method: 'PUT',
        body: { pending_hours: Number(value) },
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(STATUS_KEY, answer);
      notify(t('config.saved'), { type: 'success' });
      onClose();
    },
    onError: (err) => {
      const text = errorText(translate, err);
      notify(text, { type: 'error', messageArgs: { _: text } });
    },
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate(t('config.title'))}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={translate(t('config.hours'))}
          value={value}
          inputMode="numeric"
          onChange={(e) => setValue(e.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && !valid}
          helperText={translate(t(touched && !valid ? 'config.invalid' : 'config.hint'))}
          slotProps={{ htmlInput: { 'data-testid': 'threshold-input' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('engine.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={save.isPending}
          onClick={() => (valid ? save.mutate() : setTouched(true))}
          data-testid="threshold-save"
        >
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The checks' panel: run now (permission create), the latest run with its progress while it runs (read every second)
 * and its counts per check when done, the schedule, and the pending threshold (changed with permission config).
 * When a run this page watched finishes, the list is read again and the totals are announced.
 */
function RunPanel({ config }: ViewProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [locale] = useLocaleState();
  const zone = useTenantZone();
  const lang: Language = locale === 'en-US' ? 'en-US' : 'zh-CN';
  const dataProvider = useConsoleDataProvider();
  const queryClient = useQueryClient();
  const mayRun = useAllowed(config, { action: 'create' });
  const mayConfig = useAllowed(config, { action: 'config' });
  const [editing, setEditing] = useState(false);
  const status = useQuery({
    queryKey: STATUS_KEY,
    queryFn: () => dataProvider.call<DataExceptionStatus>(dataException.paths.status),
    retry: false,
    refetchInterval: (q) => (q.state.data?.runs[0]?.status === 'running' ? POLL_MS : false),
  });
  const latest = status.data?.runs[0];
  const running = latest?.status === 'running';
  // A run seen running here and then finished: read the list again and say what it found.
  const watched = useRef<number | null>(null);
  useEffect(() => {
    if (!latest) return;
    if (latest.status === 'running') watched.current = latest.id;
    else if (watched.current === latest.id) {
      watched.current = null;
      refresh();
      if (latest.status === 'done') notify(t('run.finished'), { type: 'success', messageArgs: totals(latest) });
      else notify(t('run.failedRun'), { type: 'warning' });
    }
  }, [latest, notify, refresh]);
  const start = useMutation({
    mutationFn: () => dataProvider.call<DataExceptionRun>(dataException.paths.run, { method: 'POST' }),
    onSuccess: (run) => {
      watched.current = run.id;
      notify(t('run.started'), { type: 'info' });
      void queryClient.invalidateQueries({ queryKey: STATUS_KEY });
    },
    onError: (err) => {
      const text = errorText(translate, err);
      notify(text, { type: 'error', messageArgs: { _: text } });
    },
  });

  if (status.error) {
    return (
      <Alert severity="error" sx={{ mb: 1 }}>
        {errorText(translate, status.error, t('run.loadFailed'))}
      </Alert>
    );
  }
  const s = status.data;
  if (!s) return <LinearProgress sx={{ mb: 1 }} />;
  const who = latest
    ? latest.trigger === 'schedule'
      ? translate(t('run.bySchedule'))
      : translate(t('run.byManual'), { name: latest.started_by_name ?? '—' })
    : '';
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 1 }} data-testid="data-exception-panel">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1, sm: 2 }}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, flexWrap: 'wrap' }}
      >
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 500 }}>
          {translate(t('run.title'))}
        </Typography>
        {mayRun && (
          <Button
            variant="contained"
            size="small"
            startIcon={<PlayArrowIcon />}
            disabled={running || start.isPending}
            onClick={() => start.mutate()}
            data-testid="data-exception-run"
          >
            {translate(t('run.runNow'))}
          </Button>
        )}
        {latest ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Chip
              size="small"
              color={RUN_TONES[latest.status]}
              label={translate(t(`run.status.${latest.status}`))}
              data-testid="data-exception-run-status"
            />
            <Typography variant="body2" color="text.secondary" component="span">
              {translate(t('run.last'), { time: formatLocaleDateTime(latest.started_at, locale, zone), who })}
            </Typography>
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate(t('run.never'))}
          </Typography>
        )}
      </Stack>
      {running && latest && (
        <Box sx={{ mt: 1 }} data-testid="data-exception-progress">
          <Typography variant="body2">
            {translate(t('run.running'), { done: latest.checks_done, total: latest.checks_total })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={(100 * latest.checks_done) / Math.max(1, latest.checks_total)}
            sx={{ mt: 0.5 }}
          />
        </Box>
      )}
      {latest && (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 1 }} data-testid="data-exception-results">
          {latest.results.map((r) => (
            <ResultChip key={r.check} result={r} lang={lang} />
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        <Typography variant="body2" color="text.secondary" data-testid="data-exception-threshold">
          {translate(t('config.pending'), { hours: s.pending_hours })}
        </Typography>
        {mayConfig && (
          <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing(true)} data-testid="threshold-edit">
            {translate(t('config.edit'))}
          </Button>
        )}
        <Typography variant="body2" color="text.secondary">
          {s.schedule_minutes > 0
            ? translate(t('run.schedule'), { minutes: s.schedule_minutes })
            : translate(t('run.noSchedule'))}
        </Typography>
      </Box>
      {editing && <ThresholdDialog hours={s.pending_hours} onClose={() => setEditing(false)} />}
    </Paper>
  );
}

/** The data-exception page: the checks' panel above the generated list of findings. */
export default function DataExceptionList({ config }: ViewProps) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ mt: 1 }}>
        <RunPanel config={config} />
      </Box>
      <ResourceList config={config} />
    </Box>
  );
}
