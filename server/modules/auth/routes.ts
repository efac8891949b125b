import type { FastifyPluginAsync } from 'fastify';
import { ctx } from '../../core/context';
import { bearer } from '../../core/auth';
import { errorResponses } from '../../core/errors';
import { CAPTCHA_TTL_SEC, issueCaptcha } from '../../security/captcha';
import {
  captchaResponse,
  emptyResponse,
  loginBody,
  permissionsResponse,
  secondFactorBody,
  tokenResponse,
  userInfoResponse,
} from './schemas';
import { login, logout, permissionPayload, refresh, userInfo, verifyMfa } from './service';
import { typed } from '../../core/typed';

const tags = ['auth'];

/** Sign-in, second factor, token refresh, sign-out and the signed-in staff member's profile and permissions. */
export const authRoutes: FastifyPluginAsync = async (plugin) => {
  const app = typed(plugin);
  app.get(
    '/auth/admin/v1/captcha',
    {
      config: { permission: 'public', rateLimit: 'captcha' },
      schema: {
        tags,
        description:
          'A new single-use captcha (SVG, 4 characters, case-insensitive, valid 120 s). `{ enabled: false }` when ' +
          'AUTH_CAPTCHA=off (development and tests only), unless `force=true`: sign-in then still requires a captcha ' +
          'for a username with LOCKOUT_THRESHOLD recent failures from all addresses together (see login).',
        querystring: {
          type: 'object',
          properties: { force: { type: 'boolean', description: 'Issue one even when AUTH_CAPTCHA=off' } },
        },
        response: { 200: captchaResponse, ...errorResponses(400, 429) },
      },
    },
    async (req) => {
      if (!app.config.captcha && !req.query.force) return { enabled: false };
      const issued = await issueCaptcha(app.db, app.config.passwordPepper);
      app.captchaStore?.set(issued.id, issued.text);
      return { enabled: true, captcha_id: issued.id, image: issued.image, expires_in: CAPTCHA_TTL_SEC };
    },
  );

  app.post(
    '/auth/admin/v1/login',
    {
      config: { permission: 'public', rateLimit: 'login' },
      schema: {
        tags,
        description:
          'Password sign-in. Errors: 400 validation / captcha_required / captcha_invalid, 401 invalid_credentials, ' +
          '423 account_locked, 429 rate_limited (LOGIN_RATE_LIMIT per minute per address).\n\n' +
          'An unknown username, a wrong password and a disabled account answer the same 401 (same code, message and ' +
          'password-hash work). Lockout counts failures per (username, address): the LOCKOUT_THRESHOLD-th failure ' +
          'within LOCKOUT_SECONDS locks that address out of that username for LOCKOUT_SECONDS (423, even with the right ' +
          'password), whether the username exists or not; other addresses are not affected, so an outsider cannot lock ' +
          'a staff member out of his own address. Failures from all addresses together never lock: at ' +
          'LOCKOUT_THRESHOLD they make the captcha required for that username even when AUTH_CAPTCHA=off (get one ' +
          'with `captcha?force=true`). Wrong second-factor codes here and in /user/v1/mfa/disable and wrong old ' +
          'passwords in /user/v1/change_pwd count toward the same lockout. A complete sign-in clears its address.',
        body: loginBody,
        response: { 200: tokenResponse, ...errorResponses(400, 401, 423, 429) },
      },
    },
    (req) => login(ctx(req), req.body),
  );

  app.post(
    '/auth/admin/v1/mfa/verify',
    {
      config: { permission: 'mfa-pending', rateLimit: 'login' },
      schema: {
        tags,
        description:
          'Second sign-in step with the pending token: `{ code }` (each code accepted once) or `{ recovery_code }` (single use). 401 mfa_invalid; ' +
          'wrong codes count toward the sign-in lockout (423 account_locked, and the pending token ends). The pending ' +
          'token is single use, also between parallel requests: one signs in, the others answer 401.',
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
          'No body; `Authorization: Bearer <refresh_token>`. Rotates the refresh token. The same token presented again ' +
          'within REFRESH_GRACE_SECONDS (default 30) of its use (two tabs, parallel requests) answers the same new ' +
          'refresh token and a fresh access token; presented later, it is taken as stolen and its whole session is ' +
          'revoked (401). A session ends SESSION_MAX_HOURS (default 12) after sign-in however often it is refreshed (401).',
        response: { 200: tokenResponse, ...errorResponses(400, 401) },
      },
    },
    (req) => refresh(ctx(req), bearer(req)),
  );

  app.post(
    '/auth/admin/v1/logout',
    {
      config: { permission: 'authenticated', beforePasswordChange: true },
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
      config: { permission: 'authenticated', beforePasswordChange: true },
      schema: {
        tags,
        description:
          "The signed-in staff member's profile. `must_change_password: true`: every other route but change_pwd and logout answers 403 password_change_required.",
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
