import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  LinearProgress,
  Paper,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { permissionPaths } from '../../domain/permission';
import { narrowGrants, type Grant, type Narrowing } from '../../permissions';
import { errorText, hasErrorCode } from '../../dataProvider/errorText';
import { useConsoleDataProvider } from '../../dataProvider/useConsoleDataProvider';
import { useCan } from '../../src/permissions/useCan';
import { registry } from '../registry';
import { cellState, draftDiff, keyOf, matrixRows, toggle, type CellState, type MatrixRow } from './model';
import { TimeText } from '../engine/timeZone';

/** GET list (server/modules/permission/schemas.ts). */
export interface PermissionList {
  version: number;
  actions: string[];
  roles: {
    role: string;
    name: string;
    grants: Grant[];
    removed: Narrowing[];
    feature_flags: Record<string, boolean>;
  }[];
}

/** GET history. */
export interface PermissionHistory {
  items: {
    version: number;
    role: string;
    removed: Narrowing[];
    restored: Narrowing[];
    changed_by_name: string | null;
    changed_at: string;
  }[];
}

const t = (key: string) => `resources.permission.${key}`;
const LIST_KEY = ['permission', 'list'];
const HISTORY_KEY = ['permission', 'history'];

/**
 * Permissions (spec section 2 "permission"; administrators only): one tab per role, a matrix of the menu's
 * resources (rows, grouped as the menu) × actions (columns). Checked: the role holds it in this tenant; unchecked
 * and enabled: this tenant removed it; disabled: the role never had it, holds it through its menu group (narrow the
 * group), or it is the administrator's own permission page. Saving asks first with the diff; the history of versions
 * is below. Role feature flags and the menu's deployment flags are shown read-only.
 */
export default function PermissionPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useConsoleDataProvider();
  const queryClient = useQueryClient();
  const mayUpdate = useCan('permission', 'update');
  const [role, setRole] = useState('angel');
  const [draft, setDraft] = useState<Narrowing[] | null>(null);
  const [asking, setAsking] = useState(false);
  const rows = useMemo(() => matrixRows(registry), []);

  const list = useQuery({
    queryKey: LIST_KEY,
    queryFn: () => dataProvider.call<PermissionList>(permissionPaths.list),
    retry: false,
  });
  const history = useQuery({
    queryKey: HISTORY_KEY,
    queryFn: () => dataProvider.call<PermissionHistory>(permissionPaths.history, { query: { limit: 20 } }),
    retry: false,
  });
  const current = list.data?.roles.find((r) => r.role === role);
  // A new role or a newly loaded list starts the draft from the saved set.
  useEffect(() => setDraft(null), [role, list.data]);
  const saved = current?.removed ?? [];
  const working = draft ?? saved;
  const diff = draftDiff(saved, working);
  const savedRef = useRef(saved);
  savedRef.current = saved;
  const onToggle = useCallback(
    (resource: string, action: string) => setDraft((d) => toggle(d ?? savedRef.current, resource, action)),
    [],
  );
  const changed = diff.removed.length + diff.restored.length > 0;

  const save = useMutation({
    mutationFn: () =>
      dataProvider.call<{ version: number } | { pending_approval: unknown }>(
        permissionPaths.role.replace('{role}', role),
        { method: 'PUT', body: { removed: working, version: list.data?.version ?? 0 } },
      ),
    onSuccess: (answer) => {
      // a change of a money resource's grants waits for a second administrator (202 pending_approval)
      if ('pending_approval' in answer) {
        notify('engine.action.awaitingReview', { type: 'info' });
        setDraft(null);
      } else notify(t('saved'), { type: 'success', messageArgs: { version: answer.version } });
      void queryClient.invalidateQueries({ queryKey: ['permission'] });
    },
    onError: (err) => {
      const text = errorText(translate, err);
      notify(text, { type: 'error', messageArgs: { _: text } });
      if (hasErrorCode(err, 'permission_version_conflict'))
        void queryClient.invalidateQueries({ queryKey: ['permission'] });
    },
  });

  if (list.error) {
    return <Alert severity="error">{errorText(translate, list.error, t('loadFailed'))}</Alert>;
  }
  const data = list.data;
  if (!data || !current) return <LinearProgress />;

  const label = (n: Narrowing) =>
    `${resourceTitle(translate, rows, n.resource)} · ${translate(t(`actionNames.${n.action}`))}`;
  const effective = { effective: narrowGrants(current.grants, working) };

  return (
    <Box sx={{ maxWidth: '100%' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1, rowGap: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1, minWidth: 200 }}>
          {translate(t('intro'))}
        </Typography>
        <Chip
          size="small"
          label={translate(t('version'), { version: data.version })}
          data-testid="permission-version"
        />
      </Stack>
      <Tabs
        value={role}
        onChange={(_e, value: string) => setRole(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 1 }}
      >
        {data.roles.map((r) => (
          <Tab key={r.role} value={r.role} label={translate(`shell.roles.${r.role}`)} />
        ))}
      </Tabs>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1, rowGap: 1 }}>
        <Typography variant="body2">{translate(t('flags'))}</Typography>
        {Object.entries(current.feature_flags).map(([flag, on]) => (
          <Chip
            key={flag}
            size="small"
            variant="outlined"
            color={on ? 'success' : 'default'}
            label={`${translate(t(`flagNames.${flag.replace('.', '_')}`))}: ${translate(t(on ? 'on' : 'off'))}`}
          />
        ))}
      </Stack>
      <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: { md: 'calc(100vh - 330px)' } }}>
        <Table size="small" stickyHeader aria-label={translate(t('matrix'))}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ position: 'sticky', left: 0, zIndex: 3, bgcolor: 'background.paper', minWidth: 150 }}>
                {translate(t('resource'))}
              </TableCell>
              {data.actions.map((a) => (
                <TableCell key={a} align="center" sx={{ px: 0.5, whiteSpace: 'nowrap' }}>
                  {translate(t(`actionNames.${a}`))}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <MatrixRowView
                key={row.resource}
                row={row}
                actions={data.actions}
                states={data.actions.map((a) => cellState(role, current.grants, effective, row, a))}
                mayUpdate={mayUpdate}
                onToggle={onToggle}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {mayUpdate && (
        <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
          <Button disabled={!changed || save.isPending} onClick={() => setDraft(null)}>
            {translate(t('reset'))}
          </Button>
          <Button variant="contained" disabled={!changed || save.isPending} onClick={() => setAsking(true)}>
            {translate(t('save'))}
          </Button>
        </Stack>
      )}
      <Confirm
        isOpen={asking}
        title={translate(t('confirmTitle'), { role: translate(`shell.roles.${role}`) })}
        content={
          <Box data-testid="permission-diff">
            {diff.removed.length > 0 && (
              <>
                <Typography variant="subtitle2">{translate(t('willRemove'))}</Typography>
                <ul>
                  {diff.removed.map((n) => (
                    <li key={keyOf(n)}>{label(n)}</li>
                  ))}
                </ul>
              </>
            )}
            {diff.restored.length > 0 && (
              <>
                <Typography variant="subtitle2">{translate(t('willRestore'))}</Typography>
                <ul>
                  {diff.restored.map((n) => (
                    <li key={keyOf(n)}>{label(n)}</li>
                  ))}
                </ul>
              </>
            )}
            <Typography variant="body2" color="text.secondary">
              {translate(t('confirmNote'))}
            </Typography>
          </Box>
        }
        onConfirm={() => {
          setAsking(false);
          save.mutate();
        }}
        onClose={() => setAsking(false)}
      />
      <Typography variant="h6" sx={{ mt: 3, mb: 1, fontSize: '1rem' }}>
        {translate(t('history'))}
      </Typography>
      {history.error ? (
        <Alert severity="error">{errorText(translate, history.error)}</Alert>
      ) : !history.data ? (
        <LinearProgress />
      ) : history.data.items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate(t('noHistory'))}
        </Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={translate(t('history'))}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate(t('columns.version'))}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate(t('columns.role'))}</TableCell>
                <TableCell sx={{ minWidth: 200 }}>{translate(t('columns.changes'))}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate(t('columns.by'))}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate(t('columns.at'))}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {history.data.items.map((v) => (
                <TableRow key={v.version}>
                  <TableCell>{v.version}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate(`shell.roles.${v.role}`)}</TableCell>
                  <TableCell>
                    {v.removed.map((n) => (
                      <Chip
                        key={`r${keyOf(n)}`}
                        size="small"
                        color="warning"
                        variant="outlined"
                        sx={{ m: 0.25 }}
                        label={`− ${label(n)}`}
                      />
                    ))}
                    {v.restored.map((n) => (
                      <Chip
                        key={`g${keyOf(n)}`}
                        size="small"
                        color="success"
                        variant="outlined"
                        sx={{ m: 0.25 }}
                        label={`+ ${label(n)}`}
                      />
                    ))}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{v.changed_by_name ?? ''}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <TimeText value={v.changed_at} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

/** One row of the matrix; re-rendered only when its cells' states change. */
const MatrixRowView = memo(
  function MatrixRowView({
    row,
    actions,
    states,
    mayUpdate,
    onToggle,
  }: {
    row: MatrixRow;
    actions: string[];
    states: CellState[];
    mayUpdate: boolean;
    onToggle: (resource: string, action: string) => void;
  }) {
    const translate = useTranslate();
    const title = translate(`menu.${row.name}`);
    return (
      <TableRow hover data-testid={`row-${row.resource}`}>
        <TableCell
          component="th"
          scope="row"
          sx={{
            position: 'sticky',
            left: 0,
            zIndex: 1,
            bgcolor: row.group ? 'grey.100' : 'background.paper',
            pl: 1 + row.depth * 2,
            fontWeight: row.group ? 600 : undefined,
            whiteSpace: 'nowrap',
          }}
        >
          {title}
          {row.hide.length > 0 && (
            <Tooltip title={translate(t('hiddenIn'), { list: row.hide.join(', ') })}>
              <Chip size="small" variant="outlined" label={translate(t('hiddenChip'))} sx={{ ml: 1 }} />
            </Tooltip>
          )}
        </TableCell>
        {actions.map((a, i) => {
          const s = states[i];
          const hint = translate(t(`cell.${s.reason ?? (s.narrowed ? 'narrowed' : 'granted')}`));
          return (
            <TableCell key={a} align="center" sx={{ p: 0 }} title={hint}>
              <Checkbox
                size="small"
                checked={s.granted}
                disabled={!s.editable || !mayUpdate}
                color={s.narrowed ? 'warning' : 'primary'}
                onChange={() => onToggle(row.resource, a)}
                slotProps={{ input: { 'aria-label': `${title} · ${translate(t(`actionNames.${a}`))}` } }}
                data-state={s.narrowed ? 'narrowed' : s.granted ? 'granted' : 'none'}
                disableRipple
                sx={{
                  p: 0.5,
                  ...(s.narrowed ? { outline: '1px dashed', outlineColor: 'warning.main', borderRadius: 1 } : {}),
                }}
              />
            </TableCell>
          );
        })}
      </TableRow>
    );
  },
  (a, b) =>
    a.row === b.row &&
    a.mayUpdate === b.mayUpdate &&
    a.onToggle === b.onToggle &&
    a.actions === b.actions &&
    a.states.every((s, i) => {
      const o = b.states[i];
      return s.granted === o.granted && s.editable === o.editable && s.narrowed === o.narrowed && s.reason === o.reason;
    }),
);

/** A resource's menu title (its first menu entry), else the key itself. */
function resourceTitle(translate: (k: string) => string, rows: MatrixRow[], resource: string): string {
  const row = rows.find((r) => r.resource === resource);
  return row ? translate(`menu.${row.name}`) : resource;
}
