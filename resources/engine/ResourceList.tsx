import { lazy, Suspense, useCallback, useLayoutEffect, useMemo, useState, type ComponentType } from 'react';
import { Box, Button, useMediaQuery, type Theme } from '@mui/material';
import type { SystemStyleObject } from '@mui/system';
import FilterListIcon from '@mui/icons-material/FilterList';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import { useCreatePath, useNavigate, useTranslate, type Identifier, type RaRecord } from 'ra-core';
import { ColumnsButton, CreateButton, DataTable, FilterButton, List, Pagination, TopToolbar } from 'react-admin';
import { ActionButton } from './ActionButton';
import { BulkActions } from './BulkActions';
import { ExportButton } from './ExportButton';
import { fieldContent, useFieldEnv } from './FieldValue';
import { KeyboardRowsBody } from './KeyboardRows';
import { FILTER_GAP, FILTER_WIDTHS, filterInputs, filtersOnOneRow, useFilterUnits } from './filterInputs';
import {
  ROW_ACTIONS_CLASS,
  RowActionSheet,
  RowActions,
  stickyRowActions,
  useRowActionsOf,
  useShownAction,
} from './RowActions';
import { fieldLabel, filtersOf, hasCreate, hasEdit, hasShow, listFields, PAGE_SIZES } from './schema';
import { TimeZoneNote } from './timeZone';
import { useAllowed } from './useAllowed';
import type { DrawerProps, ResourceConfig } from './types';
import { endpointsMeta } from './define';
import { LiveListBar } from '../../src/live/LiveListBar';

/** The show view in a drawer, loaded when a row first opens it. */
const ShowDrawer = lazy(() => import('./ShowDrawer').then((m) => ({ default: m.ShowDrawer })));

const drawers = new WeakMap<ResourceConfig, ComponentType<DrawerProps>>();

/**
 * The list's flex boxes may shrink below the table's width, so the table wrapper (TABLE_SX) scrolls instead; the
 * filter inputs sit closer than react-admin's default (FILTER_GAP) and the staff pickers take their set width.
 */
const LIST_SX = (theme: Theme): SystemStyleObject<Theme> => ({
  '& .RaList-main, & .RaList-content': { minWidth: 0 },
  '& .RaFilterForm-filterFormInput .RaFilterFormInput-spacer': { width: FILTER_GAP },
  '& .RaFilterForm-filterFormInput .MuiAutocomplete-root': { minWidth: 0, width: FILTER_WIDTHS.remoteOption },
  // Text fields and selects on one baseline (react-admin gives the selects a dense margin only).
  '& .RaFilterForm-filterFormInput .MuiFormControl-root': { mb: 0.5 },
  // Phones: filters side by side as they fit, not one full-width row each.
  [theme.breakpoints.down('sm')]: { '& .RaFilterForm-filterFormInput': { width: 'auto' } },
});

/**
 * Folded filters (those that fit, counted by ResourceList) stay on one row beside the toolbar: while the toolbar grows
 * (its totals arrive) and they fold to fewer, the last one is clipped for a frame or two instead of wrapping, which
 * would push the table down and back under a moving pointer.
 */
const FOLDED_SX = (theme: Theme): SystemStyleObject<Theme> => ({
  [theme.breakpoints.up('sm')]: {
    '& form:has(> .RaFilterForm-filterFormInput)': { flexWrap: 'nowrap', overflowX: 'clip' },
  },
});

/**
 * Expanded filters take the whole width, the toolbar then goes to the row under them (beside them it kept its width
 * and left the filters a narrow column, two to a row).
 */
const EXPANDED_SX = (theme: Theme): SystemStyleObject<Theme> => ({
  [theme.breakpoints.up('sm')]: {
    '& div:has(> form > .RaFilterForm-filterFormInput)': { flexWrap: 'wrap' },
    '& form:has(> .RaFilterForm-filterFormInput)': { flex: '1 1 100%' },
    // the toolbar (the row's last child) at the right, as it stood beside them
    '& div:has(> form > .RaFilterForm-filterFormInput) > :last-child': { ml: 'auto' },
  },
});

/** The toolbar keeps its width beside the filters (they are counted to fit); on phones its buttons wrap. */
const TOOLBAR_SX = (theme: Theme): SystemStyleObject<Theme> => ({
  gap: 1,
  flexShrink: 0,
  [theme.breakpoints.down('sm')]: { flexWrap: 'wrap', whiteSpace: 'normal', rowGap: 0.5, py: 0.5 },
});

/**
 * One line per row: cells do not wrap (text cells cut themselves with an ellipsis, FieldValue `cell`), rows have one
 * height, and from tablets up the row actions stay in view at the right edge while the other columns scroll sideways
 * (phones have no actions column: a tap on the row opens them, RowActionSheet).
 */
const TABLE_SX = (theme: Theme): SystemStyleObject<Theme> => ({
  // the theme's colours for the cells' classes (cells.css)
  '--engine-error': theme.palette.error.main,
  '--engine-success': theme.palette.success.main,
  '--engine-muted': theme.palette.text.secondary,
  '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
  '& .MuiTableCell-root': { whiteSpace: 'nowrap', px: 0.75 },
  // A header of words (English) may wrap between them when the table is short of room; a CJK label never breaks
  // (keep-all: no break between its characters).
  '& .MuiTableCell-head': { whiteSpace: 'normal', wordBreak: 'keep-all' },
  '& .MuiTableCell-body': { py: 0.25, height: 41 },
  [theme.breakpoints.up('sm')]: stickyRowActions(theme),
});

/** Room kept for the "more filters" button beside the toolbar. */
const MORE_FILTERS_WIDTH = 140;

/** A callback ref and the element's width, measured before the first paint and followed as it resizes (0: unknown). */
function useWidth(): [(el: HTMLElement | null) => void, number] {
  const [el, setEl] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!el) return;
    setWidth(el.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.getBoundingClientRect().width));
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return [useCallback((node: HTMLElement | null) => setEl(node), []), width];
}

/** The lazily loaded drawer of a config (one component per config, so it loads once). */
function drawerOf(config: ResourceConfig): ComponentType<DrawerProps> | null {
  const { drawer } = config;
  if (!drawer) return null;
  let component = drawers.get(config);
  if (!component) {
    component =
      drawer === 'show'
        ? function GeneratedShowDrawer(props: DrawerProps) {
            return (
              <Suspense fallback={null}>
                <ShowDrawer config={config} {...props} />
              </Suspense>
            );
          }
        : lazy(drawer);
    drawers.set(config, component);
  }
  return component;
}

/** The "more filters" toggle: shows the filters that do not fit on the first row, or folds them again. */
function MoreFilters({
  expanded,
  onToggle,
  measure,
}: {
  expanded: boolean;
  onToggle: () => void;
  measure: (el: HTMLElement | null) => void;
}) {
  const translate = useTranslate();
  return (
    <Button
      ref={measure}
      size="small"
      data-testid="more-filters"
      aria-expanded={expanded}
      startIcon={expanded ? <ExpandLessIcon /> : <FilterListIcon />}
      onClick={onToggle}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {translate(expanded ? 'engine.filter.fewer' : 'engine.filter.more')}
    </Button>
  );
}

/** The toolbar of a generated list: filter picker, column chooser, export and the toolbar actions. */
function ListToolbar({
  config,
  pickable,
  onFound,
  more,
  measure,
}: {
  config: ResourceConfig;
  pickable: boolean;
  onFound: (id: Identifier) => void;
  more?: { expanded: boolean; onToggle: () => void; measure: (el: HTMLElement | null) => void };
  measure: (el: HTMLElement | null) => void;
}) {
  const Finder = config.finder;
  const mayCreate = useAllowed(config, { action: 'create' });
  // Said once on a list that shows or filters times: they are the tenant's.
  const times =
    listFields(config).some((f) => f.type === 'datetime') || filtersOf(config).some((f) => f.type === 'dateRange');
  return (
    <TopToolbar sx={TOOLBAR_SX} ref={measure}>
      {times && <TimeZoneNote sx={{ alignSelf: 'center' }} />}
      {Finder && <Finder onFound={onFound} />}
      {hasCreate(config) && mayCreate && <CreateButton />}
      {more && <MoreFilters {...more} />}
      {pickable && <FilterButton />}
      <ColumnsButton />
      <ExportButton config={config} />
      {(config.listActions ?? []).map((action) => (
        <ActionButton key={action.name} config={config} action={action} />
      ))}
    </TopToolbar>
  );
}

/** The generated list of a resource: filters, sortable columns, pagination up to 200, column chooser, export, actions. */
export function ResourceList({ config }: { config: ResourceConfig }) {
  const units = useFilterUnits(config);
  const pickable = units.some((u) => u.pickable);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [measureList, listWidth] = useWidth();
  const [measureToolbar, toolbarWidth] = useWidth();
  const [measureToggle, toggleWidth] = useWidth();
  const [expanded, setExpanded] = useState(false);
  // The filters share the first row with the toolbar, whose room for the toggle is kept whether it shows or not
  // (phones: the toolbar is a row of its own above them); the others fold away behind "more filters".
  const toolbarRest = toolbarWidth - (toggleWidth && toggleWidth + 8);
  const room = listWidth && Math.max(1, phone ? listWidth : listWidth - toolbarRest - MORE_FILTERS_WIDTH - 16);
  const onRow = filtersOnOneRow(units, room);
  const foldable = units.filter((u) => !u.pickable).length > onRow;
  const filters = useMemo(() => filterInputs(units, expanded ? Infinity : onRow), [units, expanded, onRow]);
  const Drawer = drawerOf(config);
  const [opened, setOpened] = useState<{ id: Identifier; record: RaRecord } | null>(null);
  const fields = useMemo(() => listFields(config), [config]);
  // No actions column for staff who may use none of the row actions.
  const shows = useShownAction(config);
  const rowActions = (config.rowActions ?? []).some(shows);
  const rowClick = config.rowClick ?? (Drawer ? 'drawer' : hasShow(config) ? 'show' : false);
  const actionsOf = useRowActionsOf(config);
  const createPath = useCreatePath();
  const navigate = useNavigate();
  // Phones: no actions column (it would sit off-screen); a tap on a row with actions opens them in a sheet.
  const [sheet, setSheet] = useState<{ record: RaRecord; open: boolean } | null>(null);
  // the same for every cell: read once here, not in each of the page's cells
  const env = useFieldEnv();

  const target =
    rowClick === 'drawer'
      ? 'drawer'
      : rowClick === 'show' && hasShow(config)
        ? 'show'
        : rowClick === 'edit' && hasEdit(config)
          ? 'edit'
          : null;
  /** Opens a row's record as a click on the row does (its drawer, show or edit page). */
  const openRecord = (record: RaRecord) => {
    if (target === 'drawer') setOpened({ id: record.id, record });
    else if (target) navigate(createPath({ resource: config.name, id: record.id, type: target }));
  };
  const wideRowClick = useMemo(
    () =>
      target === 'drawer'
        ? (id: Identifier, _resource: string, record: RaRecord) => {
            setOpened({ id, record });
            return false as const;
          }
        : (target ?? false),
    [target],
  );
  const onRowClick =
    phone && rowActions
      ? (_id: Identifier, _resource: string, record: RaRecord) => {
          if (actionsOf(record).length) setSheet({ record, open: true });
          else openRecord(record);
          return false as const;
        }
      : wideRowClick;

  // The table's props and columns change only with what they show: the list re-renders while it measures its width
  // and its filters, and react-admin's rows and cells (memoised) then render again only for a record that changed.
  const hiddenColumns = useMemo(() => fields.filter((f) => f.hidden).map((f) => f.source), [fields]);
  const bulkActionButtons = useMemo(
    () => (config.bulkActions?.length ? <BulkActions config={config} /> : (false as const)),
    [config],
  );
  const columns = useMemo(
    () => [
      ...fields.map((field) => (
        <DataTable.Col
          key={field.source}
          source={field.source}
          label={fieldLabel(config, field)}
          disableSort={!field.sortable}
          align={field.type === 'money' || field.type === 'number' ? 'right' : undefined}
          render={(record: RaRecord) => fieldContent(field, record, env, true)}
        />
      )),
      rowActions && !phone ? (
        <DataTable.Col
          key="engine-row-actions"
          label="engine.list.actions"
          disableSort
          cellClassName={ROW_ACTIONS_CLASS}
          headerClassName={ROW_ACTIONS_CLASS}
          render={(record: RaRecord) => <RowActions config={config} record={record} />}
        />
      ) : null,
    ],
    [fields, config, env, rowActions, phone],
  );

  return (
    <Box ref={measureList} sx={{ minWidth: 0 }}>
      <List
        resource={config.name}
        queryOptions={{ meta: endpointsMeta(config) }}
        sx={[LIST_SX, expanded ? EXPANDED_SX : FOLDED_SX]}
        filters={filters.length ? filters : undefined}
        sort={config.sort ?? { field: 'id', order: 'DESC' }}
        perPage={config.perPage ?? 25}
        exporter={false}
        // An empty list keeps its toolbar (create, filters, export) and says it is empty in the table.
        empty={false}
        actions={
          <ListToolbar
            config={config}
            pickable={pickable}
            onFound={(id) => setOpened({ id, record: { id } })}
            more={
              foldable || expanded
                ? { expanded, onToggle: () => setExpanded((e) => !e), measure: measureToggle }
                : undefined
            }
            measure={measureToolbar}
          />
        }
        pagination={<Pagination rowsPerPageOptions={[...PAGE_SIZES]} />}
        title={`resources.${config.name}.name`}
      >
        <LiveListBar resource={config.name} />
        <DataTable
          // Headers stay on one line (CJK labels otherwise break between characters); a wide table scrolls sideways
          // inside the list instead of widening the page past the toolbar.
          sx={TABLE_SX}
          rowClick={onRowClick}
          body={onRowClick ? KeyboardRowsBody : undefined}
          hiddenColumns={hiddenColumns}
          bulkActionButtons={bulkActionButtons}
        >
          {columns}
        </DataTable>
      </List>
      {sheet && (
        <RowActionSheet
          config={config}
          record={sheet.record}
          open={sheet.open}
          onClose={() => setSheet((s) => s && { ...s, open: false })}
          onOpenRecord={target ? () => openRecord(sheet.record) : undefined}
        />
      )}
      {Drawer && opened && (
        <Suspense fallback={null}>
          <Drawer id={opened.id} record={opened.record} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </Box>
  );
}
