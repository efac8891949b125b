import { apiErrorText, type Translate } from '../../../dataProvider/errorText';

/**
 * What the API said about a failed call, in the user's language (the translation of its error code; the server's
 * message only for an unknown code), or undefined when it said nothing: the caller then shows its spec fallback toast.
 */
export function serverText(err: unknown, translate: Translate): string | undefined {
  return apiErrorText(translate, err);
}

/**
 * Whether the server definitely refused a money command without applying it (a 4xx other than 409 "in flight" and
 * 422 "key reused with another body"), so a retry may use a new Idempotency-Key.
 */
export function isDefiniteRefusal(err: unknown): boolean {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 409 && status !== 422;
}

/** Whether a client id is present (spec section 8: 缺少用户 ID otherwise). */
export function hasClientId(id: unknown): id is number | string {
  return id !== null && id !== undefined && id !== '';
}
