import type { RaRecord } from 'ra-core';
import type { ActionSpec, FieldSpec, FilterSpec, ResourceConfig } from './types';

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
      return { type: 'dateRange', source: field.source, label: field.label };
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
  return { from: filter.from ?? `${filter.source}_gte`, to: filter.to ?? `${filter.source}_lte` };
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
  if (explicit === false) return null;
  const [listPath, listQuery = ''] = list.split('?');
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
