import {
  BooleanInput,
  DateInput,
  DateTimeInput,
  Edit,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
} from 'react-admin';
import { editFields, fieldLabel } from './schema';
import type { FieldSpec, ResourceConfig } from './types';

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Keeps amounts as decimal strings (a number input would round them through a float). */
const decimal = (value: unknown) =>
  value === undefined || value === null || value === '' || DECIMAL.test(String(value).trim())
    ? undefined
    : 'engine.action.invalidNumber';

/** The input of an editable field. */
function FieldInput({ config, field }: { config: ResourceConfig; field: FieldSpec }) {
  const props = {
    source: field.source,
    label: fieldLabel(config, field),
    validate: field.required ? [required()] : undefined,
  };
  switch (field.type) {
    case 'boolean':
      return <BooleanInput {...props} />;
    case 'date':
      return <DateInput {...props} />;
    case 'datetime':
      return <DateTimeInput {...props} />;
    case 'option':
      return <SelectInput {...props} choices={(field.options ?? []).map((o) => ({ id: o.id, name: o.name }))} />;
    case 'money':
    case 'number':
      return <TextInput {...props} validate={[...(props.validate ?? []), decimal]} />;
    default:
      return <TextInput {...props} />;
  }
}

/** The generated edit view of a resource: its fields flagged `edit`, saved through the update endpoint. */
export function ResourceEdit({ config }: { config: ResourceConfig }) {
  return (
    <Edit resource={config.name} mutationMode="pessimistic" title={`resources.${config.name}.name`}>
      <SimpleForm>
        {editFields(config).map((field) => (
          <FieldInput key={field.source} config={config} field={field} />
        ))}
      </SimpleForm>
    </Edit>
  );
}
