import type { FastifyPluginAsync } from 'fastify';
import { ctx } from '../../core/context';
import { bearer } from '../../core/auth';
import { errorResponses } from '../../core/errors';
import { CAPTCHA_TTL_SEC, issueCaptcha } from '../../security/captcha';
import type { SecondFactor } from '../../security/second-factor';
import {
  captchaResponse,
  emptyResponse,
  loginBody,
  permissionsResponse,
  secondFactorBody,
  tokenResponse,
  userInfoResponse,
} from './schemas';
import { login, logout, permissionPayload, refresh, userInfo, verifyMfa, type LoginInput } from './service';

const tags = ['auth'];

/** Sign-in, second factor, token refresh, sign-out and the signed-in staff member's profile and permissions. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/auth/admin/v1/captcha',
    {
      config: { permission: 'public', rateLimit: 'captcha' },
      schema: {
        tags,
        description:
          'A new single-use captcha (SVG, 4 characters, case-insensitive, valid 120 s). `{ enabled: false }` when AUTH_CAPTCHA=off (tests only).',
        response: { 200: captchaResponse, ...errorResponses(400, 429) },
      },
    },
    async () => {
      if (!app.config.captcha) return { enabled: false };
      const issued = await issueCaptcha(app.db, app.config.passwordPepper);
      app.captchaStore?.set(issued.id, issued.text);
      return { enabled: true, captcha_id: issued.id, image: issued.image, expires_in: CAPTCHA_TTL_SEC };
    },
  );

  app.post<{ Body: LoginInput }>(
    '/auth/admin/v1/login',
    {
      config: { permission: 'public', rateLimit: 'login' },
      schema: {
        tags,
        description:
          'Password sign-in. Errors: 400 validation / captcha_required / captcha_invalid, 401 invalid_credentials, ' +
          '423 account_locked (after LOCKOUT_THRESHOLD consecutive failures, for LOCKOUT_SECONDS), 429 rate_limited (per IP).',
        body: loginBody,
        response: { 200: tokenResponse, ...errorResponses(400, 401, 423, 429) },
      },
    },
    (req) => login(ctx(req), req.body),
  );

  app.post<{ Body: SecondFactor }>(
    '/auth/admin/v1/mfa/verify',
    {
      config: { permission: 'mfa-pending', rateLimit: 'login' },
      schema: {
        tags,
        description:
          'Second sign-in step with the pending token: `{ code }` (each code accepted once) or `{ recovery_code }` (single use). 401 mfa_invalid.',
        body: secondFactorBody,
        response: { 200: tokenResponse, ...errorResponses(400, 401, 423, 429) },
      },
    },
    (req) => verifyMfa(ctx(req), req.body),
  );

  app.post(
    '/auth/admin/v1/token/refresh',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        description:
          'No body; `Authorization: Bearer <refresh_token>`. Rotates the refresh token. A refresh token used twice revokes its whole session (401).',
        response: { 200: tokenResponse, ...errorResponses(400, 401) },
      },
    },
    (req) => refresh(ctx(req), bearer(req)),
  );

  app.post(
    '/auth/admin/v1/logout',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        description: 'Ends the session and revokes its refresh tokens.',
        response: { 200: emptyResponse, ...errorResponses(401) },
      },
    },
    async (req) => {
      await logout(ctx(req));
      return {};
    },
  );

  app.get(
    '/auth/admin/v1/userinfo',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        description: "The signed-in staff member's profile.",
        response: { 200: userInfoResponse, ...errorResponses(401) },
      },
    },
    (req) => userInfo(ctx(req)),
  );

  app.get(
    '/auth/admin/v1/permissions',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        description:
          "The signed-in staff member's permission payload: role grants from permissions/roles/<role>.json, feature flags and a version that changes with the grants.",
        response: { 200: permissionsResponse, ...errorResponses(401) },
      },
    },
    (req) => permissionPayload(ctx(req)),
  );
};
