import { useQuery, useQueryClient } from '@tanstack/react-query';
import { approval, type ApprovalCountAnswer } from '../../domain/approval';
import { ApiError } from '../../dataProvider/http';
import { useConsoleDataProvider } from '../../dataProvider/useConsoleDataProvider';
import { useLiveUp } from '../../src/live/liveStore';

/**
 * How often the menu asks for the count while the live stream is down (src/live: while it is up, each change's event
 * refetches it at once, and react-admin's refresh after a change of one's own too).
 */
export const APPROVAL_COUNT_POLL_MS = 60_000;
export const APPROVAL_COUNT_KEY = ['approval', 'count'] as const;

/**
 * What waits for the signed-in staff member (GET count), refetched on the live events of approvals and polled slowly
 * while the stream is down, with If-None-Match: while nothing changed the API answers 304 and the last count stays.
 */
export function useApprovalCount() {
  const dataProvider = useConsoleDataProvider();
  const queryClient = useQueryClient();
  const live = useLiveUp();
  return useQuery({
    queryKey: APPROVAL_COUNT_KEY,
    refetchInterval: live ? false : APPROVAL_COUNT_POLL_MS,
    queryFn: async ({ signal }) => {
      const last = queryClient.getQueryData<ApprovalCountAnswer>(APPROVAL_COUNT_KEY);
      try {
        return await dataProvider.call<ApprovalCountAnswer>(approval.paths.count, {
          headers: last?.etag ? { 'If-None-Match': last.etag } : undefined,
          signal,
        });
      } catch (e) {
        if (e instanceof ApiError && e.status === 304 && last) return last;
        throw e;
      }
    },
  });
}
