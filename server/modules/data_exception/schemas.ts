/** JSON schemas of the data-exception routes; the finding's row schema comes from the domain definition. */
import { closed } from '../../core/schema';
import {
  DATA_CHECKS,
  DATA_EXCEPTION_LIMITS,
  dataException,
  RUN_STATUSES,
  RUN_TRIGGERS,
} from '../../../domain/data-exception';
import { rowSchema } from '../../core/entity';

/** A finding as the writes answer it, with what the check saw. */
export const findingDetail = rowSchema(dataException, {
  detail: {
    type: 'object',
    additionalProperties: true,
    description: "What the check saw, as it saw it last (keys per check; the ledger check's report row as is)",
  },
});

/** `{id}` path parameter: the one schema every route shares (server/core/params.ts). */
export { idParams } from '../../core/params';

/** Body of PUT assign/{id}. */
export const assignBody = {
  type: 'object',
  additionalProperties: false,
  propertyNames: { enum: ['assignee_id'] },
  properties: {
    assignee_id: {
      type: 'integer',
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'A staff member of GET assignees',
    },
  },
  required: ['assignee_id'],
} as const;

/** Body of PUT resolve/{id}. */
export const resolveBody = {
  type: 'object',
  additionalProperties: false,
  propertyNames: { enum: ['note'] },
  properties: {
    note: {
      type: 'string',
      minLength: 1,
      maxLength: DATA_EXCEPTION_LIMITS.note,
      description: 'What was found and done (required; blank after trimming is refused)',
    },
  },
  required: ['note'],
} as const;

/** Body of PUT config. */
export const configBody = {
  type: 'object',
  additionalProperties: false,
  propertyNames: { enum: ['pending_hours'] },
  properties: {
    pending_hours: {
      type: 'integer',
      minimum: DATA_EXCEPTION_LIMITS.pendingHours.min,
      maximum: DATA_EXCEPTION_LIMITS.pendingHours.max,
      description: 'A deposit, withdrawal, loan or exchange pending longer than this many hours is a finding',
    },
  },
  required: ['pending_hours'],
} as const;

const checkResult = closed(
  {
    check: { type: 'string', enum: [...DATA_CHECKS] },
    status: { type: 'string', enum: ['pending', 'done', 'failed'] },
    found: { type: 'integer', description: 'Problems the check saw' },
    new: { type: 'integer', description: 'Findings it opened (the others were open already)' },
  },
  ['check', 'status', 'found', 'new'],
);

/** A run of the checks with its progress. */
export const runSchema = closed(
  {
    id: { type: 'integer' },
    trigger: { type: 'string', enum: [...RUN_TRIGGERS] },
    status: { type: 'string', enum: [...RUN_STATUSES] },
    started_at: { type: 'string', format: 'date-time' },
    finished_at: { type: ['string', 'null'], format: 'date-time' },
    started_by_name: { type: ['string', 'null'] },
    checks_done: { type: 'integer' },
    checks_total: { type: 'integer' },
    results: { type: 'array', items: checkResult },
  },
  ['id', 'trigger', 'status', 'started_at', 'finished_at', 'started_by_name', 'checks_done', 'checks_total', 'results'],
);

/** The settings, the schedule and the latest runs. */
export const statusResponse = closed(
  {
    pending_hours: configBody.properties.pending_hours,
    schedule_minutes: { type: 'integer', description: 'Minutes between scheduled runs; 0: on demand only' },
    runs: { type: 'array', items: runSchema, description: 'The latest runs (up to 5), newest first' },
  },
  ['pending_hours', 'schedule_minutes', 'runs'],
);

/** The staff a finding can be assigned to. */
export const assigneesResponse = closed(
  {
    data: {
      type: 'array',
      items: closed({ id: { type: 'integer' }, name: { type: 'string' }, username: { type: 'string' } }, [
        'id',
        'name',
        'username',
      ]),
    },
  },
  ['data'],
);
