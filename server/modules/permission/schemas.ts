/** JSON schemas of the permission routes (domain/permission.ts). */
import { closed } from '../../core/schema';
import { ACTIONS, ROLES } from '../../../permissions';
import { NARROWINGS_MAX, RESOURCE_PATTERN } from '../../../domain/permission';

const narrowing = closed(
  {
    resource: { type: 'string', pattern: RESOURCE_PATTERN, description: 'Permission resource key, e.g. message' },
    action: { type: 'string', enum: [...ACTIONS] },
  },
  ['resource', 'action'],
);

const narrowings = { type: 'array', items: narrowing, maxItems: NARROWINGS_MAX } as const;

const grant = closed({ resource: { type: 'string' }, actions: { type: 'array', items: { type: 'string' } } }, [
  'resource',
  'actions',
]);

/** One role as the matrix shows it. */
const roleState = closed(
  {
    role: { type: 'string', enum: [...ROLES] },
    name: { type: 'string', description: "The role's name in its JSON file" },
    grants: { type: 'array', items: grant, description: "The role's grants from permissions/roles/<role>.json" },
    removed: { ...narrowings, description: "The tenant's narrowings of the role" },
    feature_flags: { type: 'object', additionalProperties: { type: 'boolean' }, description: 'Read-only' },
  },
  ['role', 'name', 'grants', 'removed', 'feature_flags'],
);

/** GET list: every role's grants and the tenant's narrowings, at the tenant's version. */
export const listResponse = closed(
  {
    version: { type: 'integer', minimum: 0, description: "The tenant's permission version (0: never narrowed)" },
    actions: { type: 'array', items: { type: 'string' } },
    roles: { type: 'array', items: roleState },
  },
  ['version', 'actions', 'roles'],
);

/** One version of the tenant's narrowings. */
export const versionRow = closed(
  {
    version: { type: 'integer' },
    role: { type: 'string' },
    removed: { ...narrowings, description: 'Narrowings this version added' },
    restored: { ...narrowings, description: 'Narrowings this version lifted (grants given back)' },
    changed_by: { type: ['integer', 'null'] },
    changed_by_name: { type: ['string', 'null'] },
    changed_at: { type: 'string', format: 'date-time' },
  },
  ['version', 'role', 'removed', 'restored', 'changed_by', 'changed_by_name', 'changed_at'],
);

/** GET history. */
export const historyResponse = closed({ items: { type: 'array', items: versionRow } }, ['items']);

export const historyQuery = closed({ limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 } });

/** `{role}` path parameter. */
export const roleParams = {
  type: 'object',
  properties: { role: { type: 'string', enum: [...ROLES] } },
  required: ['role'],
} as const;

/** PUT role: the role's whole set of narrowings, and the version the caller saw. */
export const roleBody = closed(
  {
    removed: { ...narrowings, description: 'Every action removed from the role in this tenant (replaces the set)' },
    version: { type: 'integer', minimum: 0, maximum: 2147483647, description: 'The version the caller saw' },
  },
  ['removed', 'version'],
);
