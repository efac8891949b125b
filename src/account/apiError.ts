/**
 * Reads the fields of a dataProvider/http.ts ApiError without importing it (duck typing), so that the
 * sign-in and account screens can tell a server answer (status, code, message, field errors) from a
 * network failure or a plain Error.
 */
export interface ErrorInfo {
  /** HTTP status, present only when the server answered. */
  status?: number;
  code?: string;
  /** The server's own message (message/error/msg), present only when the server answered with one. */
  serverMessage?: string;
  /** Field -> message, as the server's `errors`. */
  errors?: Record<string, string>;
  /** Any message, server or local (e.g. a machine precondition). */
  message?: string;
}

/** Normalises anything thrown by the http client or the auth machine into an ErrorInfo. */
export function errorInfo(error: unknown): ErrorInfo {
  if (error == null) return {};
  if (typeof error === 'string') return { message: error };
  if (typeof error !== 'object') return {};
  const e = error as Record<string, unknown>;
  const status = typeof e.status === 'number' ? e.status : undefined;
  const body = e.body && typeof e.body === 'object' ? (e.body as Record<string, unknown>) : undefined;
  const code = typeof e.code === 'string' ? e.code : typeof body?.code === 'string' ? body.code : undefined;
  const message = typeof e.message === 'string' && e.message ? e.message : undefined;
  let serverMessage: string | undefined;
  if (typeof e.fromServer === 'boolean') {
    // dataProvider/http.ts ApiError says whether its message came from the server.
    serverMessage = e.fromServer ? message : undefined;
  } else if (status !== undefined && status > 0) {
    const candidates = [message, body?.message, body?.error, body?.msg];
    serverMessage = candidates.find((m): m is string => typeof m === 'string' && m.trim() !== '');
  }
  const rawErrors = (e.errors ?? body?.errors) as unknown;
  let errors: Record<string, string> | undefined;
  if (rawErrors && typeof rawErrors === 'object' && !Array.isArray(rawErrors)) {
    errors = {};
    for (const [k, v] of Object.entries(rawErrors as Record<string, unknown>)) {
      if (typeof v === 'string') errors[k] = v;
      else if (Array.isArray(v) && typeof v[0] === 'string') errors[k] = v[0];
    }
  }
  return { status, code, serverMessage, errors, message };
}
