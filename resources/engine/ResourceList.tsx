import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { Identifier, RaRecord } from 'ra-core';
import { ColumnsButton, DataTable, FilterButton, List, Pagination, TopToolbar } from 'react-admin';
import { ActionButton } from './ActionButton';
import { BulkActions } from './BulkActions';
import { ExportButton } from './ExportButton';
import { FieldValue } from './FieldValue';
import { useFilterInputs } from './filterInputs';
import { RowActions } from './RowActions';
import { fieldLabel, filtersOf, hasEdit, hasShow, listFields, PAGE_SIZES } from './schema';
import type { DrawerProps, ResourceConfig } from './types';

const drawers = new WeakMap<ResourceConfig, ComponentType<DrawerProps>>();

/** The list's flex boxes may shrink below the table's width, so the table wrapper (TABLE_SX) scrolls instead. */
const LIST_SX = { '& .RaList-main, & .RaList-content': { minWidth: 0 } } as const;

const TABLE_SX = {
  '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
  '& .MuiTableCell-head': { whiteSpace: 'nowrap' },
} as const;

/** The lazily loaded drawer of a config (one component per config, so it loads once). */
function drawerOf(config: ResourceConfig): ComponentType<DrawerProps> | null {
  if (!config.drawer) return null;
  let component = drawers.get(config);
  if (!component) {
    component = lazy(config.drawer);
    drawers.set(config, component);
  }
  return component;
}

/** The toolbar of a generated list: filter picker, column chooser, export and the toolbar actions. */
function ListToolbar({
  config,
  pickable,
  onFound,
}: {
  config: ResourceConfig;
  pickable: boolean;
  onFound: (id: Identifier) => void;
}) {
  const Finder = config.finder;
  return (
    <TopToolbar sx={{ gap: 1 }}>
      {Finder && <Finder onFound={onFound} />}
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
  const filters = useFilterInputs(config);
  const pickable = filtersOf(config).some((f) => f.alwaysOn === false);
  const Drawer = drawerOf(config);
  const [opened, setOpened] = useState<{ id: Identifier; record: RaRecord } | null>(null);
  const fields = listFields(config);
  const rowClick = config.rowClick ?? (Drawer ? 'drawer' : hasShow(config) ? 'show' : false);

  const onRowClick =
    rowClick === 'drawer'
      ? (id: Identifier, _resource: string, record: RaRecord) => {
          setOpened({ id, record });
          return false as const;
        }
      : rowClick === 'show' && hasShow(config)
        ? ('show' as const)
        : rowClick === 'edit' && hasEdit(config)
          ? ('edit' as const)
          : false;

  return (
    <>
      <List
        resource={config.name}
        sx={LIST_SX}
        filters={filters.length ? filters : undefined}
        sort={config.sort ?? { field: 'id', order: 'DESC' }}
        perPage={config.perPage ?? 25}
        exporter={false}
        actions={
          <ListToolbar config={config} pickable={pickable} onFound={(id) => setOpened({ id, record: { id } })} />
        }
        pagination={<Pagination rowsPerPageOptions={[...PAGE_SIZES]} />}
        title={`resources.${config.name}.name`}
      >
        <DataTable
          // Headers stay on one line (CJK labels otherwise break between characters); a wide table scrolls sideways
          // inside the list instead of widening the page past the toolbar.
          sx={TABLE_SX}
          rowClick={onRowClick}
          hiddenColumns={fields.filter((f) => f.hidden).map((f) => f.source)}
          bulkActionButtons={config.bulkActions?.length ? <BulkActions config={config} /> : false}
        >
          {fields.map((field) => (
            <DataTable.Col
              key={field.source}
              source={field.source}
              label={fieldLabel(config, field)}
              disableSort={!field.sortable}
              align={field.type === 'money' || field.type === 'number' ? 'right' : undefined}
              render={(record: RaRecord) => <FieldValue field={field} record={record} />}
            />
          ))}
          {config.rowActions?.length ? (
            <DataTable.Col
              label="engine.list.actions"
              disableSort
              render={(record: RaRecord) => <RowActions config={config} record={record} />}
            />
          ) : null}
        </DataTable>
      </List>
      {Drawer && opened && (
        <Suspense fallback={null}>
          <Drawer id={opened.id} record={opened.record} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </>
  );
}
