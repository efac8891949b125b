import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Typography,
} from '@mui/material';
import { useLocaleState, useNotify, useTranslate } from 'ra-core';
import { errorText } from '../../dataProvider/errorText';
import { useEngineServices } from './context';
import { saveBlob, streamExport, type ExportFormat, type ExportProgress } from './export';
import { formatBytes, formatDateTimeIn } from './format';
import { useTenantZone } from './timeZone';

export interface ExportDialogProps {
  /** Base of the file name (the resource name). */
  name: string;
  path: string;
  query: Record<string, unknown>;
  /** The file's format (default CSV). */
  format?: ExportFormat;
  onClose: () => void;
}

/**
 * Streams an export while showing what is received (a CSV's rows and bytes; an .xlsx's bytes, compressed, and the row
 * total when the API announces it); Cancel aborts; the file is saved when complete.
 */
export function ExportDialog({ name, path, query, format = 'csv', onClose }: ExportDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const { openStream } = useEngineServices();
  const [locale] = useLocaleState();
  const zone = useTenantZone();
  const [progress, setProgress] = useState<ExportProgress>({ rows: 0, bytes: 0 });
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    controller.current = abort;
    // The file speaks the user's language and the console's time: headers and labels in the UI language, times in the
    // tenant's zone as on screen (the browser's until the tenant's is known).
    const tz = zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
    const fileQuery = { ...query, lang: locale, ...(tz ? { tz } : {}), ...(format === 'csv' ? {} : { format }) };
    streamExport(openStream, path, fileQuery, setProgress, abort.signal).then(
      (result) => {
        if (abort.signal.aborted) return;
        const stamp = formatDateTimeIn(new Date(), tz).replace(/[-: ]/g, '');
        saveBlob(result.blob, result.filename ?? `${name.replace(/\//g, '-')}-${stamp}.${format}`);
        const rows = format === 'csv' ? result.rows : result.total;
        if (rows === undefined) notify('engine.export.saved', { type: 'success' });
        else notify('engine.export.done', { type: 'success', messageArgs: { rows } });
        onClose();
      },
      (e) => {
        if (abort.signal.aborted) return;
        setError(errorText(translate, e, 'engine.export.failed'));
      },
    );
    return () => abort.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one export per opening
  }, []);

  const cancel = () => {
    controller.current?.abort();
    onClose();
  };
  const size = formatBytes(progress.bytes);
  // an .xlsx is compressed: its rows cannot be counted as they arrive
  const percent =
    format === 'csv' && progress.total ? Math.min(100, (progress.rows / Math.max(progress.total, 1)) * 100) : undefined;

  return (
    <Dialog open onClose={cancel} fullWidth maxWidth="xs" data-testid="export-dialog">
      <DialogTitle>{translate(format === 'csv' ? 'engine.export.title' : 'engine.export.titleXlsx')}</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error">{error}</Alert>
        ) : (
          <>
            <LinearProgress
              variant={percent === undefined ? 'indeterminate' : 'determinate'}
              value={percent}
              sx={{ mb: 2 }}
            />
            <Typography data-testid="export-progress">
              {format !== 'csv'
                ? progress.total
                  ? translate('engine.export.bytesOf', { total: progress.total, size })
                  : translate('engine.export.bytes', { size })
                : progress.total
                  ? translate('engine.export.progressOf', { rows: progress.rows, total: progress.total, size })
                  : translate('engine.export.progress', { rows: progress.rows, size })}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel} data-testid="export-cancel">
          {translate(error ? 'engine.action.close' : 'engine.export.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
