import type { FastifyPluginAsync } from 'fastify';
import { users } from '../../../domain/user';
import { listQuery, rowSchema } from '../../core/entity';
import { listResponseSchema, TOTAL_DESCRIPTION } from '../../core/list';
import { requires } from '../../core/access';
import { ctx } from '../../core/context';
import { errorResponses } from '../../core/errors';
import { listStaff, STAFF_FULL_MAX, STAFF_SORTS } from './staff';
import { typed } from '../../core/typed';

const tags = ['user'];

/**
 * Querystring of GET /user/v1/list: the `users` entity's (paging, its sorts, its filters: role one or a comma list,
 * active, username prefix, leader_id), plus `full` and the `created_at` alias of the `create_datetime` sort.
 */
export const staffListQuery = listQuery(users, {
  full: {
    type: 'boolean',
    description: `true: every match (at most ${STAFF_FULL_MAX}) in one answer; page, page_size and cursor are ignored`,
  },
  sort: { type: 'string', enum: STAFF_SORTS },
});

/** A staff row: the `users` entity's fields (no password hash, MFA secret or sign-in data). */
export const staffRow = rowSchema(users);

/** GET /user/v1/list: the tenant's staff members (spec section 7 "paged or full"). */
export const staffListRoutes: FastifyPluginAsync = async (plugin) => {
  const app = typed(plugin);
  app.get(
    users.paths.list,
    {
      config: { permission: requires(users.resource, 'read') },
      schema: {
        tags,
        description:
          'Staff members of the tenant, by id by default; `sort` one of ' +
          `${STAFF_SORTS.join(', ')}. Paged (page, page_size, cursor), or \`full=true\`: every match up to ` +
          `${STAFF_FULL_MAX} in the same \`{ data, total }\` shape, next_cursor null (data shorter than total: cut at ` +
          'the cap). Filters: role (one or a comma list), active, username prefix, leader_id. Data scope: supervisors ' +
          'and administrators see every staff member of the tenant, a team leader himself and his salesmen; salesmen ' +
          `have no users grant (403). \`mfa\`: an authenticator is bound. ${TOTAL_DESCRIPTION}`,
        querystring: staffListQuery,
        response: { 200: listResponseSchema(staffRow), ...errorResponses(400, 401, 403) },
      },
    },
    (req) => listStaff(ctx(req), req.query),
  );
};
