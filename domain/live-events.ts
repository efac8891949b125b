/**
 * Live updates (docs/live-updates.md): what the API pushes to a signed-in console over its event stream
 * (GET /api/events, server-sent events) and the console reads. Plain data both sides import.
 */

/** What changed. */
export const LIVE_KINDS = ['approval', 'deposit', 'withdrawal', 'balance'] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];

/**
 * created: a new request or approval; decided: a decision resolved it (approved, rejected, rolled back); step: one
 * checker of several decided (the approval still waits); moved: a client's balances moved.
 */
export const LIVE_ACTIONS = ['created', 'decided', 'step', 'moved'] as const;
export type LiveAction = (typeof LIVE_ACTIONS)[number];

/** One event as a console receives it (the SSE message's `data`; its `id` is the same `id`). */
export interface LiveEvent {
  /** Decimal, from one database sequence: the same in every API process. */
  id: string;
  kind: LiveKind;
  action: LiveAction;
  /** The record (deposit, withdrawal, approval) or, for balance, the account. */
  record_id: number;
  /** The client it concerns (null: tenant-wide, e.g. a control change's approval). */
  client_id: number | null;
  /** The console resources (lists) that show the record: their lists offer a refresh. */
  resources: string[];
  /** The record's status after the change, if it has one. */
  status: string | null;
  /** The staff member who made the change (null: the client himself, or the system). */
  by: { id: number; name: string } | null;
  /** New deposit or withdrawal requests can ring (console settings). */
  request: boolean;
}

/** The SSE message names: `live` carries a LiveEvent; `reset` says events may have been missed (refetch all). */
export const LIVE_EVENT_NAME = 'live';
export const LIVE_RESET_NAME = 'reset';

/** The fields of a LiveEvent, as the stream sends them (no more: filtering's own fields stay on the server). */
export const LIVE_EVENT_FIELDS = [
  'id',
  'kind',
  'action',
  'record_id',
  'client_id',
  'resources',
  'status',
  'by',
  'request',
] as const satisfies readonly (keyof LiveEvent)[];

/** One server-sent event as the API writes it: `id` (when given), `event`, `data` as one line of JSON. */
export const sseFrame = (event: string, data: unknown, id?: string | null): string =>
  `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
