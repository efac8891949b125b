import type { FastifyPluginAsync } from 'fastify';
import { ctx } from '../../core/context';
import { errorResponses } from '../../core/errors';
import { emptyResponse, secondFactorBody } from '../auth/schemas';
import { bindStartResponse, changePasswordBody, codeBody, recoveryCodesResponse } from './schemas';
import { changePassword, disableMfa, regenerateRecoveryCodes, startMfaBind, verifyMfaBind } from './service';
import { staffListRoutes } from './staff-list';
import { userAdminRoutes } from './admin';
import { typed } from '../../core/typed';

const tags = ['user'];

/**
 * The staff list and managing system users (staff-list.ts, admin.ts), and the signed-in staff member's own password
 * and authenticator (self-service: any signed-in staff).
 */
export const userRoutes: FastifyPluginAsync = async (plugin) => {
  const app = typed(plugin);
  await app.register(staffListRoutes);
  await app.register(userAdminRoutes);
  app.post(
    '/user/v1/change_pwd',
    {
      config: { permission: 'authenticated', beforePasswordChange: true },
      schema: {
        tags,
        description:
          'Changes the own password (both values MD5 hex). Every session of the user ends, so the console signs out. 400 wrong_password; ' +
          '400 password_unchanged when the new password is the current one; wrong old passwords count toward the sign-in ' +
          'lockout of this address and toward the account\u2019s own lockout from every address (423 account_locked, see login).',
        body: changePasswordBody,
        response: { 200: emptyResponse, ...errorResponses(400, 401, 423) },
      },
    },
    async (req) => {
      await changePassword(ctx(req), req.body);
      return {};
    },
  );

  app.post(
    '/user/v1/mfa/bind/start',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        description:
          'Starts binding an authenticator: a new pending TOTP secret (SHA1, 30 s, 6 digits). 400 mfa_already_enabled.',
        response: { 200: bindStartResponse, ...errorResponses(400, 401) },
      },
    },
    (req) => startMfaBind(ctx(req)),
  );

  app.post(
    '/user/v1/mfa/bind/verify',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        description: 'Confirms the pending authenticator with a current code; MFA is then on. 400 mfa_invalid.',
        body: codeBody,
        response: { 200: emptyResponse, ...errorResponses(400, 401) },
      },
    },
    async (req) => {
      await verifyMfaBind(ctx(req), req.body.code);
      return {};
    },
  );

  app.post(
    '/user/v1/mfa/recovery_codes',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        description:
          'A new set of 10 single-use recovery codes (xxxx-xxxx), shown once; the previous set stops working. 400 mfa_not_enabled.',
        response: { 200: recoveryCodesResponse, ...errorResponses(400, 401) },
      },
    },
    (req) => regenerateRecoveryCodes(ctx(req)),
  );

  app.post(
    '/user/v1/mfa/disable',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        description:
          'Turns MFA off with `{ code }` or `{ recovery_code }`. 400 mfa_invalid / mfa_not_enabled; wrong codes count ' +
          'toward the sign-in lockout of this address (423 account_locked, see login).',
        body: secondFactorBody,
        response: { 200: emptyResponse, ...errorResponses(400, 401, 423) },
      },
    },
    async (req) => {
      await disableMfa(ctx(req), req.body);
      return {};
    },
  );
};
