import type { RaRecord } from 'ra-core';
import type { ActionSpec, FieldSpec, FilterSpec, InputSpec, InputType, ResourceConfig } from './types';

/** Page sizes the list offers (the API's page_size is at most 200). */
export const PAGE_SIZES = [10, 25, 50, 100, 200] as const;

/** The permission resource key of a resource. */
export const permissionKey = (config: ResourceConfig): string => config.resource ?? config.name;

/** The fields shown as list columns. */
export const listFields = (config: ResourceConfig): FieldSpec[] => config.fields.filter((f) => f.list !== false);
/** The fields of the show view. */
export const showFields = (config: ResourceConfig): FieldSpec[] => config.fields.filter((f) => f.show !== false);
/** The fields of the edit view. */
export const editFields = (config: ResourceConfig): FieldSpec[] => config.fields.filter((f) => f.edit === true);

/** The fields of the create view. */
export const createFields = (config: ResourceConfig): FieldSpec[] => config.fields.filter((f) => f.create === true);

/** Whether the resource has a create view (a create endpoint and fields flagged `create`). */
export const hasCreate = (config: ResourceConfig): boolean =>
  !!config.views?.create || (!!config.endpoints.create && createFields(config).length > 0);

/** How a field is edited when it does not say. */
const INPUT_OF_TYPE: Partial<Record<NonNullable<FieldSpec['type']>, InputType>> = {
  money: 'money',
  number: 'number',
  boolean: 'boolean',
  date: 'date',
  option: 'option',
  options: 'options',
  image: 'image',
  textarea: 'textarea',
  richtext: 'richtext',
};

/** The form input of a field (its rules, choices and label). */
export const inputOf = (config: ResourceConfig, field: FieldSpec): InputSpec => ({
  source: field.source,
  type: field.input ?? INPUT_OF_TYPE[field.type ?? 'text'] ?? 'text',
  label: fieldLabel(config, field),
  helperText: field.helperText,
  options: field.options,
  load: field.load,
  loadOn: field.loadOn,
  search: field.search,
  integer: field.integer,
  maxLength: field.maxLength,
  purpose: field.purpose,
  required: field.required,
  requiredIf: field.requiredIf,
  showIf: field.showIf,
  validate: field.validate,
});

/** Whether the resource has a show view (it needs a one endpoint) and an edit view (it also needs update). */
export const hasShow = (config: ResourceConfig): boolean => !!config.endpoints.one || !!config.views?.show;
/** Whether the resource has an edit view. */
export const hasEdit = (config: ResourceConfig): boolean =>
  !!config.views?.edit || (!!config.endpoints.one && !!config.endpoints.update && editFields(config).length > 0);

/** The filter a field flagged `filter` stands for. */
function fieldFilter(field: FieldSpec): FilterSpec {
  switch (field.type) {
    case 'option':
      return { type: 'option', source: field.source, label: field.label, options: field.options ?? [] };
    case 'boolean':
      return { type: 'boolean', source: field.source, label: field.label };
    case 'number':
    case 'money':
      return { type: 'number', source: field.source, label: field.label };
    case 'date':
    case 'datetime':
      return { type: 'dateRange', source: field.source, label: field.label, ...field.range };
    default:
      return { type: 'text', source: field.source, label: field.label };
  }
}

/** Every filter of the resource: those of fields flagged `filter`, then the declared ones. */
export function filtersOf(config: ResourceConfig): FilterSpec[] {
  return [...config.fields.filter((f) => f.filter).map(fieldFilter), ...(config.filters ?? [])];
}

/** The query parameters of a date-range filter. */
export function rangeParams(filter: Extract<FilterSpec, { type: 'dateRange' }>): { from: string; to: string } {
  return { from: filter.from ?? `${filter.source}_from`, to: filter.to ?? `${filter.source}_to` };
}

/** The label key of a field or filter. */
export const fieldLabel = (config: ResourceConfig, item: { source: string; label?: string }): string =>
  item.label ?? `resources.${config.name}.fields.${item.source}`;

/** The label key of an action. */
export const actionLabel = (config: ResourceConfig, action: ActionSpec<RaRecord>): string =>
  action.label ?? `resources.${config.name}.actions.${action.name}`;

/** The confirmation key of an action, or null when it runs without one. */
export const actionConfirm = (config: ResourceConfig, action: ActionSpec<RaRecord>): string | null =>
  action.confirm === false ? null : (action.confirm ?? `resources.${config.name}.confirm.${action.name}`);

/** The label key of an action's input. */
export const inputLabel = (config: ResourceConfig, input: { source: string; label?: string }): string =>
  input.label ?? `resources.${config.name}.inputs.${input.source}`;

/** A path template with `{id}` (or `:id`) filled in. */
export const fillPath = (template: string, id: unknown): string =>
  template.replace(/\{id\}|:id\b/g, encodeURIComponent(String(id ?? '')));

/** The export call of the list: path and the list's fixed query parameters, or null when it has none. */
export function exportEndpoint(config: ResourceConfig): { path: string; query: Record<string, string> } | null {
  const { list, export: explicit } = config.endpoints;
  if (explicit === false || (!list && !explicit)) return null;
  const [listPath, listQuery = ''] = (list ?? '').split('?');
  const [path, ownQuery = ''] = (explicit ?? `${listPath}/export`).split('?');
  const query = Object.fromEntries(new URLSearchParams(explicit ? ownQuery : listQuery));
  return { path, query };
}

/** The query of a list or export call: the filters, the sort and order as the dataProvider sends them. */
export function listQuery(
  filter: Record<string, unknown>,
  sort?: { field?: string; order?: string },
): Record<string, unknown> {
  return { sort: sort?.field || undefined, order: sort?.order?.toLowerCase() || undefined, ...filter };
}

/**
 * Every i18n key a declaration shows: its name, field, filter, option, action, confirmation and input labels, its
 * tabs, sections and related sub-lists (tests check that both languages have them).
 */
export function declarationKeys(config: ResourceConfig): string[] {
  const actions = [...(config.rowActions ?? []), ...(config.bulkActions ?? []), ...(config.listActions ?? [])];
  const tabLabel = (t: { name: string; label?: string }) => t.label ?? `resources.${config.name}.tabs.${t.name}`;
  const sectionLabel = (s: { name: string; label?: string }) =>
    s.label ?? `resources.${config.name}.sections.${s.name}`;
  const related = config.related ?? [];
  const keys = [
    `resources.${config.name}.name`,
    ...config.fields.map((f) => fieldLabel(config, f)),
    ...config.fields.flatMap((f) => (f.options ?? []).map((o) => o.name)),
    ...config.fields.flatMap((f) => (f.helperText ? [f.helperText] : [])),
    ...filtersOf(config).map((f) => fieldLabel(config, f)),
    ...actions.map((a) => actionLabel(config, a)),
    ...actions.flatMap((a) => actionConfirm(config, a) ?? []),
    ...actions.flatMap((a) => (a.inputs ?? []).map((i) => inputLabel(config, i))),
    ...actions.flatMap((a) => (a.success ? [a.success] : [])),
    ...actions.flatMap((a) => (a.awaiting ? [a.awaiting.key] : [])),
    ...(config.tabs ?? []).map(tabLabel),
    ...(config.tabs ?? []).flatMap((t) => (t.sections ?? []).map(sectionLabel)),
    ...(config.sections ?? []).map(sectionLabel),
    // a related list on a tab of its own is named by its title
    ...related.map((r) => r.label ?? `resources.${config.name}.related.${r.name}`),
    ...related.flatMap((r) => r.fields.map((f) => fieldLabel(config, f))),
  ];
  return [...new Set(keys)];
}
