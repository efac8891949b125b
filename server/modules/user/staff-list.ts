import type { FastifyPluginAsync } from 'fastify';
import { listQuerySchema, listResponseSchema, TOTAL_DESCRIPTION, type ListParams } from '../../core/list';
import { requires } from '../../core/access';
import { ctx } from '../../core/context';
import { errorResponses } from '../../core/errors';
import { listStaff, STAFF_FULL_MAX, STAFF_ROLES, STAFF_SORTS, type StaffFilters } from './staff';

const tags = ['user'];
const ROLE = `(${STAFF_ROLES.join('|')})`;

/** Querystring of GET /user/v1/list. */
export const staffListQuery = listQuerySchema(STAFF_SORTS, {
  full: {
    type: 'boolean',
    description: `true: every match (at most ${STAFF_FULL_MAX}) in one answer; page, page_size and cursor are ignored`,
  },
  role: {
    type: 'string',
    pattern: `^${ROLE}(,${ROLE})*$`,
    description: `One role or a comma list: ${STAFF_ROLES.join(', ')}`,
  },
  active: { type: 'boolean' },
  username: { type: 'string', maxLength: 64, description: 'Username prefix' },
  leader_id: { type: 'integer', minimum: 1, description: 'Staff whose team leader this is (his salesmen)' },
});

/** A staff row (no password hash, MFA secret or sign-in data). */
export const staffRow = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    username: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', enum: [...STAFF_ROLES] },
    active: { type: 'boolean' },
    leader_id: { type: ['integer', 'null'] },
    leader_name: { type: ['string', 'null'], description: "The team leader's name" },
    create_datetime: { type: 'string' },
  },
  required: ['id', 'username', 'name', 'role', 'active', 'leader_id', 'leader_name', 'create_datetime'],
} as const;

/** GET /user/v1/list: the tenant's staff members (spec section 7 "paged or full"). */
export const staffListRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: StaffFilters & ListParams }>(
    '/user/v1/list',
    {
      config: { permission: requires('users', 'read') },
      schema: {
        tags,
        description:
          'Staff members of the tenant, by id by default; `sort` one of ' +
          `${STAFF_SORTS.join(', ')}. Paged (page, page_size, cursor), or \`full=true\`: every match up to ` +
          `${STAFF_FULL_MAX} in the same \`{ data, total }\` shape, next_cursor null (data shorter than total: cut at ` +
          'the cap). Filters: role (one or a comma list), active, username prefix, leader_id. Data scope: supervisors ' +
          'and administrators see every staff member of the tenant, a team leader himself and his salesmen; salesmen ' +
          `have no users grant (403). ${TOTAL_DESCRIPTION}`,
        querystring: staffListQuery,
        response: { 200: listResponseSchema(staffRow), ...errorResponses(400, 401, 403) },
      },
    },
    (req) => listStaff(ctx(req), req.query),
  );
};
