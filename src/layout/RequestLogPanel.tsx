import { useEffect, useState } from 'react';
import { useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { addRequestListener } from '../services';
import { isDevLogEnabled, requestLog, useRequestLog, type RequestLog } from '../state/requestLog';

/**
 * The developer request log (spec section 2): method, path, status and time of the last 400 API calls.
 * Off by default; a developer turns it on with localStorage 'bo.devlog' = '1'. Renders nothing otherwise.
 */
export function RequestLogPanel({
  log = requestLog,
  enabled = isDevLogEnabled(),
}: {
  log?: RequestLog;
  enabled?: boolean;
}) {
  useEffect(() => (enabled ? addRequestListener((e) => log.add(e)) : undefined), [enabled, log]);
  if (!enabled) return null;
  return <RequestLogView log={log} />;
}

function RequestLogView({ log }: { log: RequestLog }) {
  const translate = useTranslate();
  const rows = useRequestLog(log);
  const [open, setOpen] = useState(false);
  return (
    <Paper
      data-testid="request-log"
      elevation={6}
      sx={{
        position: 'fixed',
        right: 8,
        bottom: 8,
        zIndex: (t) => t.zIndex.snackbar,
        width: open ? 'min(640px, calc(100vw - 16px))' : 'auto',
        fontSize: 12,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1 }}>
        <Button size="small" onClick={() => setOpen((o) => !o)}>
          {translate('shell.devlog.title')} ({rows.length})
        </Button>
        {open && (
          <Button size="small" onClick={() => log.clear()}>
            {translate('shell.devlog.clear')}
          </Button>
        )}
      </Box>
      {open && (
        <Box sx={{ maxHeight: 280, overflow: 'auto', px: 1, pb: 1 }}>
          {rows.length === 0 ? (
            <Typography variant="caption">{translate('shell.devlog.empty')}</Typography>
          ) : (
            <Box
              component="table"
              sx={{
                width: '100%',
                borderCollapse: 'collapse',
                '& td, & th': { px: 0.5, textAlign: 'left', whiteSpace: 'nowrap' },
              }}
            >
              <thead>
                <tr>
                  <th>{translate('shell.devlog.method')}</th>
                  <th>{translate('shell.devlog.path')}</th>
                  <th>{translate('shell.devlog.status')}</th>
                  <th>{translate('shell.devlog.time')}</th>
                </tr>
              </thead>
              <tbody>
                {[...rows].reverse().map((r) => (
                  <Box
                    component="tr"
                    key={r.id}
                    sx={{ color: r.status >= 400 || r.status === 0 ? 'error.main' : 'inherit' }}
                  >
                    <td>{r.method}</td>
                    <td style={{ maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis' }}>{r.path}</td>
                    <td>{r.status || '—'}</td>
                    <td>{r.ms} ms</td>
                  </Box>
                ))}
              </tbody>
            </Box>
          )}
        </Box>
      )}
    </Paper>
  );
}
