import { useQuery, useQueryClient } from '@tanstack/react-query';
import { approval, type ApprovalCountAnswer } from '../../domain/approval';
import { ApiError } from '../../dataProvider/http';
import { useConsoleDataProvider } from '../../dataProvider/useConsoleDataProvider';

/** How often the menu asks for the count (and again after every change: react-admin's refresh invalidates it). */
export const APPROVAL_COUNT_POLL_MS = 15_000;
export const APPROVAL_COUNT_KEY = ['approval', 'count'] as const;

/**
 * What waits for the signed-in staff member (GET count), polled with If-None-Match: while nothing changed the API
 * answers 304 without a body and the last count stays.
 */
export function useApprovalCount() {
  const dataProvider = useConsoleDataProvider();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: APPROVAL_COUNT_KEY,
    refetchInterval: APPROVAL_COUNT_POLL_MS,
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
