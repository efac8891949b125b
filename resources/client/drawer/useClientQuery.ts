import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useConsoleDataProvider } from '../../../dataProvider/useConsoleDataProvider';
import { hasClientId } from '../dialogs/errors';
import { clientKey, type ClientRead } from './api';

/**
 * One read of a client's data through the dataProvider, under the key `['client', id, part]`: a newer client's answer
 * never shows an older one's (each has its own key); nothing is asked without a client id or while `enabled` is false.
 * A failure is shown at once (no retries): the views offer their own retry.
 */
export function useClientQuery<T>(
  read: ClientRead<T>,
  clientId: number | string | null | undefined,
  enabled = true,
): UseQueryResult<T> {
  const dataProvider = useConsoleDataProvider();
  const id = hasClientId(clientId) ? clientId : '';
  return useQuery({
    queryKey: clientKey(id, read.part),
    queryFn: ({ signal }) => read.load(dataProvider, id, signal),
    enabled: enabled && id !== '',
    retry: false,
  });
}

/** Fetches again what is shown of the client (its `parts`, or all of it): the refresh button, after a change. */
export function useReloadClient(clientId: number | string | null | undefined): (parts?: string[]) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (parts?: string[]) => {
      if (!hasClientId(clientId)) return;
      for (const part of parts ?? [undefined])
        void queryClient.invalidateQueries({ queryKey: clientKey(clientId, part) });
    },
    [queryClient, clientId],
  );
}

/**
 * A change to a client (money movement, password, settings) as a react-query mutation; once it succeeded, the client's
 * `parts` (default: all its data) are fetched again wherever they are shown.
 */
export function useClientMutation<V, R>(
  clientId: number | string | null | undefined,
  mutationFn: (variables: V) => Promise<R>,
  parts?: string[],
) {
  const reload = useReloadClient(clientId);
  return useMutation({ mutationFn, onSuccess: () => reload(parts) });
}
