import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  FormControl,
  IconButton,
  InputLabel,
  LinearProgress,
  MenuItem,
  Paper,
  Select,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { pathOf } from '../../domain/entity';
import {
  CHANNEL_KINDS,
  SERVICE_MAX,
  service,
  serviceProblems,
  type ChannelKind,
  type ServiceConfig,
  type ServiceDoc,
} from '../../domain/service';
import { errorText, fieldErrorTexts } from '../../dataProvider/errorText';
import { useConsoleDataProvider } from '../../dataProvider/useConsoleDataProvider';
import { usePermissionPayload } from '../../src/permissions/useCan';
import { ResourceList } from '../engine/ResourceList';
import { formatLocaleDateTime } from '../engine/format';
import { useAllowed } from '../engine/useAllowed';
import type { ViewProps } from '../engine/types';
import { leaderFilterChoices } from '../staffChoices';
import { useTenantZone } from '../engine/timeZone';

const t = (key: string) => `resources.service.editor.${key}`;
/** The scope the editor shows: the default, or a team by its leader's id. */
type Scope = 'default' | number;
const DEFAULT: Scope = 'default';

const pathOfScope = (scope: Scope) => (scope === DEFAULT ? service.paths.default : pathOf(service.paths.team, scope));

/**
 * The editor of one configuration: channels (kind, value, label; add and remove) and the 7 weekdays (open or
 * closed, from, to), checked with the API's rules (domain/service.ts) before saving; the API's field errors show
 * under their inputs too.
 */
function Editor({
  scope,
  config,
  editable,
  teamName,
  onSaved,
}: {
  scope: Scope;
  config: ServiceConfig;
  editable: boolean;
  teamName: string;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const zone = useTenantZone();
  const dataProvider = useConsoleDataProvider();
  const [doc, setDoc] = useState<ServiceDoc>({ channels: config.channels, hours: config.hours });
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [asking, setAsking] = useState(false);
  const problems = useMemo(() => serviceProblems(doc), [doc]);
  const errorOf = (path: string): string | undefined =>
    serverErrors[path] ?? (tried && problems[path] ? translate(`errors.field.${problems[path]}`) : undefined);

  const save = useMutation({
    mutationFn: (body: ServiceDoc) => dataProvider.call<ServiceConfig>(pathOfScope(scope), { method: 'PUT', body }),
    onSuccess: () => {
      notify(t('saved'), { type: 'success' });
      setServerErrors({});
      onSaved();
    },
    onError: (err) => {
      setServerErrors(fieldErrorTexts(translate, err) ?? {});
      const text = errorText(translate, err);
      notify(text, { type: 'error', messageArgs: { _: text } });
    },
  });
  const reset = useMutation({
    mutationFn: () => dataProvider.call<ServiceConfig>(pathOfScope(scope), { method: 'DELETE' }),
    onSuccess: () => {
      notify(t('resetDone'), { type: 'success' });
      onSaved();
    },
    onError: (err) => {
      const text = errorText(translate, err);
      notify(text, { type: 'error', messageArgs: { _: text } });
    },
  });

  const submit = () => {
    setTried(true);
    if (Object.keys(problems).length) {
      notify(t('fixErrors'), { type: 'warning' });
      return;
    }
    save.mutate(doc);
  };
  const setChannel = (i: number, patch: Partial<ServiceDoc['channels'][number]>) =>
    setDoc((d) => ({ ...d, channels: d.channels.map((c, j) => (j === i ? { ...c, ...patch } : c)) }));
  const setHours = (i: number, patch: Partial<ServiceDoc['hours'][number]>) =>
    setDoc((d) => ({ ...d, hours: d.hours.map((h, j) => (j === i ? { ...h, ...patch } : h)) }));

  return (
    <Stack spacing={2}>
      {scope !== DEFAULT && (
        <Alert severity="info" sx={{ py: 0 }}>
          {translate(t(config.id === null ? 'usesDefault' : 'ownConfig'))}
        </Alert>
      )}
      {!editable && (
        <Alert severity="info" sx={{ py: 0 }}>
          {translate(t('readOnly'))}
        </Alert>
      )}
      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {translate(t('channels'))}
        </Typography>
        {doc.channels.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate(t('noChannels'))}
          </Typography>
        )}
        <Stack spacing={1.5}>
          {doc.channels.map((c, i) => (
            <Stack
              key={i}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'flex-start' } }}
              data-testid="service-channel"
            >
              <TextField
                select
                size="small"
                label={translate(t('kind'))}
                value={c.kind}
                disabled={!editable}
                onChange={(e) => setChannel(i, { kind: e.target.value as ChannelKind })}
                sx={{ minWidth: 150 }}
                error={!!errorOf(`channels.${i}.kind`)}
              >
                {CHANNEL_KINDS.map((k) => (
                  <MenuItem key={k} value={k}>
                    {translate(`resources.service.kinds.${k}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label={translate(t('value'))}
                value={c.value}
                disabled={!editable}
                onChange={(e) => setChannel(i, { value: e.target.value })}
                error={!!errorOf(`channels.${i}.value`)}
                helperText={errorOf(`channels.${i}.value`) ?? translate(t(`hint.${c.kind}`))}
                slotProps={{ htmlInput: { maxLength: SERVICE_MAX.value } }}
                sx={{ flex: 2, minWidth: 0 }}
              />
              <TextField
                size="small"
                label={translate(t('label'))}
                value={c.label ?? ''}
                disabled={!editable}
                onChange={(e) => setChannel(i, { label: e.target.value })}
                error={!!errorOf(`channels.${i}.label`)}
                helperText={errorOf(`channels.${i}.label`)}
                slotProps={{ htmlInput: { maxLength: SERVICE_MAX.label } }}
                sx={{ flex: 1, minWidth: 0 }}
              />
              {editable && (
                <Tooltip title={translate(t('removeChannel'))}>
                  <IconButton
                    aria-label={translate(t('removeChannel'))}
                    onClick={() => setDoc((d) => ({ ...d, channels: d.channels.filter((_, j) => j !== i) }))}
                    sx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' } }}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
              )}
            </Stack>
          ))}
        </Stack>
        {editable && doc.channels.length < SERVICE_MAX.channels && (
          <Button
            startIcon={<AddIcon />}
            sx={{ mt: 1 }}
            onClick={() =>
              setDoc((d) => ({ ...d, channels: [...d.channels, { kind: 'chat', value: '', label: null }] }))
            }
            data-testid="service-add-channel"
          >
            {translate(t('addChannel'))}
          </Button>
        )}
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3">
          {translate(t('hours'))}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate(t('timeZone'), { zone: config.time_zone })}
        </Typography>
        <Stack spacing={1}>
          {doc.hours.map((h, i) => (
            <Stack
              key={h.day}
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
              data-testid={`service-hours-${h.day}`}
            >
              <Typography variant="body2" sx={{ width: 64, flexShrink: 0 }}>
                {translate(`resources.service.days.${h.day}`)}
              </Typography>
              <Switch
                size="small"
                checked={!h.closed}
                disabled={!editable}
                onChange={(e) => setHours(i, { closed: !e.target.checked })}
                slotProps={{
                  input: { 'aria-label': `${translate(`resources.service.days.${h.day}`)} ${translate(t('open'))}` },
                }}
              />
              {h.closed ? (
                <Typography variant="body2" color="text.secondary">
                  {translate(t('closed'))}
                </Typography>
              ) : (
                <>
                  <TextField
                    size="small"
                    label={translate(t('from'))}
                    value={h.open}
                    disabled={!editable}
                    onChange={(e) => setHours(i, { open: e.target.value.trim() })}
                    error={!!errorOf(`hours.${i}.open`)}
                    placeholder="HH:mm"
                    sx={{ width: 88 }}
                    slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 5, inputMode: 'numeric' } }}
                    data-testid={`service-open-${h.day}`}
                  />
                  <TextField
                    size="small"
                    label={translate(t('to'))}
                    value={h.close}
                    disabled={!editable}
                    onChange={(e) => setHours(i, { close: e.target.value.trim() })}
                    error={!!errorOf(`hours.${i}.close`)}
                    placeholder="HH:mm"
                    sx={{ width: 88 }}
                    slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 5, inputMode: 'numeric' } }}
                    data-testid={`service-close-${h.day}`}
                  />
                  {(errorOf(`hours.${i}.open`) ?? errorOf(`hours.${i}.close`)) && (
                    <Typography variant="caption" color="error">
                      {errorOf(`hours.${i}.open`) ?? errorOf(`hours.${i}.close`)}
                    </Typography>
                  )}
                </>
              )}
            </Stack>
          ))}
        </Stack>
      </Box>
      {config.updated_at && (
        <Typography variant="caption" color="text.secondary">
          {translate(t('updated'), {
            who: config.updated_by_name ?? '-',
            when: formatLocaleDateTime(config.updated_at, locale, zone),
          })}
        </Typography>
      )}
      {editable && (
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={submit} disabled={save.isPending} data-testid="service-save">
            {translate(t('save'))}
          </Button>
          {scope !== DEFAULT && config.id !== null && (
            <Button onClick={() => setAsking(true)} disabled={reset.isPending} data-testid="service-reset">
              {translate(t('reset'))}
            </Button>
          )}
        </Stack>
      )}
      <Confirm
        isOpen={asking}
        title={t('resetTitle')}
        content={t('resetConfirm')}
        translateOptions={{ name: teamName }}
        confirm="ra.action.confirm"
        onConfirm={() => {
          setAsking(false);
          reset.mutate();
        }}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
}

/**
 * The customer-service page: which configuration to edit (the default, or a team: supervisors and administrators
 * every team leader's, a team leader his own), its editor, and below the list of saved configurations.
 */
export default function ServicePage({ config }: ViewProps) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const dataProvider = useConsoleDataProvider();
  const queryClient = useQueryClient();
  const payload = usePermissionPayload();
  const leaderOnly = !!payload?.roles.includes('superman');
  const mayUpdate = useAllowed(config, { action: 'update' });
  const [scope, setScope] = useState<Scope>(DEFAULT);
  const leaders = useQuery({
    queryKey: ['service', 'leaders', leaderOnly],
    queryFn: async () => {
      const all = await leaderFilterChoices({ http: (path, options) => dataProvider.call(path, options) });
      // a team leader: his own team only
      return leaderOnly ? all.filter((l) => l.id === payload?.userId) : all;
    },
    retry: false,
  });
  const current = useQuery({
    queryKey: ['service', 'config', scope],
    queryFn: () => dataProvider.call<ServiceConfig>(pathOfScope(scope)),
    retry: false,
  });
  useEffect(() => {
    // a team leader opens on his own team
    if (leaderOnly && payload?.userId && scope === DEFAULT) setScope(payload.userId);
    // only once, when the permissions arrive
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [leaderOnly, payload?.userId]);
  const teamName = (id: Scope) =>
    id === DEFAULT ? '' : (leaders.data?.find((l) => l.id === id)?.name.replace(/ \(.*\)$/, '') ?? String(id));
  const editable = mayUpdate && !(scope === DEFAULT && leaderOnly);
  const saved = () => {
    void queryClient.invalidateQueries({ queryKey: ['service', 'config'] });
    refresh();
  };

  return (
    <Box sx={{ minWidth: 0 }}>
      <Paper variant="outlined" sx={{ p: 2, mt: 1, mb: 1 }} data-testid="service-editor">
        <FormControl size="small" sx={{ minWidth: 240, maxWidth: '100%', mb: 2 }}>
          <InputLabel id="service-scope-label">{translate(t('scope'))}</InputLabel>
          <Select
            labelId="service-scope-label"
            label={translate(t('scope'))}
            value={String(scope)}
            onChange={(e) => setScope(e.target.value === DEFAULT ? DEFAULT : Number(e.target.value))}
            data-testid="service-scope"
          >
            <MenuItem value={DEFAULT}>{translate(t('default'))}</MenuItem>
            {(leaders.data ?? []).map((l) => (
              <MenuItem key={l.id} value={String(l.id)}>
                {translate(t('team'), { name: l.name })}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        {current.error ? (
          <Alert severity="error">{errorText(translate, current.error, t('loadFailed'))}</Alert>
        ) : !current.data ? (
          <LinearProgress />
        ) : (
          <Editor
            // a new scope or a saved answer starts the form again
            key={`${String(scope)}:${current.data.updated_at ?? ''}:${current.data.id ?? ''}`}
            scope={scope}
            config={current.data}
            editable={editable}
            teamName={teamName(scope)}
            onSaved={saved}
          />
        )}
      </Paper>
      <ResourceList config={config} />
    </Box>
  );
}
