/** JSON schemas of the IP allow-list routes; the row schema comes from the domain definition (domain/ip-access.ts). */
import { closed } from '../../core/schema';
import { IP_ACCESS_MAX, ipAccess } from '../../../domain/ip-access';
import { rowSchema } from '../../core/entity';

/** An entry as the list and the writes answer it. */
export const ipAccessRow = rowSchema(ipAccess);

/** `{id}` path parameter: the one schema every route shares (server/core/params.ts). */
export { idParams } from '../../core/params';

const note = {
  type: ['string', 'null'],
  maxLength: IP_ACCESS_MAX.note,
  description: 'Free text (blank: none)',
} as const;

/** Body of POST create. */
export const createBody = {
  type: 'object',
  additionalProperties: false,
  propertyNames: { enum: ['cidr', 'note'] },
  properties: {
    cidr: {
      type: 'string',
      minLength: 1,
      maxLength: IP_ACCESS_MAX.cidr,
      description: 'IPv4 or IPv6 address or CIDR range: 10.0.0.0/8, 203.0.113.7 (= /32), 2001:db8::/32',
    },
    note,
  },
  required: ['cidr'],
} as const;

/** Body of PUT {id}: only the note changes (a different range is a new entry). */
export const updateBody = {
  type: 'object',
  additionalProperties: false,
  propertyNames: { enum: ['note'] },
  properties: { note },
  required: ['note'],
} as const;

/** Body of PUT status. */
export const statusBody = {
  type: 'object',
  additionalProperties: false,
  propertyNames: { enum: ['enabled'] },
  properties: { enabled: { type: 'boolean' } },
  required: ['enabled'],
} as const;

/** The switch and the caller's own address (GET and PUT status). */
export const statusResponse = closed(
  {
    enabled: { type: 'boolean', description: 'The allow-list is enforced' },
    your_ip: { type: 'string', description: "The caller's address as the API sees it (IPv4-mapped IPv6 as IPv4)" },
    your_ip_allowed: { type: 'boolean', description: "An entry holds the caller's address" },
    entries: { type: 'integer', description: 'How many entries the list has' },
    pending_changes: {
      type: 'integer',
      description: 'How many changes of the list await another administrator in the approvals queue',
    },
  },
  ['enabled', 'your_ip', 'your_ip_allowed', 'entries', 'pending_changes'],
);
