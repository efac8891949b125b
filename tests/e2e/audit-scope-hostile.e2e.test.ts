/**
 * What review found on the landed main, seen where a person would (issue 18), on its own server and data:
 * - an audit row inserted outside the API (SQL, as the database owner would) is shown in the audit viewer as such:
 *   写入方 "系统之外写入（未签名）" in the list, and a warning naming the database role in its detail;
 * - a stored file outside the caller's data scope is refused by key (the file scope check, server/modules/s3
 *   fileInScope): a salesman asking for a read URL of another salesman's client's deposit proof gets 404, the
 *   administrator gets the URL;
 * - hostile input in the console's URLs (an id beyond bigint, a page beyond any number) shows a translated error,
 *   never a crash or a server error (page=1e25 in the URL reads as page 1; the API refuses it: 400 validation).
 * Screenshots in Chinese at 1366x768 (/tmp/hostile-*.png).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiToken } from './harness';
import { clientsFor, listOf, openFromMenu, pane, signedInPage, startE2E, uploadPng } from './console';
import { call } from '../server/helpers';

const e2e = startE2E({ clients: 12 });

describe('audit origin, file scope and hostile input in Chromium', () => {
  it('shows an audit row inserted outside the API as written outside the API', async () => {
    // the list hides the detail column: the row is found by its (made-up) username
    const forger = `forger${Date.now() % 100000}`;
    await e2e.server.test.database.db.execute(
      sql`INSERT INTO audit_log (tenant_id, action, resource, result, username, detail)
          VALUES ('tr', 'deposit.approve', 'deposit', 'success', ${forger}, 'inserted by hand')`,
    );
    const { ctx, page } = await signedInPage(e2e, 'admin', { width: 1366, height: 768 });
    await openFromMenu(page, 'audit_log', 'config');
    const row = page.locator(`${pane('/audit_log')} tbody tr`, { hasText: forger });
    await row.waitFor();
    await row.getByText('系统之外写入（未签名）').waitFor();
    // a row the API wrote in the same list is signed
    await page
      .locator(`${pane('/audit_log')} tbody tr`, { hasText: '系统（已签名）' })
      .first()
      .waitFor();
    await row.click();
    await page
      .locator('[data-testid=audit-outside-api]')
      .getByText(/不是由系统的审计写入程序写入的/)
      .waitFor();
    await page.screenshot({ path: '/tmp/hostile-audit-outside-api.png' });
    await ctx.close();
  });

  it("refuses a file outside the caller's scope by its key; the administrator reads it", async () => {
    const server = e2e.server;
    const admin = await apiToken(server, 'admin');
    const sales = await apiToken(server, 'sales');
    const mine = new Set((await clientsFor(server, sales)).map((c) => c.id));
    const other = (await clientsFor(server, admin)).find((c) => !mine.has(c.id) && !c.fake)!;
    expect(other).toBeDefined();
    const [account] = listOf<{ id: number }>(
      (await call(server.test.app, 'GET', `/api/acc/admin/v1/list/${other.id}`, { token: admin })).json(),
    );
    const proof = await uploadPng(server, admin);
    const made = await call(server.test.app, 'POST', `/api/deposit/admin/v2/specialized/${other.id}`, {
      token: admin,
      body: { account_id: account.id, amount: '3.00', screenshot: proof },
    });
    expect(made.statusCode, made.body).toBe(200);
    // over HTTP, as the console asks for an <img> URL
    const readUrl = (token: string) =>
      fetch(`${server.url}/api/s3/admin/presign/get`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'x-tenant-id': 'tr', 'content-type': 'application/json' },
        body: JSON.stringify({ url: proof }),
      });
    const refused = await readUrl(sales);
    expect(refused.status).toBe(404);
    expect((await refused.json()).code).toBe('not_found');
    const key = new URL(proof, server.url).pathname;
    const byKey = await fetch(`${server.url}${key}`, { headers: { authorization: `Bearer ${sales}` } });
    expect(byKey.status).toBe(404);
    expect((await readUrl(admin)).status).toBe(200);
  });

  it('shows a translated error for an id beyond bigint and a page beyond any number, never a crash', async () => {
    const { ctx, page } = await signedInPage(e2e, 'admin', { width: 1366, height: 768 });
    const failures: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/') && r.status() >= 500) failures.push(r.status());
    });
    // a record id beyond bigint: "not found" in Chinese
    await page.goto(`${e2e.server.url}/message/99999999999999999999/show`);
    await page
      .getByText(/记录不存在|输入有误|请求无效/)
      .first()
      .waitFor();
    await page.screenshot({ path: '/tmp/hostile-id.png' });
    // a page number beyond any number: the list request is refused, said in Chinese; the console stays up
    await page.goto(`${e2e.server.url}/deposit?page=99999999999999999999`);
    await page.locator(pane('/deposit')).waitFor();
    await page
      .getByText(/输入有误|请求无效/)
      .first()
      .waitFor();
    await page.screenshot({ path: '/tmp/hostile-page.png' });
    // page=1e25 in the console URL reads as page 1 (react-admin parses the leading integer): a list, no error
    await page.goto(`${e2e.server.url}/deposit?page=1e25`);
    await page.locator(pane('/deposit')).waitFor();
    await page.screenshot({ path: '/tmp/hostile-page-1e25.png' });
    // the API itself answers such a page 400 with a code the console translates
    const admin = await apiToken(e2e.server, 'admin');
    const api = await fetch(`${e2e.server.url}/api/deposit/admin/v1/list?page=1e25`, {
      headers: { authorization: `Bearer ${admin}`, 'x-tenant-id': 'tr' },
    });
    expect(api.status).toBe(400);
    expect((await api.json()).code).toBe('validation');
    expect(failures).toEqual([]);
    await ctx.close();
  });
});
