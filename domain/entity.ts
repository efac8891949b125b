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

import type { Action } from '../permissions/types';

/** The wire type of a field. */
export type FieldKind =
  /** A database id (integer). */
  | 'id'
  | 'integer'
  /** A decimal amount as a string ("12.30"). */
  | 'money'
  /** A decimal that is not an amount (a rate, a fee rate, a price) as a string, with `decimals` decimals. */
  | 'decimal'
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
  /** 'decimal': its decimals (the column's scale), shown by an .xlsx export's number format. */
  readonly decimals?: number;
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

  // Writes (server/core/entity-writes.ts registers create, update and delete from these; the console's create and
  // edit forms take the same fields and rules, resources/engine/entityFields.ts).
  /** The create body (and form) takes it. */
  readonly create?: boolean;
  /** The update body (and edit form) takes it. */
  readonly edit?: boolean;
  /** A value is required (text: not blank) wherever the field is written. */
  readonly required?: boolean;
  /** Required when another field's value is one of `values` (e.g. `{ field: 'kind', values: ['bank'] }`). */
  readonly requiredIf?: { readonly field: string; readonly values: readonly (string | number | boolean)[] };
  /** Numbers: the smallest and largest value accepted. */
  readonly min?: number;
  readonly max?: number;
  /** Text: the shortest value accepted (`maxLength` above is the longest). */
  readonly minLength?: number;
  /** Text: a regular expression the (trimmed) value matches. */
  readonly pattern?: string;
  /**
   * No other row of the tenant has the same value (together with the fields named, e.g. `['chain']`): 409 duplicate
   * on this field otherwise.
   */
  readonly unique?: boolean | readonly string[];
  /** Create: the value when the body leaves the field out. */
  readonly default?: string | number | boolean;
  /** Text: kept as written (by default a written text is trimmed before it is checked and stored). */
  readonly trim?: false;
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
  /**
   * Its menu title (a declared entity of domain/entities.ts: the registry's node, `menu.<name>`); a list without a
   * menu entry of its own (a page's tab): the title its export's sheet takes (domain/menu-titles.ts listTitle).
   */
  readonly title?: Labels;
  /** One row's noun: the audit log's `<name>.create|update|delete` labels ("新增货币对", "Currency pair added"). */
  readonly noun?: Labels;
  /**
   * The grant its create, update and delete need instead of their own verbs (message templates: `message` config,
   * so that composing messages does not grant writing the texts clients receive); the API's routes and the console's
   * generated actions both ask for it.
   */
  readonly writeGrant?: Action;
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

type Flagged<D extends EntityDef, K extends 'create' | 'edit'> = Extract<
  D['fields'][number],
  { readonly [P in K]: true }
>;
type RequiredOf<F> = F extends { readonly required: true } ? F : never;

/** What a write body holds: the fields flagged `K`, the `required` ones required, each of its wire type. */
type WriteBody<D extends EntityDef, K extends 'create' | 'edit'> = {
  [F in RequiredOf<Flagged<D, K>> as F['name']]: Nullable<F, ValueOf<F>>;
} & { [F in Flagged<D, K> as F['name']]?: Nullable<F, ValueOf<F>> };

/** The body of the entity's create (`POST paths.create`). */
export type CreateBody<D extends EntityDef> = WriteBody<D, 'create'>;
/** The body of the entity's update (`PUT paths.update`): a field left out keeps its value. */
export type UpdateBody<D extends EntityDef> = WriteBody<D, 'edit'>;

/** The fields a create or an update writes. */
export const writeFields = (def: EntityDef, mode: 'create' | 'edit') => def.fields.filter((f) => f[mode]);

/** What is wrong with a written value: a field code of the API (`errors.field.<code>` in the console) and its limit. */
export interface WriteProblem {
  readonly code: 'required' | 'invalid' | 'too_long' | 'too_short' | 'too_large' | 'too_small';
  readonly limit?: number;
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Whether a field is required for the body's values (`required`, or its `requiredIf` holds). */
export const isRequiredIn = (f: FieldDef, values: Readonly<Record<string, unknown>>): boolean =>
  !!f.required || (!!f.requiredIf && f.requiredIf.values.includes(values[f.requiredIf.field] as string));

/**
 * The problem of one written value under its field's rules (required, requiredIf, limits, pattern), if any: the one
 * check the API's generated writes and the console's generated forms both run (a form's number may still be text).
 */
export function valueProblem(
  f: FieldDef,
  value: unknown,
  values: Readonly<Record<string, unknown>>,
  mode: 'create' | 'edit',
): WriteProblem | undefined {
  if (isBlank(value)) {
    // an update may leave a field out (it keeps its value); given blank, a required one is refused
    const given = mode === 'create' || value !== undefined;
    return given && isRequiredIn(f, values) ? { code: 'required' } : undefined;
  }
  if (f.kind === 'integer' || f.kind === 'id') {
    const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isSafeInteger(n)) return { code: 'invalid' };
    if (f.min !== undefined && n < f.min) return { code: 'too_small', limit: f.min };
    if (f.max !== undefined && n > f.max) return { code: 'too_large', limit: f.max };
    return undefined;
  }
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (f.minLength !== undefined && text.length < f.minLength) return { code: 'too_short', limit: f.minLength };
  if (f.maxLength !== undefined && text.length > f.maxLength) return { code: 'too_long', limit: f.maxLength };
  if (f.pattern && !new RegExp(f.pattern).test(text)) return { code: 'invalid' };
  return undefined;
}

/** The problems of a create or update body under the definition's rules, by field. */
export function writeProblems(
  def: EntityDef,
  values: Readonly<Record<string, unknown>>,
  mode: 'create' | 'edit',
): Record<string, WriteProblem> {
  const out: Record<string, WriteProblem> = {};
  for (const f of writeFields(def, mode)) {
    const problem = valueProblem(f, values[f.name], values, mode);
    if (problem) out[f.name] = problem;
  }
  return out;
}

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
