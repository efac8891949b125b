/**
 * Lists, CSV: cells (RFC 4180, formula-safe), a stream of batches with a BOM and a header row, keyset batches by id,
 * and the attachment answer.
 */
import { Readable } from 'node:stream';
import { and, gt, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';

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
  async function* lines() {
    yield `\uFEFF${line(columns.map((c) => c.header))}`;
    let last: T | null = null;
    for (;;) {
      const rows = await fetch(last);
      if (rows.length === 0) return;
      yield rows.map((r) => line(columns.map((c) => c.value(r)))).join('');
      if (rows.length < EXPORT_BATCH) return;
      last = rows[rows.length - 1];
    }
  }
  return Readable.from(lines());
}

/** The keyset condition of the next export batch: `filters AND id > last id`, ordered by id. */
export function afterId(where: SQL | undefined, idColumn: AnyPgColumn, lastId: number | null): SQL | undefined {
  return lastId === null ? where : and(where, gt(idColumn, lastId));
}

/** Sends a CSV stream as an attachment. */
export function sendCsv(reply: FastifyReply, filename: string, stream: Readable): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}
