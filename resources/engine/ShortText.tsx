import { useState, type ReactNode } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify, useTranslate } from 'ra-core';
import './cells.css';

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
    <span className="engine-short" onClick={(e) => e.stopPropagation()}>
      <Tooltip title={value}>
        <span className="engine-mono">{shorten(value)}</span>
      </Tooltip>
      <IconButton size="small" aria-label={translate('engine.action.copy')} onClick={copy}>
        <ContentCopyIcon sx={{ fontSize: 16 }} />
      </IconButton>
    </span>
  );
}

/**
 * Text kept on one line in a list cell: cut with an ellipsis beyond `maxWidth`, the full text in a tooltip when it
 * was cut (`always`: in every case, e.g. a shortened date), and in the DOM for screen readers and search.
 */
export function Ellipsis({
  title,
  maxWidth = '10em',
  always = false,
  children,
}: {
  title: string;
  maxWidth?: string | number;
  always?: boolean;
  children?: ReactNode;
}) {
  const [cut, setCut] = useState(false);
  return (
    <Tooltip title={always || cut ? title : ''} describeChild disableInteractive enterDelay={300}>
      <span
        className="engine-ellipsis"
        data-ellipsis=""
        onMouseEnter={(e) => setCut(e.currentTarget.scrollWidth > e.currentTarget.clientWidth)}
        style={{ maxWidth }}
      >
        {children ?? title}
      </span>
    </Tooltip>
  );
}
