/** JSON schemas of the approval routes, derived from the queue's definition (domain/approval.ts). */
import { closed } from '../../core/schema';
import {
  ANY_CURRENCY,
  approval,
  APPROVAL_DECISIONS,
  APPROVAL_KINDS,
  CONTROL_KINDS,
  MONEY_KINDS,
} from '../../../domain/approval';
import { rowSchema } from '../../core/entity';
import type { Input } from '../../core/typed';

const row = rowSchema(approval);

/** One approval with its decisions, whether the caller may decide, and its record. */
export const approvalDetailSchema = {
  ...row,
  description: 'An approval with its checkers, and the record it is about',
  properties: {
    ...row.properties,
    decisions: {
      type: 'array',
      description: "Each checker's decision, oldest first",
      items: closed(
        {
          id: { type: 'string', description: '<approval id>:<checker id>' },
          checker_id: { type: 'integer' },
          checker_name: { type: ['string', 'null'] },
          decision: { type: 'string', enum: [...APPROVAL_DECISIONS] },
          remark: { type: ['string', 'null'] },
          at: { type: 'string', format: 'date-time' },
        },
        ['id', 'checker_id', 'checker_name', 'decision', 'remark', 'at'],
      ),
    },
    can_decide: {
      type: 'boolean',
      description: 'Pending, of a kind the caller may check, not made by him, not yet decided by him',
    },
    record: {
      type: ['object', 'null'],
      additionalProperties: true,
      description:
        'The record as its own detail answers it (deposit, withdrawal or overdrawn record, or exchange record); null ' +
        "outside the caller's data scope",
    },
  },
  required: [...row.required, 'decisions', 'can_decide', 'record'],
} as const;

/** Body of a decision. */
export const decideBody = closed(
  {
    decision: { type: 'string', enum: [...APPROVAL_DECISIONS] },
    remark: { type: 'string', maxLength: 500 },
  },
  ['decision'],
);

/** The menu badge's numbers. */
export const countSchema = closed(
  {
    total: { type: 'integer', description: 'Approvals waiting for the caller' },
    by_kind: {
      type: 'object',
      description: 'The same by kind (kinds with none left out)',
      additionalProperties: false,
      properties: Object.fromEntries(APPROVAL_KINDS.map((k) => [k, { type: 'integer' }])),
    },
    etag: { type: 'string', description: 'The ETag header of this answer (send it back as If-None-Match)' },
  },
  ['total', 'by_kind', 'etag'],
);

const tierAmount = {
  type: ['string', 'integer'],
  description: 'Decimal amount ≥ 0 in the currency, at most 2 decimals (e.g. "10000" or "0.10")',
} as const;

/** One tier of the policy. */
export const policyRow = closed(
  {
    id: { type: 'string', description: '<kind>:<currency>' },
    kind: { type: 'string', enum: [...MONEY_KINDS] },
    currency: { type: 'string', description: `A currency code, or ${ANY_CURRENCY} for every other currency` },
    enabled: { type: 'boolean' },
    one_checker_from: { type: 'string' },
    two_checkers_from: { type: ['string', 'null'] },
    maker_daily_limit: {
      type: ['string', 'null'],
      description: "What one maker may make without a checker in the tenant's day (null: no limit)",
    },
    client_daily_limit: {
      type: ['string', 'null'],
      description: "What one client may receive without a checker in the tenant's day (null: no limit)",
    },
    source: { type: 'string', enum: ['tenant', 'default'] },
    pending_approval_id: {
      type: ['integer', 'null'],
      description: 'A change of this row awaiting a second administrator (its approval id), or null',
    },
  },
  [
    'id',
    'kind',
    'currency',
    'enabled',
    'one_checker_from',
    'two_checkers_from',
    'maker_daily_limit',
    'client_daily_limit',
    'source',
    'pending_approval_id',
  ],
);

/** The answer of a request that opened a control change (202): nothing changed yet. */
export const pendingChange = {
  type: 'object',
  additionalProperties: false,
  description: 'The change awaits a second administrator in the approvals queue; nothing has changed yet',
  properties: {
    pending_approval: closed(
      {
        id: { type: 'integer', description: 'The approval to check (GET /approval/admin/v1/detail/{id})' },
        kind: { type: 'string', enum: [...CONTROL_KINDS] },
        status: { type: 'string', enum: ['pending'] },
        required_checkers: { type: 'integer' },
      },
      ['id', 'kind', 'status', 'required_checkers'],
    ),
  },
  required: ['pending_approval'],
} as const;

export const policyList = closed({ data: { type: 'array', items: policyRow } }, ['data']);

/** Body of PUT policy: one tier. */
export const policyBody = closed(
  {
    kind: { type: 'string', enum: [...MONEY_KINDS] },
    currency: { type: 'string', pattern: '^(\\*|[A-Za-z]{3,10})$' },
    enabled: { type: 'boolean' },
    one_checker_from: tierAmount,
    two_checkers_from: { ...tierAmount, type: ['string', 'integer', 'null'] },
    maker_daily_limit: {
      ...tierAmount,
      type: ['string', 'integer', 'null'],
      description: 'Cumulative limit per maker and day (empty or null: the built-in default); omitted: unchanged',
    },
    client_daily_limit: {
      ...tierAmount,
      type: ['string', 'integer', 'null'],
      description: 'Cumulative limit per client and day (empty or null: the built-in default); omitted: unchanged',
    },
  },
  ['kind', 'currency', 'enabled', 'one_checker_from'],
);
/** A tier to set, as its route's schema has checked it. */
export type PolicyInput = Input<typeof policyBody>;

/** The decisions of one approval as a list. */
export const decisionList = closed({ data: approvalDetailSchema.properties.decisions, total: { type: 'integer' } }, [
  'data',
  'total',
]);
