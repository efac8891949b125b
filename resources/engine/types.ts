import type { ComponentType } from 'react';
import type { Identifier, RaRecord } from 'ra-core';
import type { Http } from '../../dataProvider/http';
import type { Endpoint } from '../../dataProvider';
import type { OptionSet } from '../labels';

/** How a field's value is shown (and edited). */
export type FieldType =
  | 'text'
  | 'number'
  | 'money'
  | 'currency'
  | 'date'
  | 'datetime'
  | 'boolean'
  | 'option'
  | 'image'
  | 'reference'
  /** A long identifier (address, transaction hash): shortened in lists, in full on hover, with a copy button. */
  | 'identifier'
  /** Long plain text (several lines). */
  | 'textarea'
  /** HTML from the rich-text editor (sanitised by the API, and again before it is shown). */
  | 'richtext'
  /** Several values of `options` (an array). */
  | 'options';

/**
 * How a form input edits a value. Default by field type: money → 'money', number → 'number', boolean → 'boolean',
 * date/datetime → 'date', option → 'option', options → 'options', image → 'image', textarea, richtext; else 'text'.
 */
export type InputType =
  | 'text'
  | 'textarea'
  | 'password'
  /** A decimal (or, with `integer`, a whole number). */
  | 'number'
  /** A decimal string greater than 0 with at most 2 decimals. */
  | 'money'
  /** A calendar day `YYYY-MM-DD`, typed in the UI locale's format. */
  | 'date'
  /** Two days: `from` and `to` (default `<source>_from`, `<source>_to`), the first not after the second. */
  | 'dateRange'
  /** A switch. */
  | 'boolean'
  /** A select of `options`. */
  | 'option'
  /** A multi-select of `options` (an array of ids). */
  | 'options'
  /** A searchable picker of choices loaded by `load`. */
  | 'remoteOption'
  /** One image uploaded through the presign call; the value is its public URL. */
  | 'image'
  /** HTML from a small editor (bold, italic, underline, lists, link, heading). */
  | 'richtext';

/** The values of a form, by source. */
export type FormValues = Record<string, unknown>;

/** The rules of a form input. Messages are i18n keys (translated with the field's values as arguments). */
export interface InputRules {
  /** The value is required. */
  required?: boolean;
  /** The value is required when this holds for the form's values (e.g. `(v) => v.role === 'hero'`). */
  requiredIf?: (values: FormValues) => boolean;
  /** The input shows (and is validated and sent) only when this holds. */
  showIf?: (values: FormValues) => boolean;
  /** A rule of its own: the problem (an i18n key, or one with its arguments), or undefined when the value is fine. */
  validate?: (
    value: unknown,
    values: FormValues,
  ) => string | { key: string; args?: Record<string, unknown> } | undefined;
}

/** One input of a form (create, edit, single-form page, action dialog). */
export interface InputSpec extends InputRules {
  source: string;
  /** Default 'text'. */
  type?: InputType;
  /** i18n key of the label (default per view: `resources.<name>.fields.<source>`, actions `.inputs.<source>`). */
  label?: string;
  /** i18n key of a hint under the input. */
  helperText?: string;
  /** 'option' / 'options': the choices. */
  options?: OptionSet;
  /** 'remoteOption': loads the choices (id and display text) when the form opens. */
  load?: ChoiceLoader;
  /** 'remoteOption': the form values the choices depend on: loaded again (the value cleared) when one changes. */
  loadOn?: string[];
  /** 'remoteOption': the choices are searched as the staff member types (e.g. a client among 100,000), not loaded. */
  search?: ChoiceSearch;
  /** 'money': the record field holding the largest amount accepted (e.g. what a loan still owes). */
  max?: string;
  /** 'number': a whole number, sent as a JSON number. */
  integer?: boolean;
  /** Text: the longest value accepted. */
  maxLength?: number;
  /** 'dateRange': the value names of the first and last day (default `<source>_from` / `<source>_to`). */
  from?: string;
  to?: string;
  /** Shown but not editable. */
  readOnly?: boolean;
  /**
   * 'image': what the upload is for, which decides the grant the API checks (proof: client fund, kyc: kyc update,
   * logo: settings update; default proof).
   */
  purpose?: 'proof' | 'kyc' | 'logo';
}

/** One field of a resource's schema; its label is `resources.<name>.fields.<source>` unless `label` names a key. */
export interface FieldSpec {
  source: string;
  /** Default 'text'. */
  type?: FieldType;
  /** i18n key of the label. */
  label?: string;
  /** The label list of an 'option' field. */
  options?: OptionSet;
  /** Shown as a list column (default true). */
  list?: boolean;
  /** Shown in the show view (default true). */
  show?: boolean;
  /** Editable in the edit view and the single-form page (default false). */
  edit?: boolean;
  /** Also a filter of the matching kind (text, number, option, boolean, or a date range for dates). */
  filter?: boolean;
  /** The list can be sorted by it (default false: the API sorts only on indexed columns). */
  sortable?: boolean;
  /** A list column hidden until chosen in the column chooser. */
  hidden?: boolean;
  /** Money and numbers: negative red, positive green. */
  signed?: boolean;
  /** Money: the record field holding the amount's currency, shown after the amount ('12.34 CNY'). */
  currencySource?: string;
  /** 'reference': the record field holding the referenced id, shown next to the text. */
  idSource?: string;
  /** Editable in the create view (default false). */
  create?: boolean;
  /** Forms: how the value is edited (default from `type`, see InputType). */
  input?: InputType;
  /** Forms: the value is required. */
  required?: boolean;
  /** Forms: required when this holds for the form's values. */
  requiredIf?: InputRules['requiredIf'];
  /** Forms: shown (validated and sent) only when this holds. */
  showIf?: InputRules['showIf'];
  /** Forms: a rule of its own, answering the i18n key of the problem. */
  validate?: InputRules['validate'];
  /** Forms: i18n key of a hint under the input. */
  helperText?: string;
  /** Forms, 'remoteOption' input: loads the choices (again when a value of `loadOn` changes). */
  load?: ChoiceLoader;
  loadOn?: string[];
  /** Forms, 'remoteOption' input: the choices are searched as the staff member types (see InputSpec.search). */
  search?: ChoiceSearch;
  /** Number: a whole number (sent as a JSON number). */
  integer?: boolean;
  /** Text: the longest value accepted. */
  maxLength?: number;
  /** Forms, 'image': what the upload is for (see InputSpec.purpose). */
  purpose?: InputSpec['purpose'];
  /** Date filter: the query parameters of the first and last day (default `<source>_from` / `<source>_to`, as every list takes them). */
  range?: { from: string; to: string };
  /** Shown instead of `record[source]`: a value derived from the record (e.g. a translated state); not editable. */
  value?: (record: RaRecord, translate: (key: string, options?: Record<string, unknown>) => string) => unknown;
}

/** A tab of a show view or form: its label `resources.<name>.tabs.<name>` unless `label` names a key. */
export interface TabSpec {
  name: string;
  /** i18n key of the label. */
  label?: string;
  /** The sources of the fields on the tab, in order. */
  fields?: string[];
  /** Titled groups of fields on the tab, after `fields`. */
  sections?: SectionSpec[];
}

/** A titled group of fields: its title `resources.<name>.sections.<name>` unless `label` names a key. */
export interface SectionSpec {
  name: string;
  /** i18n key of the title. */
  label?: string;
  /** The sources of the fields of the group, in order. */
  fields: string[];
}

/** A master-detail sub-list of the show view: a list API path of the record, paged through the dataProvider. */
export interface RelatedSpec {
  /** Key of the sub-list; the dataProvider resource is `<resource name>.<name>.<record id>`. */
  name: string;
  /** i18n key of the title; default `resources.<resource name>.related.<name>`. */
  label?: string;
  /** The list path, `{id}` where the record's id goes (`/client/admin/v1/{id}/logins`); answers `{ data, total }`. */
  path: string;
  /** Its columns (labels `resources.<resource name>.fields.<source>` unless `label`). */
  fields: FieldSpec[];
  /** Rows per page (default 10). */
  perPage?: number;
  /** The tab it sits on (default: below the record's fields, or a tab of its own when the view has tabs). */
  tab?: string;
}

/** A page of one document, no list (settings): loaded with GET, saved with PUT. */
export interface SingleSpec {
  /** GET path of the document (`{ data }` envelopes are unwrapped). */
  get: string;
  /** PUT path that saves it (the body: the form's fields). */
  put: string;
  /** i18n key of the text shown when the GET fails (default `engine.form.loadFailed`). */
  loadFailed?: string;
  /** What an emptied input sends: null (default) or '' (documents whose fields are strings). */
  emptyAs?: 'null' | 'empty';
}

interface FilterBase {
  /** The query parameter (for a date range, the field it ranges over). */
  source: string;
  /** i18n key of the label; default `resources.<name>.fields.<source>`. */
  label?: string;
  /** Shown in the filter form without picking it from the filter button (default true). */
  alwaysOn?: boolean;
}

/** A filter of the list; its value travels as a query parameter of the list (and export) call. */
export type FilterSpec =
  | (FilterBase & { type: 'text' | 'number' | 'boolean' })
  | (FilterBase & {
      type: 'option';
      options: OptionSet;
      /**
       * i18n key of the empty choice, which filters nothing (default `engine.filter.all`); a filter whose empty value
       * the API reads as one of the options names it here and leaves it out of `options`.
       */
      emptyLabel?: string;
    })
  | (FilterBase & {
      type: 'remoteOption';
      /** Loads the choices (id and display text) when the list opens; a searchable picker shows them. */
      load: ChoiceLoader;
      /** Shown only to staff with this grant (the choices' API may refuse the others). */
      permission?: { resource: string; action: string };
    })
  | (FilterBase & {
      type: 'dateRange';
      /** Query parameter of the first day (default `<source>_from`). */
      from?: string;
      /** Query parameter of the last day, inclusive (default `<source>_to`). */
      to?: string;
    });

/** The API paths of a resource (spec section 7), with `{id}` where the record id goes. */
export interface ResourceEndpoints {
  /** `{ data, total }` list; may carry fixed query parameters (`...?sub_type=loan`). Absent: no list (`single`). */
  list?: string;
  /** One record; without it the resource has no show or edit view. */
  one?: Endpoint;
  /** With fields flagged `create`: the create view at `<path>/create` and a create button on the list. */
  create?: Endpoint;
  update?: Endpoint;
  delete?: Endpoint;
  /** CSV or .xlsx export of the list's filters; default `<list path>/export` with the list's fixed parameters. `false`: none. */
  export?: string | false;
}

/** A choice of a remote option: the value and its display text. */
export interface Choice {
  id: string | number;
  name: string;
}

/** What a remote option's loader or search receives. */
export interface ChoiceContext {
  http: Http;
  record?: RaRecord;
  /** The form's values named by the input's `loadOn`. */
  values?: FormValues;
}

/** Loads the choices of a remote option (an action input or a filter). */
export type ChoiceLoader = (ctx: ChoiceContext) => Promise<Choice[]>;

/** What a search receives: the loader's context and the signal that aborts a superseded request. */
export type SearchContext = ChoiceContext & { signal: AbortSignal };

/**
 * The search of a remote option whose choices are too many to load (a tenant's clients): the picker asks `find` as
 * the staff member types (debounced, the superseded request aborted) and `one` for the label of a value it starts with
 * (an edit form's current client).
 */
export interface ChoiceSearch {
  /** The choices matching the typed text (trimmed, never empty): a first page of them. */
  find: (ctx: SearchContext, text: string) => Promise<Choice[]>;
  /** The choice of a value; null when there is none (any more, or not in the caller's scope). */
  one: (ctx: SearchContext, id: string | number) => Promise<Choice | null>;
  /** Whether the search applies to the form's `loadOn` values (default always); otherwise `load` gives the choices. */
  when?: (values: FormValues) => boolean;
}

/**
 * An input of an action's dialog (e.g. the amount of a repayment): any form input with its rules; its label is
 * `resources.<name>.inputs.<source>` unless `label` names a key.
 */
export interface ActionInput extends InputSpec {
  type: InputType;
}

/** What an action's handler receives. */
export interface ActionContext<R extends RaRecord = RaRecord> {
  /** The row (row actions). */
  record?: R;
  /** The selected ids (bulk actions). */
  ids?: Identifier[];
  /** The dialog's input values. */
  values: Record<string, unknown>;
  http: Http;
  /** Made when the confirmation opened; the same for every retry of that opening. */
  idempotencyKey: string;
}

/** A declarative API call: `{id}` in the path is the row's id. */
export interface ActionRequest<R extends RaRecord = RaRecord> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: (record: R, values: Record<string, unknown>) => unknown;
}

/** A row, bulk or toolbar action: a button, its permission, a confirmation, and the call it makes. */
export interface ActionSpec<R extends RaRecord = RaRecord> {
  /** Key of the action: label `resources.<name>.actions.<name>`, confirmation `resources.<name>.confirm.<name>`. */
  name: string;
  /** i18n key of the label. */
  label?: string;
  icon?: ComponentType;
  /** Who may use it; resource defaults to the resource's permission key (and its menu parents). */
  permission?: { resource?: string; action: string };
  /** When not allowed: hidden (default) or disabled. */
  denied?: 'hide' | 'disable';
  /** Row actions: shown only for rows where this holds (e.g. pending records). */
  when?: (record: R) => boolean;
  /** i18n key of the confirmation text (interpolated with the row's fields); `false`: no confirmation. */
  confirm?: string | false;
  /** Inputs asked in the confirmation dialog. */
  inputs?: ActionInput[];
  /**
   * The inputs' starting values from the row (an edit), or a toolbar action's defaults (its row is then an empty
   * record); default empty (a repayment is not the loan's amount).
   */
  prefill?(record: R): FormValues;
  /** Moves money: the call carries an `Idempotency-Key` header. */
  idempotent?: boolean;
  /** The call: a declarative request or a handler. */
  run: ActionRequest<R> | ((ctx: ActionContext<R>) => Promise<unknown>);
  /** i18n key of the success message; default `engine.action.done`. */
  success?: string;
  /**
   * An answer that waits for checkers (maker-checker): when `when` holds for it, `key` is shown (an information)
   * instead of the success message.
   */
  awaiting?: { key: string; when: (answer: unknown) => boolean };
  /** Text to show after success (e.g. a temporary code), from the answer; shown in a dialog when not empty. */
  result?: (answer: unknown) => string | undefined;
  /** Reload the list after success (default true). */
  refresh?: boolean;
}

/** Props of a list toolbar finder: `onFound` opens the drawer of the record it found. */
export interface FinderProps {
  onFound: (id: Identifier) => void;
}

/** Props of a drawer that opens on a row click. */
export interface DrawerProps<R extends RaRecord = RaRecord> {
  id: Identifier;
  record: R;
  onClose: () => void;
}

/** A lazily loaded component. */
export type LazyComponent<P> = () => Promise<{ default: ComponentType<P> }>;

/** Props a replacement view receives. */
export interface ViewProps {
  config: ResourceConfig;
}

/** The declaration of a resource (DESIGN.md section 2). */
export interface ResourceConfig<R extends RaRecord = RaRecord> {
  /** One name everywhere: route, i18n `resources.<name>`, react-admin resource, permission key unless `resource`. */
  name: string;
  /** Permission resource key; default `name`. */
  resource?: string;
  endpoints: ResourceEndpoints;
  fields: FieldSpec[];
  /** Filters beyond those of fields flagged `filter`. */
  filters?: FilterSpec[];
  sort?: { field: string; order: 'ASC' | 'DESC' };
  /** Default page size (one of 10, 25, 50, 100, 200; default 25). */
  perPage?: number;
  rowActions?: ActionSpec<R>[];
  bulkActions?: ActionSpec<R>[];
  /** Actions of the list toolbar (no row). */
  listActions?: ActionSpec<R>[];
  /** What a row click does; default 'drawer' with a drawer, 'show' with a one endpoint, else nothing. */
  rowClick?: 'show' | 'edit' | 'drawer' | false;
  /** The drawer a row click opens: a component, or 'show' for the generated show view (tabs, sections, related). */
  drawer?: LazyComponent<DrawerProps<R>> | 'show';
  /** A finder in the list toolbar that opens a record's drawer by something other than a row click (e.g. a username). */
  finder?: ComponentType<FinderProps>;
  /** Tabs of the show view and the forms (fields not on any tab show above the tabs). */
  tabs?: TabSpec[];
  /** Titled groups of fields of the show view and the forms (without tabs; with tabs, declare them on a tab). */
  sections?: SectionSpec[];
  /** Master-detail sub-lists of the show view. */
  related?: RelatedSpec[];
  /**
   * The record's type in the audit trail (its permission resource, e.g. 'deposit'): the show view ends with the
   * record's history (resources/audit_log/AuditHistory, shown to staff who may read the audit log).
   */
  history?: string;
  /** A single-form page instead of list/show/edit (fields flagged `edit` are the form). */
  single?: SingleSpec;
  /** The create form's starting values (a definition's `default`s). */
  createDefaults?: FormValues;
  /** Cross-field rules of the create, edit and single forms: `{ field: i18n key }` of the problems. */
  validate?: (values: FormValues) => Record<string, string> | undefined;
  /** Replacement views. */
  views?: {
    list?: LazyComponent<ViewProps>;
    show?: LazyComponent<ViewProps>;
    edit?: LazyComponent<ViewProps>;
    create?: LazyComponent<ViewProps>;
  };
}
