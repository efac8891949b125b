/**
 * Proof images as Chromium loads them: the deposit dialog preview, the deposit list and the detail page show the
 * proof through the signed read URL the API answers, and the image really decodes (naturalWidth > 0).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { accountsOf, clientsFor, pngFile, signedInPage, uploadPng, startE2E } from './console';
import { call } from '../server/helpers';

const e2e = startE2E({ clients: 3, adminToken: true });
let depositId: number;

beforeAll(async () => {
  const { server, adminToken: token } = e2e;
  const clientId = (await clientsFor(server, token))[0].id;
  const accounts = await accountsOf(server, token, clientId);
  const made = await call(server.test.app, 'POST', `/api/deposit/admin/v2/specialized/${clientId}`, {
    token,
    body: { account_id: accounts[0].id, amount: '12.00', screenshot: await uploadPng(server, token) },
  });
  expect(made.statusCode).toBe(200);
  depositId = made.json().id;
});

/** Waits until the image finished loading; answers its naturalWidth (0 when it failed to decode). */
async function decodedWidth(img: Locator): Promise<number> {
  await img.waitFor();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete), { timeout: 10_000 }).toBe(true);
  return img.evaluate((el: HTMLImageElement) => el.naturalWidth);
}

describe('proof images in Chromium', () => {
  it('decode in the deposit list, and open in full size', async () => {
    const { ctx, page } = await signedInPage(e2e);
    await page.goto(`${e2e.server.url}/deposit`);
    const thumb = page.locator('[data-testid=proof-image]').first();
    expect(await decodedWidth(thumb)).toBe(2);
    expect(await thumb.getAttribute('src')).toMatch(/signature=/);
    await thumb.click();
    expect(await decodedWidth(page.getByRole('dialog').locator('img'))).toBe(2);
    await ctx.close();
  });

  it('decode on the deposit detail page', async () => {
    const { ctx, page } = await signedInPage(e2e);
    await page.goto(`${e2e.server.url}/deposit/${depositId}/show`);
    expect(await decodedWidth(page.locator('[data-testid=proof-image]').first())).toBe(2);
    await ctx.close();
  });

  it('decode in the deposit dialog preview right after the upload', async () => {
    const { ctx, page } = await signedInPage(e2e);
    await page.goto(`${e2e.server.url}/client`);
    await page.locator('[data-testid=row-actions]').first().waitFor();
    await page.locator('tbody tr').first().locator('td').nth(1).click();
    await page.locator('[data-testid=action-deposit]').click();
    const dialog = page.locator('[data-testid=deposit-dialog]');
    await dialog.locator('[data-testid=proof-input]').setInputFiles(pngFile('p.png'));
    expect(await decodedWidth(dialog.locator('[data-testid=proof-preview]'))).toBe(2);
    await ctx.close();
  });
});
