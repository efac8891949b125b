import { absoluteUrl } from '../../authProvider/refresh';
import { ApiError, serverMessage, withQuery } from '../../dataProvider/http';

/** The file formats of an export (the API's `format`; CSV when absent). */
export type ExportFormat = 'csv' | 'xlsx';

/** Opens a streamed GET of the API (bearer, tenant) and answers the raw Response. */
export type OpenStream = (path: string, query: Record<string, unknown>, signal: AbortSignal) => Promise<Response>;

/** Progress of an export: rows and bytes received so far, and the row total when the server announced it. */
export interface ExportProgress {
  rows: number;
  bytes: number;
  total?: number;
}

/** A finished export. */
export interface ExportResult {
  blob: Blob;
  /** A CSV's rows (an .xlsx's are not counted: 0). */
  rows: number;
  /** The row total the server announced, if any. */
  total?: number;
  bytes: number;
  /** The file name the server suggested (Content-Disposition), if any. */
  filename?: string;
}

export interface StreamOpenerDeps {
  profile: { apiBase: string; tenantId: string };
  tokens: { get(): { access: string } | null };
  /** Refreshes the tokens; rejects when the session is over. */
  refresh: () => Promise<unknown>;
  fetch?: typeof fetch;
}

/**
 * An OpenStream with the http client's headers (X-Tenant-Id, bearer) that refreshes once on 401.
 * The http client parses whole bodies, so a download that must stream opens its own request.
 */
export function createStreamOpener(deps: StreamOpenerDeps): OpenStream {
  return async (path, query, signal) => {
    const send = () => {
      const accept = query.format === 'xlsx' ? XLSX_TYPE : 'text/csv';
      const headers: Record<string, string> = { Accept: accept, 'X-Tenant-Id': deps.profile.tenantId };
      const access = deps.tokens.get()?.access;
      if (access) headers.Authorization = `Bearer ${access}`;
      return (deps.fetch ?? globalThis.fetch)(absoluteUrl(`${deps.profile.apiBase}${withQuery(path, query)}`), {
        headers,
        signal,
      });
    };
    const res = await send();
    if (res.status !== 401) return res;
    await deps.refresh();
    return send();
  };
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const QUOTE = 0x22;
const NEWLINE = 0x0a;

/** Counts CSV record ends in byte chunks, ignoring newlines inside quoted fields (UTF-8 never embeds these bytes). */
export function createRowCounter(): { push(chunk: Uint8Array): void; lines(): number } {
  let quoted = false;
  let lines = 0;
  let pending = false; // bytes after the last record end
  return {
    push(chunk) {
      for (let i = 0; i < chunk.length; i++) {
        const b = chunk[i];
        if (b === QUOTE) quoted = !quoted;
        else if (b === NEWLINE && !quoted) {
          lines++;
          pending = false;
          continue;
        }
        pending = true;
      }
    },
    lines: () => lines + (pending ? 1 : 0),
  };
}

function filenameOf(res: Response): string | undefined {
  const cd = res.headers.get('Content-Disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd);
  if (star) return decodeURIComponent(star[1]);
  return /filename="?([^";]+)"?/i.exec(cd)?.[1];
}

/**
 * Streams an export into a Blob, reporting bytes as they arrive and, for a CSV, its rows (excluding the header line;
 * an .xlsx, `format=xlsx` in the query, is compressed: its rows are not counted).
 * Aborting `signal` stops the download (the promise rejects with an AbortError).
 */
export async function streamExport(
  open: OpenStream,
  path: string,
  query: Record<string, unknown>,
  onProgress: (p: ExportProgress) => void,
  signal: AbortSignal,
): Promise<ExportResult> {
  const res = await open(path, query, signal);
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    const message = serverMessage(body);
    const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
    throw new ApiError(
      message ?? `${res.status}`,
      res.status,
      typeof code === 'string' ? code : undefined,
      undefined,
      body,
      !!message,
    );
  }
  const announced = Number(res.headers.get('X-Total-Count'));
  const total =
    Number.isFinite(announced) && announced >= 0 && res.headers.has('X-Total-Count') ? announced : undefined;
  const csv = query.format !== 'xlsx';
  const counter = csv ? createRowCounter() : { push: () => undefined, lines: () => 0 };
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  const rows = () => Math.max(counter.lines() - 1, 0);
  if (res.body) {
    const reader = res.body.getReader();
    const cancel = () => reader.cancel().catch(() => undefined);
    signal.addEventListener('abort', cancel, { once: true });
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (signal.aborted) throw new DOMException('Export cancelled', 'AbortError');
        if (done) break;
        chunks.push(value);
        bytes += value.byteLength;
        counter.push(value);
        onProgress({ rows: rows(), bytes, total });
      }
    } finally {
      signal.removeEventListener('abort', cancel);
    }
  } else {
    const buffer = new Uint8Array(await res.arrayBuffer());
    chunks.push(buffer);
    bytes = buffer.byteLength;
    counter.push(buffer);
    onProgress({ rows: rows(), bytes, total });
  }
  const type = res.headers.get('Content-Type') ?? (csv ? 'text/csv;charset=utf-8' : XLSX_TYPE);
  return { blob: new Blob(chunks as BlobPart[], { type }), rows: rows(), total, bytes, filename: filenameOf(res) };
}

/** Offers a Blob as a file download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
