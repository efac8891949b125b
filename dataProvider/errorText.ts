/**
 * The one place where the console turns a failed call into words. An API error (`{ message, code, request_id,
 * errors? }`) shows the translation of its `code` in the user's language (i18n `errors.codes.<code>`; a validation
 * error names its fields); the server's own message is shown only for a code the console does not know. The id of the
 * failed request follows the text (`errors.withRequestId`: 余额不足（请求编号 3f9a…）), so that staff can quote it and an
 * operator finds the request in the API's log and audit trail (docs/operations.md).
 */
import { errorCodeMessages, TRANSLATED_CODES } from '../i18n/errorCodes';
import { tagRequestId } from '../i18n/core';
import { errorKey } from '../i18n/messages/errors';
import { ApiError } from './http';

/** react-admin's translate function. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const known = new Set(TRANSLATED_CODES);
const fieldKeys = new Set(Object.keys(errorCodeMessages['en-US'].fields));

interface ErrorLike {
  status?: unknown;
  code?: unknown;
  message?: unknown;
  errors?: unknown;
  fromServer?: unknown;
  body?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);

/** The fields a validation error names, translated (`errors.fields.<field>`, else as sent), comma-separated. */
function fieldList(translate: Translate, errors: unknown): string {
  const names = errors && typeof errors === 'object' ? Object.keys(errors) : [];
  return names
    .map((f) => (fieldKeys.has(f) ? translate(`errors.fields.${f}`) : f))
    .join(translate('errors.fieldSeparator', { _: ', ' }));
}

/** What a request id may be (as the API checks an incoming X-Request-Id): nothing else is shown. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The id of the failed request (the API's `request_id`), when the error is an API answer that carries one. */
export function requestIdOf(err: unknown): string | undefined {
  const body = err && typeof err === 'object' ? (err as ErrorLike).body : undefined;
  const id = body && typeof body === 'object' ? (body as { request_id?: unknown }).request_id : undefined;
  return typeof id === 'string' && SAFE_REQUEST_ID.test(id) ? id : undefined;
}

/** `text`, followed by the id of the failed request when the error carries one. */
export function withRequestId(translate: Translate, err: unknown, text: string): string {
  const id = requestIdOf(err);
  return id ? translate('errors.withRequestId', { text, id, _: `${text} (${id})` }) : text;
}

/**
 * The text of an error the API (or the http client) answered, with the failed request's id when it has one: the translated code; for an unknown code the server's
 * message; our own provider error texts (i18n/messages/errors.ts) translated. Undefined when the error carries
 * nothing to show (a plain exception, no answer), so that the caller shows its own fallback text.
 */
export function apiErrorText(translate: Translate, err: unknown): string | undefined {
  const shown = ownText(translate, err);
  return shown === undefined ? undefined : withRequestId(translate, err, shown);
}

function ownText(translate: Translate, err: unknown): string | undefined {
  if (typeof err === 'string') {
    const key = errorKey(err);
    return key ? translate(key, { _: err }) : undefined;
  }
  if (!err || typeof err !== 'object') return undefined;
  const e = err as ErrorLike;
  const body = (e.body && typeof e.body === 'object' ? e.body : {}) as ErrorLike;
  const code = text(e.code) ?? text(body.code);
  // No answer (network failure) or a bare server failure: nothing specific was said, so the caller's own text
  // (the spec section 8 toasts: 无法完成充值, 无法添加奖励, ...) applies.
  if (code === 'network' || code === 'internal' || e.status === 0) return undefined;
  if (code && known.has(code)) {
    if (code !== 'validation') return translate(`errors.codes.${code}`);
    const fields = fieldList(translate, e.errors ?? body.errors);
    return fields ? translate('errors.codes.validation', { fields }) : translate('errors.codes.bad_request');
  }
  const serverMessage =
    e.fromServer === true ? text(e.message) : e.fromServer === false ? undefined : (text(body.message) ?? undefined);
  if (serverMessage) return serverMessage;
  const own = text(e.message);
  const key = own ? errorKey(own) : undefined;
  return key ? translate(key, { _: own }) : undefined;
}

const fieldCodes = new Set(Object.keys(errorCodeMessages['en-US'].field));

/**
 * The per-field texts of a validation error, for the inputs of a form: each field's stable code (`field_codes` of the
 * answer) in the user's language (`errors.field.<code>`, with its limit); the server's text only for a field or code
 * the console does not know. Undefined when the error names no field.
 */
export function fieldErrorTexts(translate: Translate, err: unknown): Record<string, string> | undefined {
  if (!(err instanceof ApiError) || !err.errors || !Object.keys(err.errors).length) return undefined;
  const body = (err.body && typeof err.body === 'object' ? err.body : {}) as {
    field_codes?: Record<string, { code?: unknown; limit?: unknown }>;
  };
  const codes = body.field_codes && typeof body.field_codes === 'object' ? body.field_codes : {};
  return Object.fromEntries(
    Object.entries(err.errors).map(([field, serverText]) => {
      const problem = Object.hasOwn(codes, field) ? codes[field] : undefined;
      const code = typeof problem?.code === 'string' && fieldCodes.has(problem.code) ? problem.code : undefined;
      return [field, code ? translate(`errors.field.${code}`, { limit: problem?.limit, _: serverText }) : serverText];
    }),
  );
}

/**
 * apiErrorText, or the translation of `fallback` (an i18n key) when the error carries nothing to show (a 500 still
 * shows its request id).
 */
export function errorText(translate: Translate, err: unknown, fallback = 'errors.requestFailed'): string {
  return apiErrorText(translate, err) ?? withRequestId(translate, err, translate(fallback));
}

/**
 * The error react-admin shows itself (its list and form notifications translate `message` as an i18n key): an API
 * error with a known code gets the message key `errors.codes.<code>` (a validation error `errors.codes.bad_request`,
 * its fields stay in `errors` for the form), tagged with the failed request's id when it has one (the console's
 * i18nProvider shows it after the text, i18n/core.ts); anything else is left as it is.
 */
export function forReactAdmin(err: unknown): unknown {
  if (!(err instanceof ApiError) || !err.code || !known.has(err.code)) return err;
  const key = err.code === 'validation' ? 'errors.codes.bad_request' : `errors.codes.${err.code}`;
  const id = requestIdOf(err);
  return new ApiError(id ? tagRequestId(key, id) : key, err.status, err.code, err.errors, err.body, false);
}

/** Whether an error is the API's answer with this code. */
export function hasErrorCode(err: unknown, code: string): boolean {
  const e = (err ?? {}) as ErrorLike;
  return e.code === code || (e.body as ErrorLike | undefined)?.code === code;
}
