/**
 * Lists, CSV: cells (RFC 4180, formula-safe), a stream of batches with a BOM and a header row, keyset batches by id,
 * and the attachment answer of an export in either format (CSV, or .xlsx from xlsx.ts), audited.
 */
import { Readable } from 'node:stream';
import { and, gt, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Rows fetched per keyset batch of a CSV export. */
export const EXPORT_BATCH = 1000;

/** A CSV column: its header and how a row gives its cell. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => unknown;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/** One CSV cell (RFC 4180 quoting; text starting like a spreadsheet formula is prefixed with ' to stay text). */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A CSV stream (UTF-8 with BOM so spreadsheets read Chinese names, header row first) of every row `fetch` gives:
 * `fetch(last)` answers the next batch of at most EXPORT_BATCH rows after `last` (null: the first batch).
 */
export function csvStream<T>(columns: CsvColumn<T>[], fetch: (last: T | null) => Promise<T[]>): Readable {
  const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
  const count = { rows: 0 };
  async function* lines() {
    yield `\uFEFF${line(columns.map((c) => c.header))}`;
    // The next batch is read while this one is formatted and sent (the database and Node work side by side).
    let next: Promise<T[]> | null = fetch(null);
    while (next) {
      const rows: T[] = await next;
      next = null;
      if (rows.length === 0) return;
      if (rows.length >= EXPORT_BATCH) {
        next = fetch(rows[rows.length - 1]);
        // a download stopped meanwhile leaves this read unawaited: its failure is not an unhandled rejection
        next.catch(() => undefined);
      }
      yield rows.map((r) => line(columns.map((c) => c.value(r)))).join('');
      count.rows += rows.length;
    }
  }
  const stream = Readable.from(lines());
  countRows(stream, count);
  return stream;
}

/** The rows an export stream (csvStream, xlsxStream) has produced so far (for the export's audit row). */
const exportedRows = new WeakMap<Readable, { rows: number }>();

/** Registers the row count an export stream keeps up to date (its audit row reads it). */
export const countRows = (stream: Readable, count: { rows: number }) => void exportedRows.set(stream, count);

/** The file formats of an export (`format`, default csv). */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Query parameters that do not choose the rows (the file's format, language and zone, a list's paging defaults). */
const FILE_PARAMS = new Set(['format', 'lang', 'tz', 'page', 'page_size', 'cursor']);

/**
 * The export's audit row (`list.export`: who, which list, its filters, its format, how many rows, whether it was sent
 * whole),
 * written when the last row has been handed to the response, or when the download stops early; an export that
 * fails or is cut off is a `failure` with the rows sent so far.
 */
function audited(req: FastifyRequest, filename: string, format: ExportFormat, stream: Readable): Readable {
  const p = req.routeOptions.config.permission;
  const resource = p && typeof p !== 'string' ? ([] as string[]).concat(p.resource)[0] : undefined;
  const query = Object.fromEntries(
    Object.entries((req.query ?? {}) as Record<string, unknown>).filter(([k]) => !FILE_PARAMS.has(k)),
  );
  async function* through() {
    let whole = false;
    try {
      for await (const chunk of stream) yield chunk as string | Buffer;
      whole = true;
    } finally {
      const rows = exportedRows.get(stream)?.rows ?? null;
      await req
        .audit({
          action: 'list.export',
          resource,
          result: whole ? 'success' : 'failure',
          after: { list: req.routeOptions.url, filters: query, format, rows, file: filename },
          detail: whole ? `${rows ?? '?'} rows` : `stopped after ${rows ?? '?'} rows`,
        })
        .catch((e: unknown) => req.log.error({ err: e }, 'export audit row not written'));
    }
  }
  return Readable.from(through());
}

/** The keyset condition of the next export batch: `filters AND id > last id`, ordered by id. */
export function afterId(where: SQL | undefined, idColumn: AnyPgColumn, lastId: number | null): SQL | undefined {
  return lastId === null ? where : and(where, gt(idColumn, lastId));
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The OpenAPI `produces` and 200 answer of an export route. */
export const EXPORT_PRODUCES = Object.values(CONTENT_TYPES);
export const EXPORT_RESPONSE = { type: 'string', description: 'text/csv, or the .xlsx with format=xlsx' } as const;

/**
 * Sends an export stream (csvStream or xlsxStream) as an attachment named `filename` (its `.csv` becomes `.xlsx` for
 * an .xlsx); the export is audited (`list.export`, with its format) when it ends.
 */
export function sendExport(reply: FastifyReply, filename: string, stream: Readable, format: ExportFormat = 'csv') {
  const name = format === 'csv' ? filename : `${filename.replace(/\.csv$/, '')}.${format}`;
  return reply
    .type(CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(audited(reply.request, name, format, stream));
}
