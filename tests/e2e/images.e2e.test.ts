/**
 * Proof images as Chromium loads them: the deposit dialog preview, the deposit list and the detail page show the
 * proof through the signed read URL the API answers, and the image really decodes (naturalWidth > 0).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiGet, apiToken, launchBrowser, signIn, startServer, type E2EServer } from './harness';
import { call } from '../server/helpers';

const PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo@2026';
/** A real 2×2 PNG: decodes to naturalWidth 2. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR42mP8z8DwnwEIGBkYGRgYAAAwGgMBHxuAPgAAAABJRU5ErkJggg==',
  'base64',
);

let server: E2EServer;
let browser: Browser;
let token: string;
let depositId: number;

/** Uploads the PNG through presign/put and the signed PUT; answers the stored public URL. */
async function upload(): Promise<string> {
  const presign = await call(server.test.app, 'POST', '/api/s3/admin/presign/put', {
    token,
    body: { filename: 'proof.png', content_type: 'image/png', size: PNG.length },
  });
  const p = presign.json();
  const res = await fetch(new URL(new URL(p.url).pathname + new URL(p.url).search, server.url), {
    method: 'PUT',
    headers: p.headers,
    body: PNG,
  });
  expect(res.status).toBe(200);
  return p.public_url;
}

beforeAll(async () => {
  server = await startServer({ clients: 3 });
  browser = await launchBrowser();
  token = await apiToken(server, 'admin');
  const clients = await apiGet<{ data: { id: number }[] }>(
    server,
    token,
    '/api/client/admin/v1/list?page=1&page_size=5',
  );
  const clientId = clients.data[0].id;
  const accounts = await apiGet<{ data: { id: number }[] }>(server, token, `/api/acc/admin/v1/list/${clientId}`);
  const made = await call(server.test.app, 'POST', `/api/deposit/admin/v2/specialized/${clientId}`, {
    token,
    body: { account_id: accounts.data[0].id, amount: '12.00', screenshot: await upload() },
  });
  expect(made.statusCode).toBe(200);
  depositId = made.json().id;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signedIn(): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await ctx.newPage();
  await signIn(page, server.url, 'admin', PASSWORD);
  await page.waitForURL('**/dashboard');
  return page;
}

/** Waits until the image finished loading; answers its naturalWidth (0 when it failed to decode). */
async function decodedWidth(img: Locator): Promise<number> {
  await img.waitFor();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete), { timeout: 10_000 }).toBe(true);
  return img.evaluate((el: HTMLImageElement) => el.naturalWidth);
}

describe('proof images in Chromium', () => {
  it('decode in the deposit list, and open in full size', async () => {
    const page = await signedIn();
    await page.goto(`${server.url}/deposit`);
    const thumb = page.locator('[data-testid=proof-image]').first();
    expect(await decodedWidth(thumb)).toBe(2);
    expect(await thumb.getAttribute('src')).toMatch(/signature=/);
    await thumb.click();
    expect(await decodedWidth(page.getByRole('dialog').locator('img'))).toBe(2);
    await page.context().close();
  });

  it('decode on the deposit detail page', async () => {
    const page = await signedIn();
    await page.goto(`${server.url}/deposit/${depositId}/show`);
    expect(await decodedWidth(page.locator('[data-testid=proof-image]').first())).toBe(2);
    await page.context().close();
  });

  it('decode in the deposit dialog preview right after the upload', async () => {
    const page = await signedIn();
    await page.goto(`${server.url}/client`);
    await page.locator('[data-testid=row-actions]').first().waitFor();
    await page.locator('tbody tr').first().locator('td').nth(1).click();
    await page.locator('[data-testid=action-deposit]').click();
    const dialog = page.locator('[data-testid=deposit-dialog]');
    await dialog
      .locator('[data-testid=proof-input]')
      .setInputFiles({ name: 'p.png', mimeType: 'image/png', buffer: PNG });
    expect(await decodedWidth(dialog.locator('[data-testid=proof-preview]'))).toBe(2);
    await page.context().close();
  });
});
