/**
 * The tests of a worker share its browser profile (tests/e2e/console.ts newPage) for its cache alone: what one test's
 * pages kept for the console's site (local storage, session storage) is gone when the next test opens a page.
 */
import { describe, expect, it } from 'vitest';
import { newPage, startE2E } from './console';

const e2e = startE2E();

describe("a test's pages start from nothing another test kept", () => {
  it('a test keeps something in both storages', async () => {
    const { ctx, page } = await newPage(e2e.browser);
    await page.goto(`${e2e.server.url}/login`);
    await page.evaluate(() => {
      localStorage.setItem('kept', 'local');
      sessionStorage.setItem('kept', 'session');
    });
    await ctx.close();
  });

  it('the next test finds neither, and its own pages have a session storage each', async () => {
    const first = await newPage(e2e.browser);
    await first.page.goto(`${e2e.server.url}/login`);
    const kept = () => [localStorage.getItem('kept'), sessionStorage.getItem('kept')];
    expect(await first.page.evaluate(kept)).toEqual([null, null]);
    await first.page.evaluate(() => sessionStorage.setItem('kept', 'first page'));
    const second = await newPage(e2e.browser);
    await second.page.goto(`${e2e.server.url}/login`);
    expect(await second.page.evaluate(kept)).toEqual([null, null]);
    await Promise.all([first.ctx.close(), second.ctx.close()]);
  });
});
