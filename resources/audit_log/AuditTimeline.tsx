import { Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { AuditRow } from '../../domain/audit';
import { actionKey, RESULT_TONES } from './actions';
import { TimeText } from '../engine/timeZone';
import { auditDetailText } from './detailText';

const DOT: Record<string, string> = {
  success: 'success.main',
  failure: 'error.main',
  denied: 'warning.main',
  pending: 'info.main',
};

/**
 * Audit rows as a vertical timeline, oldest first: a dot coloured by the result, the time, the action's name, who and
 * the detail in the UI language (auditDetailText); `current` marks one row (the detail being read).
 */
export function AuditTimeline({ rows, current }: { rows: AuditRow[]; current?: number }) {
  const translate = useTranslate();
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="audit-timeline">
      {rows.map((r, i) => {
        const detail = auditDetailText(r.detail, translate);
        return (
          <Box
            component="li"
            key={r.id}
            data-testid={`audit-timeline-${r.id}`}
            aria-current={r.id === current ? 'true' : undefined}
            sx={{ display: 'flex', gap: 1.5, position: 'relative', pb: i === rows.length - 1 ? 0 : 2 }}
          >
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 0.75 }}>
              <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: DOT[r.result] ?? 'grey.500' }} />
              {i < rows.length - 1 && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', mt: 0.5 }} />}
            </Box>
            <Box
              sx={{
                flex: 1,
                minWidth: 0,
                ...(r.id === current ? { bgcolor: 'action.selected', borderRadius: 1, px: 1, mx: -1 } : {}),
              }}
            >
              <Stack direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {translate(actionKey(r.action), { _: r.action })}
                </Typography>
                {r.result !== 'success' && (
                  <Chip
                    size="small"
                    variant="outlined"
                    color={RESULT_TONES[r.result] === 'warning' ? 'warning' : r.result === 'failure' ? 'error' : 'info'}
                    label={translate(`resources.audit_log.result_values.${r.result}`)}
                  />
                )}
              </Stack>
              <Typography variant="caption" color="text.secondary" component="div">
                <TimeText value={r.at} /> · {r.username ?? translate('resources.audit_log.detail.nobody')}
                {r.ip ? ` · ${r.ip}` : ''}
              </Typography>
              {detail && (
                <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
                  {detail}
                </Typography>
              )}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
