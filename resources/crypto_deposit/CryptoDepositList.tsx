import type { RaRecord } from 'ra-core';
import { ColumnsButton, DataTable, FilterButton, List, Pagination, TopToolbar } from 'react-admin';
import { ExportButton } from '../engine/ExportButton';
import { FieldValue } from '../engine/FieldValue';
import { useFilterInputs } from '../engine/filterInputs';
import { fieldLabel, filtersOf, listFields, PAGE_SIZES } from '../engine/schema';
import type { ViewProps } from '../engine/types';
import { ShortText } from './ShortText';

/** Fields shown shortened, with the full text on hover and a copy button. */
const SHORTENED = new Set(['address', 'tx_hash']);

/**
 * The crypto deposit list: the generated list's filters, columns, column chooser, paging and export (a list-only
 * resource: no row click, no actions), with the receiving address and the transaction hash shortened.
 */
export default function CryptoDepositList({ config }: ViewProps) {
  const filters = useFilterInputs(config);
  const pickable = filtersOf(config).some((f) => f.alwaysOn === false);
  const fields = listFields(config);
  return (
    <List
      resource={config.name}
      filters={filters}
      sort={config.sort ?? { field: 'id', order: 'DESC' }}
      perPage={config.perPage ?? 25}
      exporter={false}
      actions={
        <TopToolbar>
          {pickable && <FilterButton />}
          <ColumnsButton />
          <ExportButton config={config} />
        </TopToolbar>
      }
      pagination={<Pagination rowsPerPageOptions={[...PAGE_SIZES]} />}
      title={`resources.${config.name}.name`}
    >
      <DataTable
        rowClick={false}
        hiddenColumns={fields.filter((f) => f.hidden).map((f) => f.source)}
        bulkActionButtons={false}
      >
        {fields.map((field) => (
          <DataTable.Col
            key={field.source}
            source={field.source}
            label={fieldLabel(config, field)}
            disableSort={!field.sortable}
            align={field.type === 'money' || field.type === 'number' ? 'right' : undefined}
            render={(record: RaRecord) =>
              SHORTENED.has(field.source) ? (
                <ShortText value={record[field.source] as string | null} />
              ) : (
                <FieldValue field={field} record={record} />
              )
            }
          />
        ))}
      </DataTable>
    </List>
  );
}
