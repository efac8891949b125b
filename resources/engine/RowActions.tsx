import { useState } from 'react';
import { Drawer, IconButton, ListItemIcon, ListSubheader, Menu, MenuItem, MenuList, type Theme } from '@mui/material';
import type { SystemStyleObject } from '@mui/system';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
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
 * A table's style that keeps its actions column (cells of ROW_ACTIONS_CLASS) in view at the right edge while the other
 * columns scroll sideways under it.
 */
export const stickyRowActions = (theme: Theme): SystemStyleObject<Theme> => ({
  [`& .${ROW_ACTIONS_CLASS}`]: {
    position: 'sticky',
    right: 0,
    zIndex: 2,
    bgcolor: 'background.paper',
    boxShadow: `inset 1px 0 0 ${theme.palette.divider}`,
  },
  [`& .MuiTableCell-head.${ROW_ACTIONS_CLASS}`]: { zIndex: 3 },
  [`& tr:hover > .${ROW_ACTIONS_CLASS}`]: {
    backgroundImage: `linear-gradient(${theme.palette.action.hover}, ${theme.palette.action.hover})`,
  },
  [`& tr.Mui-selected > .${ROW_ACTIONS_CLASS}`]: {
    backgroundImage: `linear-gradient(${theme.palette.action.selected}, ${theme.palette.action.selected})`,
  },
});

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

/** The row actions that apply to a record and show for the signed-in staff member. */
export function useRowActionsOf(config: ResourceConfig): (record: RaRecord) => ActionSpec<RaRecord>[] {
  const shows = useShownAction(config);
  return (record) => (config.rowActions ?? []).filter((a) => (!a.when || a.when(record)) && shows(a));
}

/** The row actions that apply to a record; clicks inside do not reach the row. */
export function RowActions({ config, record }: { config: ResourceConfig; record: RaRecord }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const actions = useRowActionsOf(config)(record);
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

/**
 * On a phone a list has no actions column (it would sit off-screen): a tap on a row opens this sheet from the bottom
 * with the row's actions, and the way to its record when it has one. It stays mounted while closed, so that the
 * dialog of the action chosen outlives it.
 */
export function RowActionSheet({
  config,
  record,
  open,
  onClose,
  onOpenRecord,
}: {
  config: ResourceConfig;
  record: RaRecord;
  open: boolean;
  onClose: () => void;
  /** Opens the row's record (its drawer or page); absent when the row has none. */
  onOpenRecord?: () => void;
}) {
  const translate = useTranslate();
  const actions = useRowActionsOf(config)(record);
  return (
    <Drawer anchor="bottom" open={open} onClose={onClose} keepMounted data-testid="row-action-sheet">
      <MenuList
        aria-label={translate('engine.list.rowActions', { id: record.id })}
        subheader={
          <ListSubheader disableSticky>{translate('engine.list.rowActions', { id: record.id })}</ListSubheader>
        }
        sx={{ pb: 2 }}
      >
        {onOpenRecord && (
          <MenuItem
            data-testid="row-open"
            onClick={() => {
              onClose();
              onOpenRecord();
            }}
          >
            <ListItemIcon>
              <OpenInNewIcon fontSize="small" />
            </ListItemIcon>
            {translate('engine.list.openRecord')}
          </MenuItem>
        )}
        {actions.map((action) => (
          <ActionButton
            key={action.name}
            config={config}
            action={action}
            record={record}
            variant="menuitem"
            onClick={onClose}
          />
        ))}
      </MenuList>
    </Drawer>
  );
}
