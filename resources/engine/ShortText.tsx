import { Box, IconButton, Tooltip } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify, useTranslate } from 'ra-core';

/** Characters kept at each end of a shortened value. */
const HEAD = 6;
const TAIL = 4;

/** `value` with its middle replaced by an ellipsis when it is long (addresses, transaction hashes). */
export const shorten = (value: string): string =>
  value.length <= HEAD + TAIL + 1 ? value : `${value.slice(0, HEAD)}…${value.slice(-TAIL)}`;

/**
 * A long identifier (address, transaction hash) shortened in a list cell: the full text on hover and in the
 * accessible name, and a copy button. Clicks inside do not reach the row.
 */
export function ShortText({ value }: { value: string | null | undefined }) {
  const translate = useTranslate();
  const notify = useNotify();
  if (!value) return null;
  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(value);
      notify('engine.action.copied', { type: 'success' });
    } catch {
      notify('engine.action.copyFailed', { type: 'warning' });
    }
  };
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, whiteSpace: 'nowrap' }}
      onClick={(e) => e.stopPropagation()}
    >
      <Tooltip title={value}>
        <Box component="span" sx={{ fontFamily: 'monospace' }}>
          {shorten(value)}
        </Box>
      </Tooltip>
      <IconButton size="small" aria-label={translate('engine.action.copy')} onClick={copy}>
        <ContentCopyIcon sx={{ fontSize: 16 }} />
      </IconButton>
    </Box>
  );
}
