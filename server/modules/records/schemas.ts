/**
 * JSON schemas shared by the money record routes, derived from the record definitions (domain/records.ts): the list
 * querystring (paging, the definition's sort whitelist and filters, plus the created_at and resolved_at
 * bounds the definition cannot express), the record view (every field of the definition; the staff names and the proof URL optional).
 */
import { RECORD_DETAIL_ONLY } from '../../../domain/records';
import { APPROVAL_KINDS } from '../../../domain/approval';
import type { EntityDef } from '../../../domain/entity';
import { exportParams, listQuery, rowSchema } from '../../core/entity';
import { TOTAL_DESCRIPTION, withParams } from '../../core/list';
import { dayOrTimeField } from '../../core/params';
import { schemaOf } from '../../core/typed';
import type { CsvOptions, ListQuery } from './lists';

/** A `<name>_from` / `<name>_to` pair of day or date-time bounds (server/core/entity.ts dayOrTimeRange). */
const dayOrTimeBounds = <N extends string>(name: N, what: string) =>
  ({
    [`${name}_from`]: dayOrTimeField(`${what} from this day (the tenant's time zone) or date-time (inclusive)`),
    [`${name}_to`]: dayOrTimeField(`${what} up to this day (inclusive, whole day) or date-time`),
  }) as Record<`${N}_from` | `${N}_to`, ReturnType<typeof dayOrTimeField>>;

/**
 * The filters of every record list that a field's filter kind cannot say (date or date-time bounds): when the record
 * was created, and when it was decided (approved or rejected: the day the dashboard counts it).
 */
const dateBounds = {
  ...dayOrTimeBounds('created_at', 'Created'),
  ...dayOrTimeBounds('resolved_at', 'Resolved (approved or rejected)'),
};

/** Query of a record list: paging, the definition's sort whitelist and filters, the created_at and resolved_at bounds and `extra`. */
export const recordListQuery = (def: EntityDef, extra: Record<string, object> = {}) =>
  schemaOf<ListQuery>()({
    ...listQuery(def, { ...dateBounds, ...extra }),
    description: TOTAL_DESCRIPTION,
  });

/** The querystring of a record export: the list's, and the CSV's language (`lang`) and time zone (`tz`). */
export const recordExportQuery = (query: ReturnType<typeof recordListQuery>) =>
  schemaOf<ListQuery & CsvOptions>()(withParams(query, exportParams));

/** Fields of a record view that some answers leave out: the staff names (details only) and the proof URL. */
const OPTIONAL: readonly string[] = [...RECORD_DETAIL_ONLY, 'screenshot_url'];

/** A record's pending approval (maker-checker, domain/approval.ts), or null. */
export const recordApprovalSchema = {
  type: ['object', 'null'],
  description:
    'The pending approval of the record (maker-checker), null when none: its id (GET /approval/admin/v1/detail/{id}), ' +
    "kind (the record's own kind while it awaits its audit, or rollback), the checkers it needs and the approvals so far. " +
    'While it is pending the record is frozen: another rollback is 409 approval_pending.',
  properties: {
    id: { type: 'integer' },
    kind: { type: 'string', enum: [...APPROVAL_KINDS] },
    required_checkers: { type: 'integer' },
    approvals: { type: 'integer' },
  },
  required: ['id', 'kind', 'required_checkers', 'approvals'],
  additionalProperties: false,
} as const;

/** The record view of a definition: every field, those of OPTIONAL not required, `approval`, nothing else. */
export function recordSchema(def: EntityDef, description: string) {
  const row = rowSchema(def, { approval: recordApprovalSchema });
  return { ...row, description, required: row.required.filter((name) => !OPTIONAL.includes(name)) };
}

/** Body of the audit routes. */
export const auditBody = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['approved', 'rejected'] },
    remark: { type: 'string', maxLength: 500 },
  },
  required: ['status'],
} as const;

/** Optional body of the rollback routes. */
export const remarkBody = {
  type: ['object', 'null'],
  properties: { remark: { type: 'string', maxLength: 500 } },
} as const;

/** JSON schema atoms of the other money views (exchange). */
export const str = { type: 'string' } as const;
export const int = { type: 'integer' } as const;
export const intOrNull = { type: ['integer', 'null'] } as const;
export const money = { type: 'string', description: 'Decimal string with 2 decimals' } as const;
