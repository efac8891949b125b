import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { RaRecord } from 'ra-core';
import { writeFields, type EntityDef } from '../../domain/entity';
import { fieldsFromEntity, type FieldOverrides } from './entityFields';
import { inputOf } from './schema';
import type { ActionInput, ActionSpec, FormValues, ResourceConfig, ResourceEndpoints } from './types';

/** What a declaration adds to the one made from its definition. */
export interface EntityResourceOptions<R extends RaRecord> extends Omit<
  ResourceConfig<R>,
  'name' | 'resource' | 'endpoints' | 'fields'
> {
  /** Per field, what only the console knows (see fieldsFromEntity). */
  fields?: FieldOverrides;
  /** Endpoints beyond (or instead of) the definition's list, export and create paths. */
  endpoints?: Partial<ResourceEndpoints>;
  /** The generated row actions: changed (e.g. a confirmation of its own) or `false` for none. */
  edit?: Partial<ActionSpec<R>> | false;
  delete?: Partial<ActionSpec<R>> | false;
  /**
   * The create form as a dialog of the list's toolbar instead of the create page (a list shown inside another page,
   * such as a tab, has no page of its own), changed by what is given.
   */
  createDialog?: Partial<ActionSpec<R>> | true;
}

/** The `{ field: i18n key }` cross-field problems of a form's values, as one input's rule. */
const crossRule =
  (validate: ResourceConfig['validate'], source: string) =>
  (values: FormValues): string | undefined =>
    validate?.(values)?.[source];

/**
 * The declaration of an entity from its definition (domain/entity.ts): its name and permission key, its list, export
 * and create endpoints, its fields with their write flags and rules (a create view of the fields flagged `create`),
 * a row action `edit` (a dialog of the fields flagged `edit`, prefilled from the row, `PUT paths.update`) and a row
 * action `delete` (`DELETE paths.delete`), each shown to staff with that grant (or the definition's `writeGrant`).
 * `validate`'s cross-field rules run in the create form and the edit dialog. A hand view stays possible (`views`),
 * the generated actions can be changed or left out (`edit: false`), and the create form can be a dialog
 * (`createDialog`).
 */
export function entityResource<R extends RaRecord = RaRecord>(
  def: EntityDef,
  {
    fields: overrides,
    endpoints,
    edit,
    delete: remove,
    createDialog,
    rowActions = [],
    listActions = [],
    ...rest
  }: EntityResourceOptions<R> = {},
): ResourceConfig<R> {
  const create = createDialog ? undefined : def.paths.create;
  const base: ResourceConfig<R> = {
    name: def.name,
    resource: def.resource,
    endpoints: { list: def.paths.list, export: def.paths.export, create, ...endpoints },
    fields: fieldsFromEntity(def, overrides),
    createDefaults: Object.fromEntries(
      writeFields(def, 'create').flatMap((f) => (f.default === undefined ? [] : [[f.name, f.default]])),
    ),
    ...rest,
  };
  const inputsOf = (mode: 'create' | 'edit'): ActionInput[] =>
    base.fields
      .filter((f) => f[mode])
      .map((f) => {
        const input = inputOf(base as unknown as ResourceConfig, f);
        const cross = crossRule(rest.validate, f.source);
        return {
          ...input,
          type: input.type ?? 'text',
          validate: (value, values) => input.validate?.(value, values) ?? cross(values),
        };
      });
  // an emptied number or choice is not sent (the API keeps the value; a required one was refused by the form)
  const body = (_r: unknown, v: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(v).filter(([n, x]) => x !== '' || isText(base.fields, n)));
  const generatedList: ActionSpec<R>[] = [];
  if (createDialog && def.paths.create && writeFields(def, 'create').length) {
    generatedList.push({
      name: 'create',
      label: 'engine.entity.create',
      icon: AddIcon,
      permission: { action: def.writeGrant ?? 'create' },
      confirm: false,
      inputs: inputsOf('create'),
      prefill: () => ({ ...base.createDefaults }),
      run: { method: 'POST', path: def.paths.create, body },
      ...(createDialog === true ? {} : createDialog),
    });
  }
  const generated: ActionSpec<R>[] = [];
  if (def.paths.update && edit !== false && writeFields(def, 'edit').length) {
    generated.push({
      name: 'edit',
      label: 'engine.entity.edit',
      icon: EditIcon,
      permission: { action: def.writeGrant ?? 'update' },
      confirm: false,
      inputs: inputsOf('edit'),
      // the whole row: the cross-field rules read its other values (e.g. a value checked against the row's type)
      prefill: (r) => ({ ...r }),
      run: { method: 'PUT', path: def.paths.update, body },
      ...edit,
    });
  }
  if (def.paths.delete && remove !== false) {
    generated.push({
      name: 'delete',
      label: 'engine.entity.delete',
      icon: DeleteIcon,
      permission: { action: def.writeGrant ?? 'delete' },
      confirm: 'engine.entity.confirmDelete',
      run: { method: 'DELETE', path: def.paths.delete },
      ...remove,
    });
  }
  return { ...base, rowActions: [...generated, ...rowActions], listActions: [...generatedList, ...listActions] };
}

/** Whether a field is edited as text (an empty text is a value; an empty number or choice is none). */
const isText = (fields: ResourceConfig['fields'], name: string) => {
  const type = fields.find((f) => f.source === name)?.type ?? 'text';
  return type === 'text' || type === 'textarea' || type === 'richtext';
};
