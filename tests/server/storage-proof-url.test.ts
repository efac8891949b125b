/**
 * Proof images as the browser loads them: a deposit's `screenshot_url` is a short-lived signed read URL that carries
 * tenant, key, expiry and signature, so an <img> needs no header; forged, expired or re-tenanted URLs are refused,
 * and a salesman receives URLs only for the records in his scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFixture, type ClientFixture } from './client-fixture';
import { call } from './helpers';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 7)]);

let f: ClientFixture;
const as = (who: 'admin' | 'sales' | 'leader' | 'leader2', method: 'GET' | 'POST', url: string, body?: unknown) =>
  call(f.t.app, method, url, { token: f.tokens[who], body });

/** Uploads the PNG as admin; answers the stored public URL. */
async function uploadProof(): Promise<string> {
  const p = (
    await as('admin', 'POST', '/api/s3/admin/presign/put', {
      filename: 'p.png',
      content_type: 'image/png',
      size: PNG.length,
    })
  ).json();
  const u = new URL(p.url);
  const put = await f.t.app.inject({
    method: 'PUT',
    url: `${u.pathname}${u.search}`,
    headers: p.headers,
    payload: PNG,
  });
  expect(put.statusCode).toBe(200);
  return p.public_url;
}

/** A deposit with a proof for `client`; answers its id. */
async function depositWithProof(client: number): Promise<number> {
  const [acc] = (await as('admin', 'GET', `/api/acc/admin/v1/list/${client}`)).json().data;
  const res = await as('admin', 'POST', `/api/deposit/admin/v2/specialized/${client}`, {
    account_id: acc.id,
    amount: '3.00',
    screenshot: await uploadProof(),
  });
  expect(res.statusCode).toBe(200);
  return res.json().id;
}

/** GET exactly as an <img> does: no tenant header, no token. */
const bare = (url: string) => f.t.app.inject({ method: 'GET', url });

let own: number;
let other: number;
beforeAll(async () => {
  f = await clientFixture(['admin', 'sales', 'leader', 'leader2']);
  own = await depositWithProof(f.ids.c_sales);
  other = await depositWithProof(f.ids.c_sales2);
});
afterAll(() => f?.close());

describe('deposit screenshot_url', () => {
  it('is a signed URL that loads the image without any header', async () => {
    const detail = (await as('admin', 'GET', `/api/deposit/admin/v1/detail/${own}`)).json();
    expect(detail.screenshot_url).toMatch(/^\/api\/s3\/object\/tr\/[0-9a-f-]{36}\.png\?expires=\d+&signature=/);
    const img = await bare(detail.screenshot_url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    // The stored (unsigned) value alone is not readable without a token.
    expect((await bare(new URL(detail.screenshot, 'http://x').pathname)).statusCode).toBe(401);
  });

  it('refuses a forged signature, an altered key or tenant, and an expired URL', async () => {
    const url = (await as('admin', 'GET', `/api/deposit/admin/v1/detail/${own}`)).json().screenshot_url as string;
    const forged = url.replace(/signature=[^&]+/, 'signature=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await bare(forged)).statusCode).toBe(403);
    const otherUrl = (await as('admin', 'GET', `/api/deposit/admin/v1/detail/${other}`)).json().screenshot_url;
    const swapped = `${otherUrl.split('?')[0]}?${url.split('?')[1]}`;
    expect((await bare(swapped)).statusCode).toBe(403);
    const retenanted = url.replace('/object/tr/', '/object/pl/');
    expect([403, 404]).toContain((await bare(retenanted)).statusCode);
    const expired = url.replace(/expires=\d+/, 'expires=1000');
    const res = await bare(expired);
    expect(res.statusCode).toBe(403);
  });

  it('is on every list row with a proof, null without one', async () => {
    const rows = (await as('admin', 'GET', '/api/deposit/admin/v1/list?page=1&page_size=50')).json().data;
    const byId = new Map(rows.map((r: { id: number }) => [r.id, r]));
    expect((byId.get(own) as { screenshot_url: string }).screenshot_url).toMatch(/signature=/);
    const [acc] = (await as('admin', 'GET', `/api/acc/admin/v1/list/${f.ids.c_sales}`)).json().data;
    const plain = await as('admin', 'POST', `/api/deposit/admin/v2/specialized/${f.ids.c_sales}`, {
      account_id: acc.id,
      amount: '1.00',
    });
    expect(plain.json().screenshot_url).toBeNull();
  });

  it('reaches a salesman only for the records in his scope', async () => {
    const rows = (await as('sales', 'GET', '/api/deposit/admin/v1/list?page=1&page_size=50')).json().data;
    const ids = rows.map((r: { id: number }) => r.id);
    expect(ids).toContain(own);
    expect(ids).not.toContain(other);
    expect(JSON.stringify(rows)).not.toContain(
      (await as('admin', 'GET', `/api/deposit/admin/v1/detail/${other}`)).json().screenshot.split('/').pop(),
    );
    const mine = (await as('sales', 'GET', `/api/deposit/admin/v1/detail/${own}`)).json();
    expect((await bare(mine.screenshot_url)).statusCode).toBe(200);
    const theirs = await as('sales', 'GET', `/api/deposit/admin/v1/detail/${other}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('signature=');
  });
});

describe('deposit proof on record', () => {
  it('accepts only an upload of this store for this tenant: other sites, schemes and tenants are 400 own_image', async () => {
    const [acc] = (await as('admin', 'GET', `/api/acc/admin/v1/list/${f.ids.c_sales}`)).json().data;
    const count = async () => (await as('admin', 'GET', '/api/deposit/admin/v1/list?page=1&page_size=1')).json().total;
    const before = await count();
    const uploaded = await uploadProof();
    for (const screenshot of [
      'javascript:alert(1)',
      'http://x/proof.png',
      'https://evil.example/api/s3/object/tr/11111111-2222-4333-8444-555555555555.png',
      uploaded.replace('/object/tr/', '/object/pl/'),
      `${uploaded}?x=1`,
      'data:image/png;base64,iVBORw0KGgo=',
    ]) {
      const res = await as('admin', 'POST', `/api/deposit/admin/v2/specialized/${f.ids.c_sales}`, {
        account_id: acc.id,
        amount: '2.00',
        screenshot,
      });
      expect([res.statusCode, res.json().code, res.json().field_codes?.screenshot?.code], screenshot).toEqual([
        400,
        'validation',
        'own_image',
      ]);
    }
    expect(await count()).toBe(before);
    const ok = await as('admin', 'POST', `/api/deposit/admin/v2/specialized/${f.ids.c_sales}`, {
      account_id: acc.id,
      amount: '2.00',
      screenshot: uploaded,
    });
    expect([ok.statusCode, ok.json().screenshot]).toEqual([200, uploaded]);
  });
});

describe('the stored file by its key', () => {
  /** The stored public URL of a deposit's proof, as a path. */
  const stored = async (id: number) =>
    new URL((await as('admin', 'GET', `/api/deposit/admin/v1/detail/${id}`)).json().screenshot, 'http://x').pathname;
  /** What a staff member reading the file with his token, and asking for a signed URL, is answered. */
  const reads = async (who: 'admin' | 'sales' | 'leader' | 'leader2', id: number) => {
    const path = await stored(id);
    const byToken = (await as(who, 'GET', path)).statusCode;
    const signed = await as(who, 'POST', '/api/s3/admin/presign/get', { url: path });
    return [byToken, signed.statusCode];
  };

  it("is read with a token or signed through presign/get only within the record's scope", async () => {
    // a salesman: his own client's proof, not another salesman's
    expect(await reads('sales', own)).toEqual([200, 200]);
    expect(await reads('sales', other)).toEqual([404, 404]);
    // a team leader: his salesmen's clients (sales2 is under leader), not another team's
    expect(await reads('leader', other)).toEqual([200, 200]);
    expect(await reads('leader2', other)).toEqual([404, 404]);
    expect(await reads('leader2', own)).toEqual([404, 404]);
    expect(await reads('admin', other)).toEqual([200, 200]);
    const signed = await as('sales', 'POST', '/api/s3/admin/presign/get', { url: await stored(other) });
    expect(signed.body).not.toContain('signature=');
  });

  it('an upload attached to no record is not readable by key', async () => {
    const path = new URL(await uploadProof(), 'http://x').pathname;
    expect((await as('sales', 'GET', path)).statusCode).toBe(404);
    expect((await as('admin', 'GET', path)).statusCode).toBe(404);
  });
});
