import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslate } from 'ra-core';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CloseIcon from '@mui/icons-material/Close';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { leaves, nodePath } from '../../resources/menu';
import { registry } from '../../resources/registry';
import {
  tabsStore as defaultTabsStore,
  useTabs,
  type TabLocation,
  type TabsState,
  type TabsStore,
} from '../state/tabs';

const names = new Map(leaves(registry).map((n) => [nodePath(n), n.name]));

/** The URL of a tab's location. */
export const hrefOf = (l: TabLocation) => `${l.pathname}${l.search}${l.hash}`;

type MenuAnchor = { path: string; el?: Element; x?: number; y?: number };

/**
 * The strip of open pages: the home tab first and without a close button; right-click (or the ⋮ button)
 * opens refresh / close / close others / close to the right / close all for a tab. On the keyboard, Delete closes
 * the focused tab.
 */
export function TabStrip({ store = defaultTabsStore }: { store?: TabsStore }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { tabs, active } = useTabs(store);
  const [menu, setMenu] = useState<MenuAnchor | null>(null);
  const stripRef = useRef<HTMLDivElement>(null);

  // Keep the active tab in view when the strip overflows.
  useEffect(() => {
    const el = stripRef.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active, tabs.length]);

  const titleOf = (path: string) => {
    const name = names.get(path);
    return name ? translate(`menu.${name}`) : path;
  };

  /** Runs a store action; when it changed the active tab, the URL follows. */
  const act = (fn: () => TabsState) => {
    const before = store.get().active;
    const next = fn();
    if (next.active !== before) {
      const tab = next.tabs.find((t) => t.path === next.active);
      if (tab) navigate(hrefOf(tab.location));
    }
    setMenu(null);
  };

  const openMenu = (e: MouseEvent, path: string) => {
    e.preventDefault();
    setMenu({ path, x: e.clientX, y: e.clientY });
  };

  const menuIndex = menu ? tabs.findIndex((t) => t.path === menu.path) : -1;

  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'stretch',
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        minHeight: 38,
      }}
    >
      <Box
        ref={stripRef}
        role="tablist"
        aria-label={translate('shell.tabs.label')}
        data-testid="tab-strip"
        sx={{ display: 'flex', flex: 1, minWidth: 0, overflowX: 'auto', scrollbarWidth: 'thin' }}
      >
        {tabs.map((t) => {
          const selected = t.path === active;
          const closable = t.path !== store.home;
          return (
            <ButtonBase
              key={t.path}
              role="tab"
              aria-selected={selected}
              data-testid={`tab-${t.path}`}
              title={titleOf(t.path)}
              onClick={() => {
                if (!selected) store.activate(t.path);
                navigate(hrefOf(t.location));
              }}
              onContextMenu={(e) => openMenu(e, t.path)}
              onAuxClick={(e) => {
                // Middle click closes, as in browsers.
                if (e.button === 1 && closable) act(() => store.close(t.path));
              }}
              onKeyDown={(e) => {
                // The keyboard's way to close a tab (its close mark is for the pointer: no button inside a tab).
                if (e.key !== 'Delete' || !closable) return;
                act(() => store.close(t.path));
                // the focus goes on to the tab shown now, not away with the closed one
                requestAnimationFrame(() =>
                  stripRef.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.focus(),
                );
              }}
              sx={{
                flexShrink: 0,
                gap: 0.5,
                px: 1.5,
                fontSize: 13,
                whiteSpace: 'nowrap',
                color: selected ? 'primary.main' : 'text.secondary',
                fontWeight: selected ? 600 : 400,
                borderRight: 1,
                borderColor: 'divider',
                borderBottom: 2,
                borderBottomColor: selected ? 'primary.main' : 'transparent',
                bgcolor: selected ? 'action.selected' : 'transparent',
                '&:hover': { bgcolor: 'action.hover' },
              }}
            >
              {titleOf(t.path)}
              {closable && (
                <Box
                  component="span"
                  aria-hidden
                  title={translate('shell.tabs.close')}
                  data-testid="tab-close"
                  onClick={(e) => {
                    e.stopPropagation();
                    act(() => store.close(t.path));
                  }}
                  sx={{ display: 'inline-flex', borderRadius: '50%', p: '1px', '&:hover': { bgcolor: 'action.focus' } }}
                >
                  <CloseIcon sx={{ fontSize: 14 }} />
                </Box>
              )}
            </ButtonBase>
          );
        })}
      </Box>
      <IconButton
        size="small"
        aria-label={translate('shell.tabs.menu')}
        data-testid="tab-menu"
        onClick={(e) => setMenu({ path: active, el: e.currentTarget })}
        sx={{ borderRadius: 0, borderLeft: 1, borderColor: 'divider' }}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu
        open={!!menu}
        onClose={() => setMenu(null)}
        anchorEl={menu?.el}
        anchorReference={menu?.el ? 'anchorEl' : 'anchorPosition'}
        anchorPosition={menu && !menu.el ? { top: menu.y ?? 0, left: menu.x ?? 0 } : undefined}
      >
        <MenuItem data-testid="tab-refresh" onClick={() => menu && act(() => store.refresh(menu.path))}>
          {translate('shell.tabs.refresh')}
        </MenuItem>
        <MenuItem
          data-testid="tab-close-this"
          disabled={!menu || menu.path === store.home}
          onClick={() => menu && act(() => store.close(menu.path))}
        >
          {translate('shell.tabs.closeThis')}
        </MenuItem>
        <MenuItem
          data-testid="tab-close-others"
          disabled={tabs.length <= (menu?.path === store.home ? 1 : 2)}
          onClick={() => menu && act(() => store.closeOthers(menu.path))}
        >
          {translate('shell.tabs.closeOthers')}
        </MenuItem>
        <MenuItem
          data-testid="tab-close-right"
          disabled={menuIndex < 0 || menuIndex >= tabs.length - 1}
          onClick={() => menu && act(() => store.closeRight(menu.path))}
        >
          {translate('shell.tabs.closeRight')}
        </MenuItem>
        <MenuItem data-testid="tab-close-all" disabled={tabs.length <= 1} onClick={() => act(() => store.closeAll())}>
          {translate('shell.tabs.closeAll')}
        </MenuItem>
      </Menu>
    </Box>
  );
}
