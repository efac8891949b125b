/** The server's own message of a failed call when it sent one (spec section 7: preferred over fallback texts). */
export function serverText(err: unknown): string | undefined {
  const e = err as { fromServer?: boolean; message?: unknown } | null;
  return e && e.fromServer && typeof e.message === 'string' && e.message.trim() ? e.message : undefined;
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
