import { lazy, Suspense, useState } from 'react';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, Menu, MenuItem } from '@mui/material';
import { useListContext, useTranslate } from 'ra-core';
import type { ExportFormat } from './export';
import { exportEndpoint, listQuery } from './schema';
import type { ResourceConfig } from './types';
import { useAllowed } from './useAllowed';

/** The export's progress dialog, loaded when an export starts. */
const ExportDialog = lazy(() => import('./ExportDialog').then((m) => ({ default: m.ExportDialog })));

const FORMATS: readonly ExportFormat[] = ['csv', 'xlsx'];

/**
 * Exports every row matching the list's current filters and sort as CSV or Excel (.xlsx), picked from the button's
 * menu, streamed from the API (no 1,000-row cap); shown only with the `export` permission. The API applies the role's
 * data scope.
 */
export function ExportButton({ config }: { config: ResourceConfig }) {
  const translate = useTranslate();
  const { filterValues, sort, total } = useListContext();
  const allowed = useAllowed(config, { action: 'export' });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [started, setStarted] = useState<{ query: Record<string, unknown>; format: ExportFormat } | null>(null);
  const endpoint = exportEndpoint(config);
  if (!endpoint || !allowed) return null;
  const start = (format: ExportFormat) => {
    setAnchor(null);
    setStarted({ query: { ...endpoint.query, ...listQuery(filterValues, sort) }, format });
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<DownloadIcon />}
        endIcon={<ArrowDropDownIcon />}
        disabled={total === 0}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={!!anchor}
        data-testid="export-button"
      >
        {translate('engine.export.button')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} data-testid="export-menu">
        {FORMATS.map((format) => (
          <MenuItem key={format} onClick={() => start(format)} data-testid={`export-${format}`}>
            {translate(`engine.export.${format}`)}
          </MenuItem>
        ))}
      </Menu>
      {started && (
        <Suspense fallback={null}>
          <ExportDialog
            name={config.name}
            path={endpoint.path}
            query={started.query}
            format={started.format}
            onClose={() => setStarted(null)}
          />
        </Suspense>
      )}
    </>
  );
}
