import { lazy, Suspense, useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useListContext, useTranslate } from 'ra-core';
import { exportEndpoint, listQuery } from './schema';
import type { ResourceConfig } from './types';
import { useAllowed } from './useAllowed';

/** The export's progress dialog, loaded when an export starts. */
const ExportDialog = lazy(() => import('./ExportDialog').then((m) => ({ default: m.ExportDialog })));

/**
 * Exports every row matching the list's current filters and sort as CSV, streamed from the API (no 1,000-row cap);
 * shown only with the `export` permission. The API applies the role's data scope.
 */
export function ExportButton({ config }: { config: ResourceConfig }) {
  const translate = useTranslate();
  const { filterValues, sort, total } = useListContext();
  const allowed = useAllowed(config, { action: 'export' });
  const [query, setQuery] = useState<Record<string, unknown> | null>(null);
  const endpoint = exportEndpoint(config);
  if (!endpoint || !allowed) return null;
  return (
    <>
      <Button
        size="small"
        startIcon={<DownloadIcon />}
        disabled={total === 0}
        onClick={() => setQuery({ ...endpoint.query, ...listQuery(filterValues, sort) })}
        data-testid="export-button"
      >
        {translate('engine.export.button')}
      </Button>
      {query && (
        <Suspense fallback={null}>
          <ExportDialog name={config.name} path={endpoint.path} query={query} onClose={() => setQuery(null)} />
        </Suspense>
      )}
    </>
  );
}
