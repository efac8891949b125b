/**
 * Lists, Excel: the same export columns as the CSV (core/entity.ts csvColumns) written as a typed .xlsx by ExcelJS's
 * streaming WorkbookWriter: amounts and rates as numbers with their decimals, whole numbers as numbers, ids as text,
 * times as Excel dates (the caller's wall-clock time), a frozen header row, column widths fitted to the header and the
 * first batch, one sheet. Rows are written batch by batch as the client takes the file (the memory stays flat).
 */
import { PassThrough, type Readable } from 'node:stream';
import { countRows, csvStream, EXPORT_BATCH, type CsvColumn, type ExportFormat } from './csv';

/** How a spreadsheet types a column's cells (the field kind's, domain/entity.ts). */
export type CellType = 'money' | 'decimal' | 'integer' | 'id' | 'datetime' | 'date' | 'text';

/** An export column: the CSV's header and text, and the typed cell of the .xlsx. */
export interface ExportColumn<T> extends CsvColumn<T> {
  type: CellType;
  /** 'money' and 'decimal': the decimals shown. */
  decimals?: number;
  /** The .xlsx cell: a number, a Date (its UTC fields are the caller's wall-clock time), text, or null (empty). */
  cell: (row: T) => string | number | Date | null;
}

/** A decimal string, as the database's numeric columns give it. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Significant digits a double holds exactly: a decimal of at most 15 of them converts to the nearest double and back
 * to the same decimal (IEEE 754 DBL_DIG), and Excel shows at most 15.
 */
export const EXACT_DIGITS = 15;

/**
 * A decimal string as an Excel number when the number is exact (at most EXACT_DIGITS significant digits: amounts
 * below 10^13 with cents), otherwise the decimal text unchanged (a numeric(20,2) amount may have 20 digits).
 */
export function excelNumber(value: unknown): number | string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return value;
  const text = String(value);
  if (!DECIMAL.test(text)) return text;
  const digits = text.replace(/[-.]/g, '').replace(/^0+/, '').replace(/0+$/, '');
  return digits.length <= EXACT_DIGITS ? Number(text) : text;
}

/** The number format of a column (Excel's codes). */
function numFmt(c: ExportColumn<unknown>): string | undefined {
  switch (c.type) {
    case 'money':
    case 'decimal': {
      const d = c.decimals ?? 2;
      return d > 0 ? `#,##0.${'0'.repeat(d)}` : '#,##0';
    }
    case 'integer':
      return '0';
    case 'datetime':
      return 'yyyy-mm-dd hh:mm:ss';
    case 'date':
      return 'yyyy-mm-dd';
    default:
      return undefined;
  }
}

/** The width of a text in Excel's character units (a CJK character takes two). */
const textWidth = (text: string): number => {
  let w = 0;
  for (const ch of text)
    w += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60]/.test(ch) ? 2 : 1;
  return w;
};

/** A column width that fits the header and the first rows (their CSV text; numbers with separators), within 8..60. */
function fitWidth<T>(c: ExportColumn<T>, rows: readonly T[]): number {
  let w = textWidth(c.header) + 2;
  const fixed = c.type === 'datetime' ? 19 : c.type === 'date' ? 10 : 0;
  for (const r of rows) {
    const v = c.value(r);
    const text = v === null || v === undefined ? '' : String(v);
    // a number's separators: one comma per three integer digits
    const sep = c.type === 'money' || c.type === 'decimal' ? Math.floor((text.split('.')[0].length - 1) / 3) : 0;
    w = Math.max(w, (fixed || textWidth(text) + sep) + 2);
    if (w >= 60) return 60;
  }
  return Math.max(8, w);
}

/** An Excel sheet name from a file's base name (at most 31 characters, none of `[]:*?/\`). */
export const sheetName = (base: string): string => base.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Sheet1';

/** Bytes of a sheet's XML that may wait for the compressor before the next batch is read. */
const BACKLOG = 1 << 20;

/** A writable stream's buffered bytes (node's, or readable-stream 2's, which archiver uses and has no getter). */
interface Buffered {
  writableLength?: number;
  _writableState?: { length: number };
  on(event: 'drain', f: () => void): unknown;
  removeListener(event: 'drain', f: () => void): unknown;
}
const buffered = (s: Buffered): number => s.writableLength ?? s._writableState?.length ?? 0;

/**
 * Where ExcelJS (4.4) pipes a streamed sheet's XML: archiver's input stream of the sheet's zip entry, the first pipe
 * of the sheet's StreamBuf (undefined if a later ExcelJS differs: the rows are then paced by the reply alone).
 */
const sheetInput = (ws: unknown): Buffered | undefined => {
  const pipe = (ws as { stream?: { pipes?: Buffered[] } }).stream?.pipes?.[0];
  return pipe && typeof pipe._writableState?.length === 'number' ? pipe : undefined;
};

/**
 * An .xlsx stream (one sheet named `sheet`, header row frozen) of every row `fetch` gives, as csvStream reads them:
 * `fetch(last)` answers the next batch of at most EXPORT_BATCH rows after `last` (null: the first batch). A batch is
 * read only once the client has taken what the previous one produced.
 */
export function xlsxStream<T>(
  columns: ExportColumn<T>[],
  fetch: (last: T | null) => Promise<T[]>,
  sheet: string,
): Readable {
  const out = new PassThrough();
  const count = { rows: 0 };
  countRows(out, count);
  // One style object per column: ExcelJS caches a style's id by the object, so a million cells share it.
  // (text cells too: a cell's own merged style, a new object each time, costs a style lookup per cell)
  const plain = {};
  const styles = columns.map((c) => {
    const fmt = numFmt(c as ExportColumn<unknown>);
    return fmt ? { numFmt: fmt } : plain;
  });
  const header = { font: { bold: true } };
  // The client's pace: ExcelJS writes a sheet's rows into the compressor's input without waiting (its write ignores
  // a full buffer), so after each batch the rows wait until that input is down to BACKLOG bytes (the compressor
  // itself waits for the reply, which waits for the client).
  const drained = async (sink: Buffered | undefined) => {
    for (const s of [sink, out as Buffered]) {
      while (s && buffered(s) > BACKLOG && !out.destroyed) {
        await new Promise<void>((resolve) => {
          const done = () => {
            s.removeListener('drain', done);
            out.off('close', done);
            resolve();
          };
          s.on('drain', done);
          out.on('close', done);
        });
      }
    }
  };
  const write = (ws: import('exceljs').Worksheet, rows: T[]) => {
    for (const r of rows) {
      const row = ws.addRow(columns.map((c) => c.cell(r)));
      for (let i = 0; i < columns.length; i++) row.getCell(i + 1).style = styles[i];
      row.commit();
    }
    count.rows += rows.length;
  };
  (async () => {
    // loaded with the first .xlsx export (ExcelJS is large; the API starts without it)
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const ws = book.addWorksheet(sheetName(sheet), { views: [{ state: 'frozen', ySplit: 1 }] });
    const sink = sheetInput(ws);
    let rows = await fetch(null);
    ws.columns = columns.map((c) => ({ header: c.header, width: fitWidth(c, rows) }));
    const head = ws.getRow(1);
    head.eachCell((cell) => (cell.style = header));
    head.commit();
    while (rows.length > 0 && !out.destroyed) {
      // the next batch is read while this one is written and sent
      const next = rows.length >= EXPORT_BATCH ? fetch(rows[rows.length - 1]) : null;
      next?.catch(() => undefined);
      write(ws, rows);
      await drained(sink);
      rows = next ? await next : [];
    }
    // a download stopped early is not finished (the reply is gone; the audit row says how far it got)
    if (out.destroyed) return;
    ws.commit();
    await book.commit();
  })().catch((e: unknown) => out.destroy(e instanceof Error ? e : new Error(String(e))));
  return out;
}

/** An export's stream in its format: csvStream or xlsxStream over the same columns and batches. */
export const exportStream = <T>(
  format: ExportFormat | undefined,
  columns: ExportColumn<T>[],
  fetch: (last: T | null) => Promise<T[]>,
  sheet: string,
): Readable => (format === 'xlsx' ? xlsxStream(columns, fetch, sheet) : csvStream(columns, fetch));
