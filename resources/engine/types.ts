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
  | 'identifier';

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
  /** Editable in the edit view (default false). */
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
  /** Edit view: the value is required. */
  required?: boolean;
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
  | (FilterBase & { type: 'option'; options: OptionSet })
  | (FilterBase & {
      type: 'remoteOption';
      /** Loads the choices (id and display text) when the list opens; a searchable picker shows them. */
      load: ChoiceLoader;
      /** Shown only to staff with this grant (the choices' API may refuse the others). */
      permission?: { resource: string; action: string };
    })
  | (FilterBase & {
      type: 'dateRange';
      /** Query parameter of the first day (default `<source>_gte`). */
      from?: string;
      /** Query parameter of the last day, inclusive (default `<source>_lte`). */
      to?: string;
    });

/** The API paths of a resource (spec section 7), with `{id}` where the record id goes. */
export interface ResourceEndpoints {
  /** `{ data, total }` list; may carry fixed query parameters (`...?sub_type=loan`). */
  list: string;
  /** One record; without it the resource has no show or edit view. */
  one?: Endpoint;
  create?: Endpoint;
  update?: Endpoint;
  delete?: Endpoint;
  /** CSV export of the list's filters; default `<list path>/export` with the list's fixed parameters. `false`: none. */
  export?: string | false;
}

/** Loads the choices of a remote option (an action input or a filter). */
export type ChoiceLoader = (ctx: { http: Http; record?: RaRecord }) => Promise<{ id: string | number; name: string }[]>;

/** An input of an action's dialog (e.g. the amount of a repayment). */
export interface ActionInput {
  source: string;
  /** 'image': one image uploaded through the presign call; the value is its public URL. */
  type: 'text' | 'password' | 'money' | 'number' | 'option' | 'remoteOption' | 'image';
  /** i18n key; default `resources.<name>.inputs.<source>`. */
  label?: string;
  required?: boolean;
  /** 'option': the choices. */
  options?: OptionSet;
  /** 'remoteOption': loads the choices (id and display text) when the dialog opens. */
  load?: ChoiceLoader;
  /** 'money': the row field holding the largest amount accepted (e.g. what a loan still owes); checked when numeric. */
  max?: string;
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
  /** Moves money: the call carries an `Idempotency-Key` header. */
  idempotent?: boolean;
  /** The call: a declarative request or a handler. */
  run: ActionRequest<R> | ((ctx: ActionContext<R>) => Promise<unknown>);
  /** i18n key of the success message; default `engine.action.done`. */
  success?: string;
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
  /** The drawer a row click opens. */
  drawer?: LazyComponent<DrawerProps<R>>;
  /** A finder in the list toolbar that opens a record's drawer by something other than a row click (e.g. a username). */
  finder?: ComponentType<FinderProps>;
  /** Replacement views. */
  views?: { list?: LazyComponent<ViewProps>; show?: LazyComponent<ViewProps>; edit?: LazyComponent<ViewProps> };
}
