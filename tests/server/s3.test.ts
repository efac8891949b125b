import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, LocalStorage, MAX_UPLOAD_BYTES, presignV4, S3Storage } from '../../server/storage';
import { lastAudit } from './client-fixture';
import { call, login, makeTestApp, type TestApp } from './helpers';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 7)]);
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(32, 1)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x20, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(20),
]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]);

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await makeTestApp({ dataDir: `/tmp/bo-test-uploads-${process.pid}-${Date.now()}` });
  for (const u of ['admin', 'supervisor', 'leader', 'sales']) tokens[u] = (await login(t.app, u)).access_token;
  tokens.plAdmin = (await login(t.app, 'admin', { tenant: 'pl' })).access_token;
});
afterAll(() => t?.close());

const presign = (body: unknown, who = 'admin') =>
  call(t.app, 'POST', '/api/s3/admin/presign/put', { token: tokens[who], body });

/** The path and query of a URL the API answered (inject takes paths). */
const local = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

function upload(url: string, body: Buffer, contentType: string, tenant = 'tr') {
  return t.app.inject({
    method: 'PUT',
    url: local(url),
    headers: { 'content-type': contentType, 'x-tenant-id': tenant },
    payload: body,
  });
}

describe('presign', () => {
  it('answers a signed PUT URL, the headers to send, the public URL and the expiry', async () => {
    const res = await presign({ filename: 'proof.png', content_type: 'image/png', size: PNG.length });
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({
      method: 'PUT',
      expires_in: 300,
      headers: { 'Content-Type': 'image/png', 'X-Tenant-Id': 'tr' },
    });
    expect(p.url).toMatch(
      /^http:\/\/localhost(:\d+)?\/api\/s3\/object\/tr\/[0-9a-f-]{36}\.png\?size=\d+&expires=\d+&signature=[\w-]+$/,
    );
    expect(p.public_url).toBe(p.url.split('?')[0]);
    expect(p.key).toBe(p.public_url.split('/api/s3/object/')[1]);
    expect(await lastAudit(t, 'file.presign')).toMatchObject({
      result: 'success',
      targetId: p.key,
      after: { filename: 'proof.png', size: PNG.length },
    });
  });

  it('refuses what is not an accepted image, or too large', async () => {
    for (const body of [
      { filename: 'a.pdf', content_type: 'application/pdf', size: 10 },
      { filename: 'a.svg', content_type: 'image/svg+xml', size: 10 },
      { filename: 'a.png', content_type: 'image/png', size: MAX_UPLOAD_BYTES + 1 },
      { filename: 'a.png', content_type: 'image/png', size: 0 },
      { filename: 'a.png', content_type: 'image/png' },
    ]) {
      const res = await presign(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('validation');
    }
  });

  it('needs client/fund: team leader and salesman are refused', async () => {
    for (const who of ['leader', 'sales']) {
      expect((await presign({ filename: 'a.png', content_type: 'image/png', size: 10 }, who)).statusCode).toBe(403);
    }
    expect((await presign({ filename: 'a.png', content_type: 'image/png', size: 10 }, 'supervisor')).statusCode).toBe(
      200,
    );
    expect((await call(t.app, 'POST', '/api/s3/admin/presign/put', { body: {} })).statusCode).toBe(401);
  });
});

describe('local store: upload and read through signed URLs', () => {
  it('uploads each image type once and reads it back with the signed URL or a staff token', async () => {
    for (const [type, bytes] of [
      ['image/png', PNG],
      ['image/jpeg', JPEG],
      ['image/webp', WEBP],
      ['image/gif', GIF],
    ] as const) {
      const p = (await presign({ filename: 'x', content_type: type, size: bytes.length })).json();
      const put = await upload(p.url, bytes, type);
      expect(put.statusCode, type).toBe(200);
      expect(put.json()).toEqual({ key: p.key, size: bytes.length, content_type: type });
      const read = await t.app.inject({ method: 'GET', url: local(p.read_url), headers: { 'x-tenant-id': 'tr' } });
      expect(read.statusCode).toBe(200);
      expect(read.headers['content-type']).toBe(type);
      expect(read.headers['x-content-type-options']).toBe('nosniff');
      expect(read.rawPayload.equals(bytes)).toBe(true);
      expect((await upload(p.url, bytes, type)).statusCode).toBe(409);
    }
    expect(await lastAudit(t, 'file.upload')).toMatchObject({ result: 'success', tenantId: 'tr', userId: null });
  });

  it('reads the stable public URL with a staff token only for a file of a record he may see (storage-proof-url)', async () => {
    const p = (await presign({ filename: 'x', content_type: 'image/png', size: PNG.length })).json();
    await upload(p.url, PNG, 'image/png');
    const path = local(p.public_url);
    // attached to no record: no token reads it by key, nor gets it signed (the uploader previews through read_url)
    expect((await call(t.app, 'GET', path, { token: tokens.sales })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', path, { token: tokens.admin })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', path)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', path, { token: tokens.plAdmin, tenant: 'pl' })).statusCode).toBe(404);
    const signed = await call(t.app, 'POST', '/api/s3/admin/presign/get', {
      token: tokens.sales,
      body: { url: p.public_url },
    });
    expect(signed.statusCode).toBe(404);
    expect(
      (
        await call(t.app, 'POST', '/api/s3/admin/presign/get', {
          token: tokens.sales,
          body: { url: 'https://evil.example/x.png' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call(t.app, 'POST', '/api/s3/admin/presign/get', {
          token: tokens.plAdmin,
          tenant: 'pl',
          body: { url: p.public_url },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('builds every URL on PUBLIC_ORIGIN, whatever Host or X-Forwarded-Host the request carries', async () => {
    for (const forged of <Record<string, string>[]>[
      { host: 'evil.example' },
      { host: 'evil.example:8443', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    ]) {
      const res = await call(t.app, 'POST', '/api/s3/admin/presign/put', {
        token: tokens.admin,
        body: { filename: 'x.png', content_type: 'image/png', size: PNG.length },
        headers: forged,
      });
      expect(res.statusCode).toBe(200);
      const p = res.json();
      for (const url of [p.url, p.public_url, p.read_url]) {
        expect(new URL(url).origin).toBe(t.app.config.publicOrigin);
        expect(url).not.toContain('evil');
      }
    }
    expect(t.app.config.publicOrigin).toBe(`http://localhost:${t.app.config.port}`);
  });

  it('refuses forged, altered and expired signatures', async () => {
    const p = (await presign({ filename: 'x', content_type: 'image/png', size: PNG.length })).json();
    const u = new URL(p.url);
    const forged = new URL(u);
    forged.searchParams.set('signature', `${u.searchParams.get('signature')!.slice(0, -2)}AA`);
    const bigger = new URL(u);
    bigger.searchParams.set('size', String(MAX_UPLOAD_BYTES));
    const otherKey = new URL(u.toString().replace(/\/[0-9a-f-]{36}\.png/, '/00000000-0000-0000-0000-000000000000.png'));
    for (const [what, url, type] of [
      ['forged', forged, 'image/png'],
      ['size changed', bigger, 'image/png'],
      ['other key', otherKey, 'image/png'],
      ['type changed', u, 'image/jpeg'],
      ['no signature', new URL(p.public_url), 'image/png'],
    ] as const) {
      const res = await upload(url.toString(), what === 'type changed' ? JPEG : PNG, type);
      expect(res.statusCode, what).toBe(403);
      expect(res.json().code, what).toBe('signature_invalid');
    }
    // A URL signed with the app's own key but already expired.
    const store = createStorage(t.config, {}) as LocalStorage;
    const expires = Math.floor(Date.now() / 1000) - 1;
    const sig = store.sign({ method: 'PUT', key: p.key, contentType: 'image/png', size: PNG.length, expires });
    const expired = await upload(
      `${p.public_url}?size=${PNG.length}&expires=${expires}&signature=${sig}`,
      PNG,
      'image/png',
    );
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('url_expired');
    const readSig = store.sign({ method: 'GET', key: p.key, expires });
    const expiredRead = await call(t.app, 'GET', `${local(p.public_url)}?expires=${expires}&signature=${readSig}`);
    expect(expiredRead.json().code).toBe('url_expired');
    // A PUT signature does not open a GET, and the upload went nowhere.
    expect((await call(t.app, 'GET', local(p.url).replace(/size=\d+&/, ''))).statusCode).toBe(403);
    expect((await upload(p.url, PNG, 'image/png')).statusCode).toBe(200);
  });

  it('refuses bytes that are not an image of the signed type', async () => {
    const text = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const p = (await presign({ filename: 'x.png', content_type: 'image/png', size: text.length })).json();
    const res = await upload(p.url, text, 'image/png');
    expect(res.statusCode).toBe(415);
    const pj = (await presign({ filename: 'x.png', content_type: 'image/png', size: JPEG.length })).json();
    expect((await upload(pj.url, JPEG, 'image/png')).statusCode).toBe(415); // a JPEG declared as PNG
    expect(
      (await t.app.inject({ method: 'GET', url: local(p.read_url), headers: { 'x-tenant-id': 'tr' } })).statusCode,
    ).toBe(404);
  });

  it('refuses a body larger than signed, or than the limit', async () => {
    const p = (await presign({ filename: 'x', content_type: 'image/png', size: 20 })).json();
    const over = await upload(p.url, PNG, 'image/png');
    expect(over.statusCode).toBe(413);
    const max = (await presign({ filename: 'x', content_type: 'image/png', size: MAX_UPLOAD_BYTES })).json();
    const huge = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES)]);
    expect((await upload(max.url, huge, 'image/png')).statusCode).toBe(413);
    const full = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES - PNG.length)]);
    expect((await upload(max.url, full, 'image/png')).statusCode).toBe(200);
  });
});

describe('S3-compatible store', () => {
  it('SigV4 presigning matches the AWS documentation example', () => {
    const url = presignV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      expiresIn: 86400,
      now: new Date('2013-05-24T00:00:00Z'),
    });
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z' +
        '&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
        '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  it('is chosen when S3_* is configured; uploads are signed with content type and length', () => {
    const env = { S3_ENDPOINT: 'http://minio:9000/', S3_BUCKET: 'proofs', S3_ACCESS_KEY: 'ak', S3_SECRET_KEY: 'sk' };
    expect(createStorage(t.config, { ...env, S3_BUCKET: '' })).toBeInstanceOf(LocalStorage);
    const s3 = createStorage(t.config, env);
    expect(s3).toBeInstanceOf(S3Storage);
    const p = s3.presignPut({ tenantId: 'tr', contentType: 'image/webp', size: 1234, origin: 'http://api' });
    expect(p.url).toMatch(/^http:\/\/minio:9000\/proofs\/tr\/[0-9a-f-]{36}\.webp\?X-Amz-Algorithm=AWS4-HMAC-SHA256&/);
    expect(p.url).toContain('X-Amz-SignedHeaders=content-length%3Bcontent-type%3Bhost');
    expect(p.url).toContain('X-Amz-Expires=300');
    expect(p.headers).toEqual({ 'Content-Type': 'image/webp' });
    expect(p.public_url).toBe(`http://minio:9000/proofs/${p.key}`);
    expect(s3.keyOf(p.public_url)).toBe(p.key);
    expect(s3.presignGet(p.key, '').url).toContain('X-Amz-SignedHeaders=host');
    const cdn = createStorage(t.config, { ...env, S3_PUBLIC_URL: 'https://cdn.example/' });
    expect(cdn.presignPut({ tenantId: 'tr', contentType: 'image/png', size: 1, origin: '' }).public_url).toMatch(
      /^https:\/\/cdn\.example\/tr\//,
    );
  });
});
