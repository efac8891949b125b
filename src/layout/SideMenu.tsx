import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { useTranslate } from 'ra-core';
import { Link } from 'react-router-dom';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import SearchIcon from '@mui/icons-material/Search';
import type { VisibleMenuNode } from '../../resources/menu';
import { appState, useAppState } from '../state/appState';
import { filterMenu } from './menuSearch';
import { useMenuPreload } from './useMenuPreload';

export interface SideMenuProps {
  menu: VisibleMenuNode[];
  /** Path of the active page (highlighted; its group opens). */
  activePath?: string;
  /** Smaller rows (feature flag ui.compactSideMenu). */
  compact?: boolean;
  /** Called after a leaf is chosen (closes the phone drawer). */
  onNavigate?: () => void;
}

const containsPath = (n: VisibleMenuNode, path?: string): boolean =>
  !!path && (n.path === path || n.children.some((c) => containsPath(c, path)));

/**
 * The side menu: the user's menu tree with expandable groups, the active page highlighted, and a search box
 * that filters by translated title (case-insensitive; matching groups open while searching).
 * Opened groups are remembered in the app-state cache.
 */
export function SideMenu({ menu, activePath, compact = false, onNavigate }: SideMenuProps) {
  const translate = useTranslate();
  const [query, setQuery] = useState('');
  const openGroups = useAppState((s) => s.openGroups);
  const titleOf = (n: VisibleMenuNode) => translate(`menu.${n.node.name}`);
  const filtered = useMemo(() => filterMenu(menu, query, titleOf), [menu, query, translate]); // eslint-disable-line react-hooks/exhaustive-deps
  const searching = query.trim() !== '';
  const preload = useMenuPreload(menu);

  // The group of the active page opens (once per navigation; the user may close it again).
  useEffect(() => {
    const groups = menu.filter((n) => n.children.length && containsPath(n, activePath)).map((n) => n.node.name);
    if (groups.length)
      appState.set((s) =>
        groups.every((g) => s.openGroups.includes(g)) ? {} : { openGroups: [...new Set([...s.openGroups, ...groups])] },
      );
  }, [activePath, menu]);

  const toggle = (name: string) =>
    appState.set((s) => ({
      openGroups: s.openGroups.includes(name) ? s.openGroups.filter((g) => g !== name) : [...s.openGroups, name],
    }));

  const renderNode = (n: VisibleMenuNode, depth: number) => {
    const Icon = n.node.icon as ComponentType<{ fontSize?: 'small' | 'inherit' }> | undefined;
    const rowSx = { pl: 1.5 + depth * 2, py: compact ? 0.25 : 0.75, minHeight: compact ? 32 : 40 };
    const icon = Icon ? (
      <ListItemIcon sx={{ minWidth: compact ? 30 : 36 }}>
        <Icon fontSize="small" />
      </ListItemIcon>
    ) : null;
    const text = (
      <ListItemText
        primary={titleOf(n)}
        slotProps={{ primary: { noWrap: true, sx: { fontSize: compact ? 13 : 14 } } }}
      />
    );
    if (n.children.length) {
      const open = searching || openGroups.includes(n.node.name);
      return (
        <Box key={n.node.name} component="li" sx={{ listStyle: 'none' }}>
          <ListItemButton
            data-testid={`menu-group-${n.node.name}`}
            aria-expanded={open}
            onClick={() => toggle(n.node.name)}
            selected={!open && containsPath(n, activePath)}
            sx={rowSx}
          >
            {icon}
            {text}
            {/* a closed group shows its leaves' badges (e.g. the approvals waiting) */}
            {!open && n.children.map((c) => c.node.badge && <c.node.badge key={c.node.name} />)}
            {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
          </ListItemButton>
          <Collapse in={open} timeout="auto" unmountOnExit>
            <List disablePadding dense={compact}>
              {n.children.map((c) => renderItem(c, depth + 1))}
            </List>
          </Collapse>
        </Box>
      );
    }
    const selected = n.path === activePath;
    const Badge = n.node.badge;
    const { onClick: preloadClick, ...preloadOn } = preload(n.node);
    return (
      <ListItemButton
        key={n.node.name}
        component={Link}
        to={n.path}
        data-testid={`menu-item-${n.node.name}`}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        {...preloadOn}
        onClick={() => {
          preloadClick();
          onNavigate?.();
        }}
        sx={{
          ...rowSx,
          '&.Mui-selected': { color: 'primary.main', fontWeight: 600, borderRight: 3, borderColor: 'primary.main' },
        }}
      >
        {icon}
        {text}
        {Badge && <Badge />}
      </ListItemButton>
    );
  };

  /** A node as an item of its list (a list holds only list items; a group is one already). */
  const renderItem = (n: VisibleMenuNode, depth: number) =>
    n.children.length ? (
      renderNode(n, depth)
    ) : (
      <Box key={n.node.name} component="li" sx={{ listStyle: 'none' }}>
        {renderNode(n, depth)}
      </Box>
    );

  return (
    <Box
      component="nav"
      data-testid="side-menu"
      aria-label={translate('shell.sideMenu.label')}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
    >
      <Box sx={{ p: 1 }}>
        <TextField
          size="small"
          fullWidth
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={translate('shell.sideMenu.search')}
          slotProps={{
            htmlInput: {
              'data-testid': 'menu-search',
              'aria-label': translate('shell.sideMenu.search'),
              type: 'search',
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <List dense={compact} sx={{ flex: 1, overflowY: 'auto', pt: 0 }}>
        {filtered.map((n) => renderItem(n, 0))}
        {searching && !filtered.length && (
          <Typography component="li" variant="body2" color="text.secondary" sx={{ px: 2, py: 1, listStyle: 'none' }}>
            {translate('shell.sideMenu.noMatch')}
          </Typography>
        )}
      </List>
    </Box>
  );
}
