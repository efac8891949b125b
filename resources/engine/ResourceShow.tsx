import { useRecordContext } from 'ra-core';
import { EditButton, Show, SimpleShowLayout, TopToolbar } from 'react-admin';
import { FieldValue } from './FieldValue';
import { RowActions } from './RowActions';
import { fieldLabel, hasEdit, showFields } from './schema';
import type { ResourceConfig } from './types';

/** The show view's toolbar: edit (when the resource has an edit view) and the row actions of the record. */
function ShowToolbar({ config }: { config: ResourceConfig }) {
  const record = useRecordContext();
  return (
    <TopToolbar>
      {hasEdit(config) && <EditButton />}
      {record && <RowActions config={config} record={record} />}
    </TopToolbar>
  );
}

/** The generated show view of a resource: its fields flagged `show`, labelled, and its row actions. */
export function ResourceShow({ config }: { config: ResourceConfig }) {
  return (
    <Show resource={config.name} actions={<ShowToolbar config={config} />} title={`resources.${config.name}.name`}>
      <SimpleShowLayout>
        {showFields(config).map((field) => (
          <FieldValue key={field.source} field={field} source={field.source} label={fieldLabel(config, field)} />
        ))}
      </SimpleShowLayout>
    </Show>
  );
}
