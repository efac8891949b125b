import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';

/** A value as short text: strings as they are, the rest as JSON. */
function show(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The fields of a change: every key of before and after, those that differ first. */
export function diffRows(
  before: unknown,
  after: unknown,
): { field: string; before: unknown; after: unknown; changed: boolean }[] {
  if (!isObject(before) && !isObject(after)) {
    if (before == null && after == null) return [];
    return [
      { field: '', before: before ?? undefined, after: after ?? undefined, changed: show(before) !== show(after) },
    ];
  }
  const b = isObject(before) ? before : {};
  const a = isObject(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const rows = keys.map((field) => ({
    field,
    before: b[field],
    after: a[field],
    changed: !isObject(before) || !isObject(after) || show(b[field]) !== show(a[field]),
  }));
  return [...rows.filter((r) => r.changed), ...rows.filter((r) => !r.changed)];
}

/** The before/after of an audit row as a table of fields, the changed ones highlighted. */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const translate = useTranslate();
  const rows = diffRows(before, after);
  if (!rows.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('resources.audit_log.detail.noChanges')}
      </Typography>
    );
  }
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="audit-diff" sx={{ tableLayout: 'fixed', minWidth: 320 }}>
        <TableHead>
          <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
            <TableCell sx={{ width: '24%' }}>{translate('resources.audit_log.detail.field')}</TableCell>
            <TableCell sx={{ width: '38%' }}>{translate('resources.audit_log.detail.before')}</TableCell>
            <TableCell sx={{ width: '38%' }}>{translate('resources.audit_log.detail.after')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow
              key={r.field}
              data-testid={r.changed ? 'audit-diff-changed' : 'audit-diff-same'}
              sx={
                r.changed
                  ? { bgcolor: 'rgba(237, 108, 2, 0.08)', '& td:first-of-type': { fontWeight: 600 } }
                  : undefined
              }
            >
              <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{r.field}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: 12 }}>
                {show(r.before)}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: 12 }}>
                {show(r.after)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
