import { useEffect, useState } from 'react';
import { useListContext, useTranslate } from 'ra-core';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useLiveEvents } from './liveStore';

/**
 * Above a list whose records changed since it was read (live events naming its resource): "N new or changed records,
 * click to refresh", instead of rows moving under the user's cursor. A click reads the list again; a new page,
 * filter or sort (a new read) clears it. After events may have been missed: "the list may have changed".
 */
export function LiveListBar({ resource }: { resource: string }) {
  const translate = useTranslate();
  const { data, refetch } = useListContext();
  const [changed, setChanged] = useState<ReadonlySet<number>>(new Set());
  const [stale, setStale] = useState(false);

  // What was read is current again.
  useEffect(() => {
    setChanged(new Set());
    setStale(false);
  }, [data]);

  useLiveEvents((e) => {
    if (e === null) setStale(true);
    else if (e.resources.includes(resource) && e.kind !== 'balance')
      setChanged((s) => (s.has(e.record_id) ? s : new Set(s).add(e.record_id)));
  });

  if (!changed.size && !stale) return null;
  const reload = () => {
    setChanged(new Set());
    setStale(false);
    void refetch();
  };
  const text = changed.size ? translate('live.changed', { smart_count: changed.size }) : translate('live.stale');
  return (
    <Alert
      severity="info"
      role="status"
      data-testid="live-list-bar"
      sx={{ py: 0, mx: 1, my: 0.5, alignItems: 'center', cursor: 'pointer' }}
      onClick={reload}
      action={
        // the click reaches the bar's
        <Button color="inherit" size="small">
          {translate('live.refresh')}
        </Button>
      }
    >
      {text}
    </Alert>
  );
}
