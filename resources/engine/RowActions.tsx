import { useState } from 'react';
import { Box, IconButton, Menu } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useTranslate, type RaRecord } from 'ra-core';
import { ActionButton } from './ActionButton';
import type { ResourceConfig } from './types';

/** Row actions shown as buttons; the rest go into a "more" menu so that rows stay one line high. */
const INLINE_ACTIONS = 2;

/** The row actions that apply to a record; clicks inside do not reach the row. */
export function RowActions({ config, record }: { config: ResourceConfig; record: RaRecord }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const actions = (config.rowActions ?? []).filter((a) => !a.when || a.when(record));
  if (!actions.length) return null;
  const inline = actions.slice(0, INLINE_ACTIONS);
  const more = actions.slice(INLINE_ACTIONS);
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}
      onClick={(e) => e.stopPropagation()}
      data-testid="row-actions"
    >
      {inline.map((action) => (
        <ActionButton key={action.name} config={config} action={action} record={record} />
      ))}
      {more.length > 0 && (
        <>
          <IconButton
            size="small"
            aria-label={translate('engine.action.more')}
            data-testid="row-actions-more"
            onClick={(e) => setAnchor(e.currentTarget)}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
          {/* keepMounted: an action's dialog lives in its menu entry and must outlive the closed menu */}
          <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} keepMounted>
            {more.map((action) => (
              <ActionButton
                key={action.name}
                config={config}
                action={action}
                record={record}
                variant="menuitem"
                onClick={() => setAnchor(null)}
              />
            ))}
          </Menu>
        </>
      )}
    </Box>
  );
}
