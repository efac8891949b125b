import type { FastifyPluginAsync } from 'fastify';
import { users } from '../../../domain/user';
import { requires } from '../../core/access';
import { ctx, signedIn } from '../../core/context';
import { errorResponses } from '../../core/errors';
import { write } from '../../core/write';
import { emptyResponse } from '../auth/schemas';
import { pendingChange } from '../approval/schemas';
import {
  closeUserMfa,
  createUser,
  deleteUser,
  regenerateInvitationCode,
  roleChoices,
  setUserActive,
  updateUser,
  userBefore,
} from './admin-service';
import {
  createUserBody,
  invitationCodeResponse,
  rolesResponse,
  statusBody,
  updateUserBody,
  userIdParams,
} from './schemas';
import { staffRow } from './staff-list';
import type { StaffRow } from './staff';
import type { PendingChangeAnswer } from '../../../domain/approval';
import { typed } from '../../core/typed';

const tags = ['user'];
const route = (path: string | undefined) => path!.replace('{id}', ':id');
const SCOPE =
  'Scope: supervisors and administrators the tenant, a team leader himself and his salesmen (another user: 404); ' +
  'a user whose role is not below the caller\u2019s (an administrator manages every role, administrators too): 403 ' +
  'role_not_allowed.';

/** Managing system users (spec section 7 "Auth and users"); every write is audited with who did it. */
export const userAdminRoutes: FastifyPluginAsync = async (plugin) => {
  const app = typed(plugin);
  app.get(
    route(users.paths.roles),
    {
      config: { permission: requires(users.resource, 'read') },
      schema: {
        tags,
        description:
          'The roles the caller may give (create or set), highest first, with their labels: none above his own; a ' +
          'team leader only salesmen (hero).',
        response: { 200: rolesResponse, ...errorResponses(401, 403) },
      },
    },
    (req) => ({ data: roleChoices(signedIn(ctx(req))) }),
  );

  app.post(
    route(users.paths.create),
    {
      config: { permission: requires(users.resource, 'create') },
      schema: {
        tags,
        description:
          'Creates a staff member (password: MD5 hex, temporary: he must change it at his first sign-in, 403 ' +
          'password_change_required until then) with a new invitation code; the caller is recorded as his creator ' +
          '(he cannot check the caller\u2019s records: 409 checker_not_independent). Answers his list row. A salesman ' +
          '(hero) needs `leader_id`, an active team leader of the tenant (a team leader: himself); other roles none ' +
          '(400 `errors.leader_id`). A role not below the caller\u2019s (an administrator gives every role): 403 ' +
          'role_not_allowed. 409 username_taken. An administrator or a supervisor is a change of the controls: checked ' +
          'now, created only when another administrator approves it in the approvals queue (kind staff_role): the ' +
          'answer is then 202 with the pending approval.',
        body: createUserBody,
        response: { 200: staffRow, 202: pendingChange, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (req, reply) => {
      const answer = await write(req, {
        action: 'user.create',
        resource: users.resource,
        targetId: (r: StaffRow | PendingChangeAnswer) => ('id' in r ? r.id : req.body.username),
        run: (tx) => createUser(tx, ctx(req), req.body),
      });
      return reply.code('pending_approval' in answer ? 202 : 200).send(answer);
    },
  );

  app.put(
    route(users.paths.update),
    {
      config: { permission: requires(users.resource, 'update') },
      schema: {
        tags,
        description:
          'Edits name, role, team leader and, when given, the password (MD5 hex, temporary: his sessions end and he ' +
          'must change it at his next sign-in; the caller is recorded as its setter, see checker_not_independent); answers ' +
          'the list row. Leader rules as on create; the own role and password are not changed here (403 ' +
          `own_account); a team leader who still leads salesmen keeps his role (409 user_has_team). Raising a staff ` +
          'member to administrator or supervisor is a change of the controls: checked now, the edit applies only ' +
          'when another administrator approves it in the approvals queue (kind staff_role; 202 with the pending ' +
          `approval). ${SCOPE}`,
        params: userIdParams,
        body: updateUserBody,
        response: { 200: staffRow, 202: pendingChange, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const answer = await write(req, {
        action: 'user.update',
        resource: users.resource,
        targetId: req.params.id,
        before: (tx) => userBefore(tx, ctx(req), req.params.id),
        run: (tx) => updateUser(tx, ctx(req), req.params.id, req.body),
        after: (r) => ({ ...r, password_changed: req.body.password !== undefined }),
      });
      return reply.code('pending_approval' in answer ? 202 : 200).send(answer);
    },
  );

  app.put(
    route(users.paths.status),
    {
      config: { permission: requires(users.resource, 'update') },
      schema: {
        tags,
        description:
          'Enables or disables a staff member; a disabled one\u2019s sessions end at once (his next request is 401, ' +
          `his refresh token refused). Not the own account (403 own_account). ${SCOPE}`,
        params: userIdParams,
        body: statusBody,
        response: { 200: staffRow, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) =>
      write(req, {
        action: req.body.active ? 'user.enable' : 'user.disable',
        resource: users.resource,
        targetId: req.params.id,
        before: (tx) => userBefore(tx, ctx(req), req.params.id),
        run: (tx) => setUserActive(tx, ctx(req), req.params.id, req.body.active),
      }),
  );

  app.put(
    route(users.paths.code),
    {
      config: { permission: requires(users.resource, 'update') },
      schema: {
        tags,
        description: `A new random invitation code (unique in the tenant) for the staff member; answers it. ${SCOPE}`,
        params: userIdParams,
        response: { 200: invitationCodeResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) =>
      write(req, {
        action: 'user.invitation_code',
        resource: users.resource,
        targetId: req.params.id,
        run: (tx) => regenerateInvitationCode(tx, ctx(req), req.params.id),
      }),
  );

  app.put(
    route(users.paths.mfaClose),
    {
      config: { permission: requires(users.resource, 'update') },
      schema: {
        tags,
        description:
          'Unbinds another staff member\u2019s authenticator (secret and recovery codes dropped; the caller is recorded ' +
          'as who reset it, see checker_not_independent); answers the list ' +
          `row. 400 mfa_not_enabled; the own one: 403 own_account (the authenticator dialog). ${SCOPE}`,
        params: userIdParams,
        response: { 200: staffRow, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) =>
      write(req, {
        action: 'user.mfa_close',
        resource: users.resource,
        targetId: req.params.id,
        before: (tx) => userBefore(tx, ctx(req), req.params.id),
        run: (tx) => closeUserMfa(tx, ctx(req), req.params.id),
      }),
  );

  app.delete(
    route(users.paths.delete),
    {
      config: { permission: requires(users.resource, 'delete') },
      schema: {
        tags,
        description:
          'Deletes a staff member. Refused, nothing deleted, while he owns clients (409 user_has_clients), leads ' +
          'salesmen (409 user_has_team) or is named by money records or KYC reviews (409 user_has_records: disable ' +
          `him instead); not the own account (403 own_account). ${SCOPE}`,
        params: userIdParams,
        response: { 200: emptyResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (req) =>
      write(req, {
        action: 'user.delete',
        resource: users.resource,
        targetId: req.params.id,
        before: (tx) => userBefore(tx, ctx(req), req.params.id),
        run: (tx) => deleteUser(tx, ctx(req), req.params.id),
        after: () => null,
      }),
  );
};
