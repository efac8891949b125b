// CSV export: streamed past react-admin's 1,000-row cap, with progress, the list's filters, cancel and permission.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import deposit from '../../resources/deposit';
import loan from '../../resources/loan';
import { createRowCounter, createStreamOpener, streamExport, type ExportProgress } from '../../resources/engine/export';
import { record, renderResource, serveList, testTokens, toasts, until } from './engine.helpers';
import { api, server, testProfile, installMsw } from './msw';

installMsw();

const encoder = new TextEncoder();

/** A CSV stream of `rows` rows (after a header), `perChunk` rows per chunk, one chunk per macrotask. */
function csvStream(rows: number, perChunk = 250, { endless = false } = {}): ReadableStream<Uint8Array> {
  let sent = 0;
  let headerSent = false;
  return new ReadableStream({
    async pull(controller) {
      await new Promise((r) => setTimeout(r, 1));
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode('id,username,amount,note\n'));
        return;
      }
      if (sent >= rows && !endless) return controller.close();
      const lines: string[] = [];
      for (let i = 0; i < perChunk && (endless || sent < rows); i++, sent++) {
        // every 100th row has a quoted note with a newline and an escaped quote: still one row
        lines.push(
          sent % 100 === 0
            ? `${sent + 1},user${sent + 1},12345678901234.57,"two\nlines ""quoted"""`
            : `${sent + 1},user${sent + 1},1.00,`,
        );
      }
      controller.enqueue(encoder.encode(lines.join('\n') + '\n'));
    },
  });
}

/** Serves `<path>/export` with a CSV stream, recording each request's query and whether it was aborted. */
function serveExport(path: string, stream: () => ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  const requests: { query: URLSearchParams; auth: string | null; tenant: string | null; aborted: () => boolean }[] = [];
  server.use(
    http.get(api(path), ({ request }) => {
      requests.push({
        query: new URL(request.url).searchParams,
        auth: request.headers.get('Authorization'),
        tenant: request.headers.get('X-Tenant-Id'),
        aborted: () => request.signal.aborted,
      });
      return new HttpResponse(stream(), { headers: { 'Content-Type': 'text/csv; charset=utf-8', ...headers } });
    }),
  );
  return requests;
}

/** Opens the export menu and picks a format, as a person does (the menu's item once it is shown). */
async function exportAs(user: { click(e: Element): Promise<void> }, format: 'csv' | 'xlsx') {
  await user.click(screen.getByTestId('export-button'));
  await user.click(await screen.findByTestId(`export-${format}`));
}

describe('streamExport', () => {
  const open = createStreamOpener({ profile: testProfile, tokens: testTokens, refresh: async () => undefined });

  it('streams every row with growing progress and the bearer and tenant of the http client', async () => {
    const requests = serveExport('/deposit/admin/v1/list/export', () => csvStream(2500), { 'X-Total-Count': '2500' });
    const progress: ExportProgress[] = [];
    const result = await streamExport(
      open,
      '/deposit/admin/v1/list/export',
      { status: 'pending' },
      (p) => progress.push(p),
      new AbortController().signal,
    );
    expect(result.rows).toBe(2500);
    expect(progress.length).toBeGreaterThan(5);
    expect(progress.map((p) => p.rows)).toEqual([...progress.map((p) => p.rows)].sort((a, b) => a - b));
    expect(progress.at(-1)).toEqual({ rows: 2500, bytes: result.bytes, total: 2500 });
    const text = await result.blob.text();
    expect(text.startsWith('id,username,amount,note\n1,user1,12345678901234.57,"two\nlines ""quoted"""\n2,user2')).toBe(
      true,
    );
    expect(result.bytes).toBe(encoder.encode(text).byteLength);
    expect(requests[0].query.get('status')).toBe('pending');
    expect(requests[0].auth).toBe('Bearer test-access');
    expect(requests[0].tenant).toBe('tr');
  });

  it('stops when aborted', async () => {
    const requests = serveExport('/deposit/admin/v1/list/export', () => csvStream(0, 50, { endless: true }));
    const abort = new AbortController();
    const progress: ExportProgress[] = [];
    const done = streamExport(
      open,
      '/deposit/admin/v1/list/export',
      {},
      (p) => {
        progress.push(p);
        if (p.rows >= 500) abort.abort();
      },
      abort.signal,
    );
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(requests).toHaveLength(1);
    expect(progress.at(-1)!.rows).toBeLessThan(1000);
  });

  it('rejects with the server message of a refused export', async () => {
    server.use(
      http.get(api('/deposit/admin/v1/list/export'), () =>
        HttpResponse.json({ message: 'Not allowed', code: 'forbidden' }, { status: 403 }),
      ),
    );
    await expect(
      streamExport(open, '/deposit/admin/v1/list/export', {}, () => undefined, new AbortController().signal),
    ).rejects.toMatchObject({
      status: 403,
      message: 'Not allowed',
      code: 'forbidden',
    });
  });

  it('counts CSV rows across chunk boundaries and quoted newlines', () => {
    const counter = createRowCounter();
    for (const part of ['a,b\n1,"x\n', 'y"\n2,', 'z']) counter.push(encoder.encode(part));
    expect(counter.lines()).toBe(3);
  });
});

describe('export button', () => {
  let saved: { name: string; blob: Blob }[];
  beforeEach(() => {
    saved = [];
    let lastBlob: Blob | null = null;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      lastBlob = blob as Blob;
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: lastBlob! });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('exports every row matching the filters and sort, with progress, and saves the file', async () => {
    const lists = serveList('/deposit/admin/v1/list', [record(1)], 2500);
    const requests = serveExport('/deposit/admin/v1/list/export', () => csvStream(2500, 100));
    const { user } = await renderResource(deposit.config);
    await screen.findByText('user1');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Pending' }));
    await until(() => expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Pending'));
    // The filter form's debounce has passed once the list was asked with the filter.
    await until(() => expect(lists.at(-1)?.get('status')).toBe('pending'));
    await exportAs(user, 'csv');
    expect(await screen.findByTestId('export-progress')).toHaveTextContent(/Received \d+ rows/);
    await until(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toMatch(/^deposit-\d{8}\d{6}\.csv$/);
    expect((await saved[0].blob.text()).split('\n').length).toBeGreaterThan(2500);
    await until(() => expect(toasts()).toContain('Exported 2500 rows'));
    const q = requests[0].query;
    expect(q.get('status')).toBe('pending');
    expect(q.get('sort')).toBe('created_at');
    expect(q.get('order')).toBe('desc');
    expect(q.has('page')).toBe(false);
    expect(q.has('page_size')).toBe(false);
    expect(screen.queryByTestId('export-dialog')).not.toBeInTheDocument();
  });

  it('keeps the fixed parameters of the list path (loan records by sub_type)', async () => {
    serveList('/overdrawn/admin/v1/record/list', [record(1, { sub_type: 'loan' })]);
    const requests = serveExport('/overdrawn/admin/v1/record/list/export', () => csvStream(3));
    const { user } = await renderResource(loan.config);
    await screen.findByText('user1');
    await exportAs(user, 'csv');
    await until(() => expect(saved).toHaveLength(1));
    expect(requests[0].query.get('sub_type')).toBe('loan');
  });

  it('cancels a running export without saving', async () => {
    serveList('/deposit/admin/v1/list', [record(1)]);
    const requests = serveExport('/deposit/admin/v1/list/export', () => csvStream(0, 10, { endless: true }));
    const { user } = await renderResource(deposit.config);
    await screen.findByText('user1');
    await exportAs(user, 'csv');
    await until(() => expect(screen.getByTestId('export-progress')).toHaveTextContent(/Received [1-9]\d* rows/));
    await user.click(screen.getByTestId('export-cancel'));
    await until(() => expect(requests[0].aborted()).toBe(true));
    expect(screen.queryByTestId('export-dialog')).not.toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  it('exports an Excel workbook from the menu: format=xlsx, the bytes saved as .xlsx, the announced total', async () => {
    serveList('/deposit/admin/v1/list', [record(1)]);
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 0x0a, 0x0a]);
    const requests: URLSearchParams[] = [];
    const accepts: (string | null)[] = [];
    server.use(
      http.get(api('/deposit/admin/v1/list/export'), ({ request }) => {
        requests.push(new URL(request.url).searchParams);
        accepts.push(request.headers.get('Accept'));
        return new HttpResponse(zip, {
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': 'attachment; filename="deposits.xlsx"',
            'X-Total-Count': '42',
          },
        });
      }),
    );
    const { user } = await renderResource(deposit.config);
    await screen.findByText('user1');
    await exportAs(user, 'xlsx');
    await until(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe('deposits.xlsx');
    expect(new Uint8Array(await saved[0].blob.arrayBuffer())).toEqual(zip);
    expect(saved[0].blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(requests[0].get('format')).toBe('xlsx');
    expect(requests[0].get('lang')).toBe('en-US');
    expect(accepts[0]).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    // the newlines inside the compressed bytes are not rows: the toast says the announced total
    await until(() => expect(toasts()).toContain('Exported 42 rows'));
  });

  it('is not offered without the export permission', async () => {
    serveList('/deposit/admin/v1/list', [record(1)]);
    await renderResource(deposit.config, { role: 'superman' });
    await screen.findByText('user1');
    expect(screen.queryByTestId('export-button')).not.toBeInTheDocument();
  });
});
