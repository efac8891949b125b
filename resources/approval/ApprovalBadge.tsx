import Chip from '@mui/material/Chip';
import { useTranslate } from 'ra-core';
import { useApprovalCount } from './useApprovalCount';

/** The side menu's count of approvals waiting for the signed-in staff member; nothing when none. */
export default function ApprovalBadge() {
  const translate = useTranslate();
  const { data } = useApprovalCount();
  if (!data?.total) return null;
  return (
    <Chip
      size="small"
      color="error"
      label={data.total > 99 ? '99+' : data.total}
      aria-label={translate('shell.approvalsWaiting', { count: data.total })}
      data-testid="approval-badge"
      sx={{ height: 20, ml: 0.5, '& .MuiChip-label': { px: 0.75, fontSize: 12 } }}
    />
  );
}
