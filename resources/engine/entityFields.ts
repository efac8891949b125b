import { valueProblem, type EntityDef, type FieldDef, type FieldKind, type WriteProblem } from '../../domain/entity';
import type { OptionSet } from '../labels';
import type { FieldSpec, FieldType } from './types';

/** The engine's field type of a domain field kind. */
const TYPE_OF_KIND: Record<FieldKind, FieldType> = {
  id: 'number',
  integer: 'number',
  money: 'money',
  // shown as the API gives it (all its decimals)
  decimal: 'text',
  text: 'text',
  textarea: 'textarea',
  richtext: 'richtext',
  boolean: 'boolean',
  date: 'date',
  datetime: 'datetime',
  enum: 'option',
  enums: 'options',
  image: 'image',
  currency: 'currency',
};

/** What a console declaration adds to (or changes in) a domain field; `false` leaves the field out. */
export type FieldOverride = Partial<Omit<FieldSpec, 'source'>> | false;

/** Per field name, what the declaration adds; `options` replaces the enum's generated labels. */
export type FieldOverrides = Record<string, FieldOverride>;

/** The option set of an enum field: labels `resources.<entity>.<field>_values.<value>`. */
export function enumOptions(def: Pick<EntityDef, 'name'>, field: Pick<FieldDef, 'name' | 'values'>): OptionSet {
  return (field.values ?? []).map((value) => ({
    id: value,
    name: `resources.${def.name}.${field.name}_values.${value}`,
  }));
}

/** A problem of the domain's rules as the form shows it: `required` as every form says it, else the API's text. */
export const problemKey = (p: WriteProblem) =>
  p.code === 'required'
    ? { key: 'engine.action.required' }
    : { key: `errors.field.${p.code}`, args: { limit: p.limit } };

/** The form rules of a written field, from the definition (the API checks the same, domain/entity.ts valueProblem). */
function writeRules(field: FieldDef): Partial<FieldSpec> {
  if (!field.create && !field.edit) return {};
  const { requiredIf } = field;
  return {
    create: !!field.create,
    edit: !!field.edit,
    required: !!field.required,
    ...(requiredIf
      ? { requiredIf: (v: Record<string, unknown>) => requiredIf.values.includes(v[requiredIf.field] as string) }
      : {}),
    validate: (value, values) => {
      const problem = valueProblem(field, value, values, 'edit');
      return problem && problem.code !== 'required' ? problemKey(problem) : undefined;
    },
  };
}

/** The engine field of one domain field (list, show, filter and sort flags from the definition). */
function fieldOf(def: EntityDef, field: FieldDef): FieldSpec {
  const type = TYPE_OF_KIND[field.kind];
  const spec: FieldSpec = {
    source: field.name,
    type,
    list: !!field.list,
    filter: !!field.filter,
    sortable: !!field.sort,
  };
  if (type === 'option' || type === 'options') spec.options = enumOptions(def, field);
  if (field.kind === 'id' || field.kind === 'integer') spec.integer = true;
  if (field.maxLength) spec.maxLength = field.maxLength;
  // the domain's date-range filters travel as `<field>_from` / `<field>_to`
  if (field.filter === 'range') spec.range = { from: `${field.name}_from`, to: `${field.name}_to` };
  return { ...spec, ...writeRules(field) };
}

/**
 * The engine fields of a domain entity definition, in its order: list columns, filters and sort as the definition
 * flags them, every field on the show view, enums as options labelled `resources.<name>.<field>_values.<value>`.
 * `overrides` adds per field what only the console knows (form flags and rules, an OptionSet, a label, hidden...),
 * or `false` to leave a field out.
 *
 * @example
 * fields: fieldsFromEntity(kycEntity, { status: { options: kycStatuses, edit: true }, secret: false })
 */
export function fieldsFromEntity(def: EntityDef, overrides: FieldOverrides = {}): FieldSpec[] {
  return def.fields.flatMap((field) => {
    const override = overrides[field.name];
    if (override === false) return [];
    return [{ ...fieldOf(def, field), ...override }];
  });
}
