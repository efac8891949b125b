/** JSON schemas of the approval routes, derived from the queue's definition (domain/approval.ts). */
import { ANY_CURRENCY, approval, APPROVAL_DECISIONS, APPROVAL_KINDS } from '../../../domain/approval';
import { rowSchema } from '../../core/entity';

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
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          id: { type: 'string', description: '<approval id>:<checker id>' },
          checker_id: { type: 'integer' },
          checker_name: { type: ['string', 'null'] },
          decision: { type: 'string', enum: [...APPROVAL_DECISIONS] },
          remark: { type: ['string', 'null'] },
          at: { type: 'string', format: 'date-time' },
        },
        required: ['id', 'checker_id', 'checker_name', 'decision', 'remark', 'at'],
      },
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
export const decideBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    decision: { type: 'string', enum: [...APPROVAL_DECISIONS] },
    remark: { type: 'string', maxLength: 500 },
  },
  required: ['decision'],
} as const;

/** The menu badge's numbers. */
export const countSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    total: { type: 'integer', description: 'Approvals waiting for the caller' },
    by_kind: {
      type: 'object',
      description: 'The same by kind (kinds with none left out)',
      additionalProperties: false,
      properties: Object.fromEntries(APPROVAL_KINDS.map((k) => [k, { type: 'integer' }])),
    },
    etag: { type: 'string', description: 'The ETag header of this answer (send it back as If-None-Match)' },
  },
  required: ['total', 'by_kind', 'etag'],
} as const;

const tierAmount = {
  type: ['string', 'integer'],
  description: 'Decimal amount ≥ 0 in the currency, at most 2 decimals (e.g. "10000" or "0.10")',
} as const;

/** One tier of the policy. */
export const policyRow = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: 'string', description: '<kind>:<currency>' },
    kind: { type: 'string', enum: [...APPROVAL_KINDS] },
    currency: { type: 'string', description: `A currency code, or ${ANY_CURRENCY} for every other currency` },
    enabled: { type: 'boolean' },
    one_checker_from: { type: 'string' },
    two_checkers_from: { type: ['string', 'null'] },
    source: { type: 'string', enum: ['tenant', 'default'] },
  },
  required: ['id', 'kind', 'currency', 'enabled', 'one_checker_from', 'two_checkers_from', 'source'],
} as const;

export const policyList = {
  type: 'object',
  additionalProperties: false,
  properties: { data: { type: 'array', items: policyRow } },
  required: ['data'],
} as const;

/** Body of PUT policy: one tier. */
export const policyBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    kind: { type: 'string', enum: [...APPROVAL_KINDS] },
    currency: { type: 'string', pattern: '^(\\*|[A-Za-z]{3,10})$' },
    enabled: { type: 'boolean' },
    one_checker_from: tierAmount,
    two_checkers_from: { ...tierAmount, type: ['string', 'integer', 'null'] },
  },
  required: ['kind', 'currency', 'enabled', 'one_checker_from'],
} as const;

/** The decisions of one approval as a list. */
export const decisionList = {
  type: 'object',
  additionalProperties: false,
  properties: { data: approvalDetailSchema.properties.decisions, total: { type: 'integer' } },
  required: ['data', 'total'],
} as const;
