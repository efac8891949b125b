/**
 * Excel from the console: on the deposit records page (Chinese, 1366 and 375 px) the export button's menu offers the
 * CSV file and the Excel workbook; the workbook downloads (Playwright's download event) as deposits.xlsx and opens
 * with ExcelJS: Chinese headers, the deposit made here with its amount as a number cell and its id as text.
 * Screenshots of the open menu: /tmp/xlsx-menu-<width>.png.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { call } from '../server/helpers';
import {
  accountsOf,
  clientsFor,
  filterByUsername,
  openFromMenu,
  pane,
  rowWith,
  signedInPage,
  startE2E,
} from './console';

const e2e = startE2E({ clients: 4, adminToken: true });

describe('Excel export from the console', () => {
  it('downloads the deposit list as .xlsx with the amount as a number and the id as text', async () => {
    const [client] = await clientsFor(e2e.server, e2e.adminToken);
    const [account] = await accountsOf(e2e.server, e2e.adminToken, client.id);
    const made = await call(e2e.server.test.app, 'POST', `/api/deposit/admin/v2/specialized/${client.id}`, {
      token: e2e.adminToken,
      body: { account_id: account.id, sub_type: 'bank', amount: '4321.98', currency: account.currency },
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = (made.json() as { id: number }).id;

    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 375, height: 812 },
    ]) {
      const { ctx, page } = await signedInPage(e2e, 'admin', viewport);
      if (viewport.width > 600) await openFromMenu(page, 'deposit', 'funds');
      else await page.goto(`${e2e.server.url}/deposit`);
      await filterByUsername(page, '/deposit', '/api/deposit/admin/v1/list', client.username);
      if (viewport.width > 600) await rowWith(page, '/deposit', 'id', id).waitFor();
      else
        await page
          .locator(`${pane('/deposit')} tbody tr`)
          .first()
          .waitFor();

      const button = page.locator(`${pane('/deposit')} [data-testid=export-button]`);
      await expect.poll(() => button.isEnabled()).toBe(true);
      await button.click();
      const item = page.locator('[data-testid=export-xlsx]');
      await item.waitFor({ state: 'visible' });
      // the menu has finished opening (MUI's grow: its opacity reaches 1) before it is read and clicked
      const paper = page.locator('[data-testid=export-menu] .MuiPaper-root');
      await expect.poll(() => paper.evaluate((e) => getComputedStyle(e).opacity)).toBe('1');
      expect(await page.locator('[data-testid=export-csv]').textContent()).toBe('CSV 文件');
      expect(await item.textContent()).toBe('Excel 表格（.xlsx）');
      await page.screenshot({ path: `/tmp/xlsx-menu-${viewport.width}.png` });

      const download = page.waitForEvent('download');
      await item.click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('deposits.xlsx');
      const path = `/tmp/xlsx-e2e-${viewport.width}.xlsx`;
      await file.saveAs(path);
      await expect.poll(() => page.locator('[data-testid=export-dialog]').count()).toBe(0);

      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(path);
      const sheet = book.worksheets[0];
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header.slice(0, 3)).toEqual(['ID', '客户 ID', '客户']);
      const amountAt = header.indexOf('金额') + 1;
      let found: ExcelJS.Row | undefined;
      sheet.eachRow((row, n) => {
        if (n > 1 && row.getCell(1).value === String(id)) found = row;
      });
      expect(found, `row of deposit ${id}`).toBeDefined();
      expect(found!.getCell(1).type).toBe(ExcelJS.ValueType.String);
      expect(found!.getCell(amountAt).type).toBe(ExcelJS.ValueType.Number);
      expect(found!.getCell(amountAt).value).toBe(4321.98);
      expect(found!.getCell(3).value).toBe(client.username);
      await ctx.close();
    }
  });
});
