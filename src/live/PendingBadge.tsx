import type { ComponentType } from 'react';
import Chip from '@mui/material/Chip';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { useConsoleDataProvider } from '../../dataProvider/useConsoleDataProvider';
import { useLiveUp } from './liveStore';
import { pendingKey, PENDING_LISTS } from './pending';

/** How often a count is asked while the live stream is down (while it is up, the events refetch it). */
export const PENDING_POLL_MS = 60_000;

/** How many records of a funds list wait (status pending, in the caller's scope). */
export function usePendingCount(resource: string) {
  const dataProvider = useConsoleDataProvider();
  const live = useLiveUp();
  return useQuery({
    queryKey: pendingKey(resource),
    refetchInterval: live ? false : PENDING_POLL_MS,
    queryFn: async ({ signal }) => {
      const body = await dataProvider.call<{ total?: number }>(PENDING_LISTS[resource], {
        query: { status: 'pending', page: 1, page_size: 1 },
        signal,
      });
      return typeof body?.total === 'number' ? body.total : 0;
    },
  });
}

/** The side menu's count of a funds list's pending records; nothing when none. */
function PendingChip({ resource }: { resource: string }) {
  const translate = useTranslate();
  const { data } = usePendingCount(resource);
  if (!data) return null;
  return (
    <Chip
      size="small"
      color="warning"
      label={data > 99 ? '99+' : data}
      aria-label={translate('live.pending', { count: data })}
      data-testid={`pending-badge-${resource}`}
      sx={{ height: 20, ml: 0.5, '& .MuiChip-label': { px: 0.75, fontSize: 12 } }}
    />
  );
}

const badges = new Map<string, ComponentType>();

/** The menu badge of a funds list (registry `badge`), one component per list. */
export function pendingBadge(resource: string): ComponentType {
  let badge = badges.get(resource);
  if (!badge) {
    badge = function PendingBadge() {
      return <PendingChip resource={resource} />;
    };
    badges.set(resource, badge);
  }
  return badge;
}
