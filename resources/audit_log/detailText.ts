/**
 * An audit row's `detail` as a staff member reads it in a record's history (the client drawer's 操作记录, a deposit's
 * detail): the trail writes it for operators, in English and codes (an Idempotency-Key, `pair_disabled`, "404
 * not_found: GET …: Client not found"); here it becomes the translation of what it says, or nothing when it says
 * nothing a person needs (a request key). The audit log's own detail view keeps the text as written.
 */
import { TRANSLATED_CODES } from '../../i18n/errorCodes';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const errorCodes = new Set(TRANSLATED_CODES);

/** The reasons the trail writes as bare words (sign-in and password checks), beside the API's error codes. */
export const DETAIL_CODES = [
  'wrong_password',
  'unknown_user',
  'inactive',
  'locked',
  'password_unchanged',
  'mfa_required',
  'mfa_totp',
  'mfa_recovery_code',
] as const;
const detailCodes = new Set<string>(DETAIL_CODES);

/** One code (`pair_disabled`, `wrong_password`) in the UI language, or null when the console does not know it. */
function codeText(code: string, translate: Translate): string | null {
  // the trail's own words first (wrong_password of a sign-in is no "old password" of a change)
  if (detailCodes.has(code)) return translate(`resources.audit_log.detail_codes.${code}`);
  // a validation error's text names its fields, which the trail does not keep
  if (code === 'validation') return translate('errors.codes.bad_request');
  if (errorCodes.has(code)) return translate(`errors.codes.${code}`);
  return null;
}

/** The detail of an audit row in the UI language; null when there is nothing to show. */
export function auditDetailText(detail: string | null | undefined, translate: Translate): string | null {
  const text = detail?.trim();
  if (!text) return null;
  // the request's key: for the trail's replay check, nothing for a person
  if (/^Idempotency-Key \S+$/.test(text)) return null;
  if (/^replayed \(Idempotency-Key \S+\)$/.test(text)) return translate('resources.audit_log.detail_codes.replayed');
  // a refused request: "<status> <code>: <route>: <message>"
  const refused = /^\d{3} ([a-z_]+):/.exec(text);
  if (refused) return codeText(refused[1], translate);
  // a route's permission check: "<METHOD> <route> requires <grant>"
  if (/^[A-Z]+ \S+ requires \S+$/.test(text)) return translate('errors.codes.forbidden');
  const rows = /^(stopped after )?(\d+) rows$/.exec(text);
  if (rows)
    return translate(`resources.audit_log.detail_codes.${rows[1] ? 'rowsStopped' : 'rows'}`, {
      smart_count: Number(rows[2]),
    });
  // one or more codes ("wrong_password; locked")
  const codes = text.split(/;\s*/);
  if (codes.every((c) => /^[a-z][a-z0-9_]*$/.test(c))) {
    const texts = codes.map((c) => codeText(c, translate));
    return texts.every((t) => t !== null) ? texts.join(translate('resources.audit_log.detail_codes.separator')) : null;
  }
  return null;
}
