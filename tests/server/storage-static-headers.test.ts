/**
 * The built console as the API serves it: hashed assets compressed (brotli or gzip files written at build time, per
 * Accept-Encoding) and cached for a year as immutable; index.html (also as the SPA fallback) always revalidated.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';

const dir = `/tmp/bo-test-static-${process.pid}-${Date.now()}`;
const JS = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
const ASSET = '/assets/index-Ab12Cd34.js';

let t: TestApp;
beforeAll(async () => {
  mkdirSync(`${dir}/assets`, { recursive: true });
  writeFileSync(`${dir}/index.html`, '<!doctype html><div id="root"></div>');
  writeFileSync(`${dir}${ASSET}`, JS);
  writeFileSync(`${dir}${ASSET}.gz`, gzipSync(JS));
  writeFileSync(`${dir}${ASSET}.br`, brotliCompressSync(JS));
  t = await makeTestApp({ staticDir: dir });
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('static console files', () => {
  it('serves a hashed asset as brotli, else gzip, else plain, cached for a year as immutable', async () => {
    const br = await get(ASSET, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(JS);

    const gz = await get(ASSET, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await get(ASSET, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);
  });

  it('revalidates index.html, at / and as the fallback of a console URL', async () => {
    for (const url of ['/', '/client', '/deposit/detail/3']) {
      const res = await get(url, { accept: 'text/html', 'accept-encoding': 'gzip, br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });
});
