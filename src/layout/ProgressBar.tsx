import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import LinearProgress from '@mui/material/LinearProgress';
import { useLocation } from 'react-router-dom';
import { PROGRESS_MIN, progress, trickle, useProgressPending } from '../state/progress';

/** How long a navigation alone keeps the bar up (lazy pages hold it longer through their Suspense fallback). */
const NAVIGATION_MS = 200;

/** Holds the progress bar while mounted (a Suspense fallback: the lazy page is loading). */
export function ProgressHold() {
  useLayoutEffect(() => progress.start(), []);
  return null;
}

/** Shows the bar briefly on every navigation. */
export function NavigationProgress() {
  const location = useLocation();
  useLayoutEffect(() => {
    const done = progress.start();
    const timer = setTimeout(done, NAVIGATION_MS);
    return () => {
      clearTimeout(timer);
      done();
    };
  }, [location]);
  return null;
}

/**
 * The thin bar at the top during navigation and API requests (react-query fetches and mutations):
 * it starts at 0.3, trickles towards 0.95, jumps to 1 when everything is done, then hides.
 * It never shows less than 0.3 (spec section 9).
 */
export function ProgressBar() {
  const translate = useTranslate();
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const pending = useProgressPending();
  const busy = fetching + mutating > 0 || pending;
  const [value, setValue] = useState<number | null>(null);
  const valueRef = useRef<number | null>(null);
  valueRef.current = value;

  useEffect(() => {
    if (busy) {
      setValue((v) => (v === null || v >= 1 ? PROGRESS_MIN : v));
      const timer = setInterval(() => setValue((v) => trickle(v ?? PROGRESS_MIN)), 200);
      return () => clearInterval(timer);
    }
    if (valueRef.current === null) return;
    setValue(1);
    const timer = setTimeout(() => setValue(null), 300);
    return () => clearTimeout(timer);
  }, [busy]);

  if (value === null) return null;
  return (
    <LinearProgress
      data-testid="progress-bar"
      aria-label={translate('ra.page.loading')}
      variant="determinate"
      value={Math.max(PROGRESS_MIN, value) * 100}
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 3,
        zIndex: (t) => t.zIndex.tooltip + 1,
        bgcolor: 'transparent',
      }}
    />
  );
}
