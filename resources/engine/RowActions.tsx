import { useState } from 'react';
import { IconButton, Menu } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useTranslate, type RaRecord } from 'ra-core';
import { canAny } from '../../permissions/can';
import { usePermissionPayload } from '../../src/permissions/useCan';
import { ActionButton } from './ActionButton';
import { permissionKey } from './schema';
import { resourceChainOf } from './useAllowed';
import type { ActionSpec, ResourceConfig } from './types';
import './cells.css';

/** Row actions shown as buttons (at most two); the rest go into a "more" menu so that rows stay one line high. */
const INLINE_ACTIONS = 2;

/** Class of the list's actions column (kept in view at the right edge by the list). */
export const ROW_ACTIONS_CLASS = 'engine-row-actions';

/**
 * Whether an action's button shows for the signed-in staff member: allowed, or shown disabled (as ActionButton decides
 * with useAllowed).
 */
export function useShownAction(config: ResourceConfig): (action: ActionSpec<RaRecord>) => boolean {
  const grants = usePermissionPayload()?.grants;
  return (action) => {
    if (!action.permission || action.denied === 'disable') return true;
    const resource = action.permission.resource ?? permissionKey(config);
    const chain = resource === permissionKey(config) ? resourceChainOf(config) : [resource];
    return canAny(grants, chain, action.permission.action);
  };
}

/** The row actions that apply to a record; clicks inside do not reach the row. */
export function RowActions({ config, record }: { config: ResourceConfig; record: RaRecord }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const shows = useShownAction(config);
  const actions = (config.rowActions ?? []).filter((a) => (!a.when || a.when(record)) && shows(a));
  if (!actions.length) return null;
  // Two buttons when they are all; else the first one and the menu, so that the column stays narrow.
  const inlineCount = actions.length <= INLINE_ACTIONS ? actions.length : 1;
  const inline = actions.slice(0, inlineCount);
  const more = actions.slice(inlineCount);
  return (
    <span className="engine-row-buttons" onClick={(e) => e.stopPropagation()} data-testid="row-actions">
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
    </span>
  );
}
