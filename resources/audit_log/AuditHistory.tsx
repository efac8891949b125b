import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { auditLog } from '../../domain/audit';
import { resourceChain } from '../../domain/entity';
import { canAny } from '../../permissions/can';
import { usePermissionPayload } from '../../src/permissions/useCan';
import { useAuditHistory } from './api';
import { AuditTimeline } from './AuditTimeline';
import { withRequestId } from '../../dataProvider/errorText';

/** Props of AuditHistory: the target as the audit trail names it (type: the permission resource, e.g. deposit). */
export interface AuditHistoryProps {
  type: string;
  id: string | number;
  /** Shows the title (default true). */
  title?: boolean;
}

/**
 * The history of one record as a timeline (who did what to it, when, with which result), for the record views: the
 * client drawer, a deposit's detail. Only for staff who may read the audit log (administrators); nothing otherwise.
 */
export default function AuditHistory({ type, id, title = true }: AuditHistoryProps) {
  const translate = useTranslate();
  const allowed = canAny(usePermissionPayload()?.grants, resourceChain(auditLog), 'read');
  const history = useAuditHistory(type, id, allowed);
  if (!allowed) return null;
  return (
    <Box component="section" data-testid="audit-history" aria-label={translate('resources.audit_log.history.title')}>
      {title && (
        <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
          {translate('resources.audit_log.history.title')}
        </Typography>
      )}
      {history.error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void history.refetch()}>
              {translate('resources.audit_log.detail.retry')}
            </Button>
          }
        >
          {withRequestId(translate, history.error, translate('resources.audit_log.history.loadFailed'))}
        </Alert>
      ) : !history.data ? (
        <CircularProgress size={20} aria-label={translate('resources.audit_log.detail.loading')} />
      ) : history.data.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.audit_log.history.empty')}
        </Typography>
      ) : (
        <>
          <AuditTimeline rows={history.data.data} />
          {history.data.truncated && (
            <Typography variant="caption" color="text.secondary">
              {translate('resources.audit_log.detail.truncated', { count: history.data.data.length })}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
