import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import type { LiveEvent } from '../../domain/live-events';
import { useConsoleDataProvider } from '../../dataProvider/useConsoleDataProvider';
import { APPROVAL_COUNT_KEY } from '../../resources/approval/useApprovalCount';
import { clientKey } from '../../resources/client/drawer/api';
import { liveAlertsOn, ring, rings } from './alerts';
import { startLiveStream } from './liveStream';
import { liveBus } from './liveStore';
import { pendingKey, PENDING_LISTS } from './pending';

/** What an event makes stale: the approvals badge, the funds menu's counts, the client drawer's cards. */
function refresh(queryClient: QueryClient, e: LiveEvent): void {
  const stale = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
  if (e.kind === 'approval') stale(APPROVAL_COUNT_KEY);
  if (e.kind === 'deposit' || e.kind === 'withdrawal') {
    for (const r of e.resources) if (PENDING_LISTS[r]) stale(pendingKey(r));
    if (e.kind === 'deposit' && e.client_id !== null) stale(clientKey(e.client_id, 'pendingDeposits'));
  }
  if (e.kind === 'balance' && e.client_id !== null) stale(clientKey(e.client_id, 'accounts'));
}

/** The counts the events keep fresh, and with `all` the client drawer too (after events may have been missed). */
function refreshAll(queryClient: QueryClient, all: boolean): void {
  void queryClient.invalidateQueries({ queryKey: APPROVAL_COUNT_KEY });
  void queryClient.invalidateQueries({ queryKey: ['live'] });
  if (all) void queryClient.invalidateQueries({ queryKey: ['client'] });
}

/**
 * The signed-in console's live updates (docs/live-updates.md): one event stream (GET /events, through the http
 * client so its bearer token and refresh apply; never a token in the URL), kept open while the shell is. Each event
 * refreshes what it makes stale, reaches the lists' refresh bars (liveBus) and, when this browser switched them on,
 * rings for a new deposit or withdrawal request. Renders nothing.
 */
export function LiveUpdates() {
  const dataProvider = useConsoleDataProvider();
  const queryClient = useQueryClient();
  const translate = useTranslate();
  // read by the stream's callbacks: the stream stays open across renders
  const latest = useRef({ dataProvider, translate });
  latest.current = { dataProvider, translate };

  useEffect(() => {
    let synced = false;
    const stop = startLiveStream(
      (lastId, signal) =>
        latest.current.dataProvider.call<Response>('/events', {
          raw: true,
          signal,
          headers: { Accept: 'text/event-stream', ...(lastId ? { 'Last-Event-ID': lastId } : {}) },
        }),
      {
        onEvent(e) {
          refresh(queryClient, e);
          liveBus.emit(e);
          if (rings(e) && liveAlertsOn()) {
            const t = latest.current.translate;
            ring(t(`live.alert.${e.kind}`), t('live.alert.body', { id: e.record_id }), `live-${e.kind}-${e.record_id}`);
          }
        },
        onSync(resumed) {
          if (resumed) return;
          // The first connection: what is shown was just read; only the counts may lag behind it.
          refreshAll(queryClient, synced);
          if (synced) liveBus.emit(null);
          synced = true;
        },
        onState: (up) => liveBus.setUp(up),
      },
    );
    return () => {
      stop();
      liveBus.setUp(false);
    };
  }, [queryClient]);
  return null;
}
