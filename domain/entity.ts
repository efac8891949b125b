/**
 * The plain-data definition of an entity that the console and the API both import (no React, no server code):
 * its fields with their wire types and list/filter/sort/export flags, its enums, its permission resource and the
 * menu parents that also grant it, and its API paths (spec section 7). The console adds icons, titles and views
 * (`resources/<name>/`); the API derives from it the list's querystring and row schemas, the sort whitelist and the
 * CSV columns (`server/core/entity.ts`), and the TypeScript types of both (`Row`, `ListQuery` below).
 *
 * Labels live in the definition (`label`, `valueLabels`, both languages): the console's messages and the CSV headers
 * are made from them, so the two never disagree.
 */

/** The wire type of a field. */
export type FieldKind =
  /** A database id (integer). */
  | 'id'
  | 'integer'
  /** A decimal amount as a string ("12.30"). */
  | 'money'
  | 'text'
  /** Long plain text (several lines). */
  | 'textarea'
  /** HTML from the rich-text editor (sanitised by the API). */
  | 'richtext'
  | 'boolean'
  /** A calendar day, `YYYY-MM-DD`. */
  | 'date'
  /** An instant, ISO 8601 with time zone. */
  | 'datetime'
  /** One of `values`. */
  | 'enum'
  /** Several of `values` (a JSON array). */
  | 'enums'
  /** An image URL (uploaded through the presign call). */
  | 'image'
  | 'currency';

/** How a list filters on a field (the query parameter is the field's name unless said otherwise). */
export type FilterKind =
  /** `field=value`. */
  | 'eq'
  /** `field=prefix`: starts with (text). */
  | 'prefix'
  /** `field_from` / `field_to` (dates, inclusive days). */
  | 'range'
  /** `field=a,b`: one of a comma list (enums). */
  | 'in';

/** A text in both console languages (spec section 1: zh-CN default, en-US). */
export type Labels = { readonly 'zh-CN': string; readonly 'en-US': string };

/** The console languages. */
/** A label in both languages. */
export const l = (zh: string, en: string): Labels => ({ 'zh-CN': zh, 'en-US': en });

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface FieldDef {
  readonly name: string;
  readonly kind: FieldKind;
  /**
   * The field's label in both languages: the console's `resources.<entity>.fields.<name>` and the CSV header. Fields
   * without one take their label from the resource's messages file (and the CSV header is the field name).
   */
  readonly label?: Labels;
  /** 'enum' / 'enums': each value's label (console and CSV); 'boolean': the labels of `true` and `false`. */
  readonly valueLabels?: { readonly [value: string]: Labels };
  /** 'enum' / 'enums': the allowed values. */
  readonly values?: readonly string[];
  /** The value may be null on the wire. */
  readonly nullable?: boolean;
  /** Text: the longest value accepted. */
  readonly maxLength?: number;
  /** A list column (and a CSV column unless `export: false`). */
  readonly list?: boolean;
  /** A filter of the list. */
  readonly filter?: FilterKind;
  /** The list sorts by it (the API sorts only on indexed columns). */
  readonly sort?: boolean;
  /** A CSV column; default: `list`. */
  readonly export?: boolean;
  /** Shown only on the detail (not in the list). */
  readonly detail?: boolean;
}

/** API paths of spec section 7, `{id}` where the record id goes. */
export interface EntityPaths {
  readonly list?: string;
  readonly export?: string;
  readonly one?: string;
  readonly create?: string;
  readonly update?: string;
  readonly delete?: string;
  readonly [action: string]: string | undefined;
}

export interface EntityDef {
  /** Console resource name, route and i18n namespace `resources.<name>`. */
  readonly name: string;
  /** Permission resource (spec section 6). */
  readonly resource: string;
  /** Menu parents that also grant the resource, nearest first (e.g. ['funds']). */
  readonly parents?: readonly string[];
  readonly paths: EntityPaths;
  readonly fields: readonly FieldDef[];
  /** The list's default order. */
  readonly sort?: { readonly field: string; readonly order: 'asc' | 'desc' };
}

/** Declares an entity, keeping its literal types (for `Row` and `ListQuery`). */
export const defineEntity = <const D extends EntityDef>(def: D): D => def;

/** The permission chain of an entity: its resource, then its menu parents. */
export const resourceChain = (def: EntityDef): string[] => [def.resource, ...(def.parents ?? [])];

/** A path with `{id}` filled in. */
export const pathOf = (path: string, id: string | number): string => path.replace('{id}', encodeURIComponent(id));

type ValueOf<F extends FieldDef> = F['kind'] extends 'id' | 'integer'
  ? number
  : F['kind'] extends 'boolean'
    ? boolean
    : F['kind'] extends 'enum'
      ? F['values'] extends readonly (infer V)[]
        ? V
        : string
      : F['kind'] extends 'enums'
        ? F['values'] extends readonly (infer V)[]
          ? V[]
          : string[]
        : string;

type Nullable<F extends FieldDef, T> = F['nullable'] extends true ? T | null : T;

/** A record of the entity as the API answers it. */
export type Row<D extends EntityDef> = {
  [F in D['fields'][number] as F['name']]: Nullable<F, ValueOf<F>>;
};

type FilterParams<F extends FieldDef> = F['filter'] extends 'range'
  ? { [K in `${F['name']}_from` | `${F['name']}_to`]?: string }
  : F['filter'] extends 'in'
    ? { [K in F['name']]?: string }
    : F['filter'] extends 'eq' | 'prefix'
      ? { [K in F['name']]?: ValueOf<F> }
      : object;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** The paging and sorting parameters every list takes. */
export interface PageParams {
  page?: number;
  page_size?: number;
  sort?: string;
  order?: 'asc' | 'desc';
  cursor?: string;
}

/** The querystring of the entity's list (paging, sort, its filters). */
export type ListQuery<D extends EntityDef> = PageParams &
  UnionToIntersection<{ [F in D['fields'][number] as F['name']]: FilterParams<F> }[D['fields'][number]['name']]>;

/** The fields of a definition that a list shows, filters, sorts or exports. */
export const listFields = (def: EntityDef) => def.fields.filter((f) => f.list);
export const filterFields = (def: EntityDef) => def.fields.filter((f) => f.filter);
export const sortFields = (def: EntityDef) => def.fields.filter((f) => f.sort).map((f) => f.name);
export const exportFields = (def: EntityDef) => def.fields.filter((f) => f.export ?? f.list);

/**
 * The console messages of definitions in one language: `fields.<name>` (each field's label) and `<name>_values.<v>`
 * (its value labels), the same texts as the CSV headers and cells. Several definitions merge (a page of documents).
 */
export function entityMessages(defs: EntityDef | readonly EntityDef[], lang: Language) {
  const out: Record<string, Record<string, string>> = { fields: {} };
  for (const def of ([] as EntityDef[]).concat(defs)) {
    for (const f of def.fields) {
      if (f.label) out.fields[f.name] = f.label[lang];
      if (f.valueLabels) {
        out[`${f.name}_values`] = Object.fromEntries(Object.entries(f.valueLabels).map(([v, l]) => [v, l[lang]]));
      }
    }
  }
  return out;
}

/** Who last changed a configuration row (its name), as configuration lists show it. */
export const changedByField = {
  name: 'updated_by_name',
  kind: 'text',
  nullable: true,
  list: true,
  label: { 'zh-CN': '修改人', 'en-US': 'Changed by' },
} as const;

/** When a configuration row last changed. */
export const changedAtField = {
  name: 'updated_at',
  kind: 'datetime',
  list: true,
  label: { 'zh-CN': '修改时间', 'en-US': 'Changed' },
} as const;
