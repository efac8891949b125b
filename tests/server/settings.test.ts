/**
 * The settings documents (domain/setting.ts): public reads, the administrator's saves with their validation (trimmed
 * name, own uploads only, IANA zones, sanitised rich text, unknown fields), permissions, audit rows and tenants.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog } from '../../server/db/schema';
import { DEFAULT_APP } from '../../server/modules/setting/defaults';
import { MAX_DEPTH, sanitizeHtml } from '../../domain/html';
import { call, login, makeTestApp, type TestApp } from './helpers';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 7)]);
const APP = '/api/setting/admin/v1/app';
const CO = '/api/setting/admin/v1/co';
const PRODUCT = '/api/setting/admin/v1/product';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await makeTestApp();
  for (const u of ['admin', 'supervisor', 'leader', 'sales']) tokens[u] = (await login(t.app, u)).access_token;
  tokens.adminPl = (await login(t.app, 'admin', { tenant: 'pl' })).access_token;
});
afterAll(() => t?.close());

const as = (who: string, method: 'GET' | 'PUT', url: string, body?: unknown, tenant?: string) =>
  call(t.app, method, url, { token: tokens[who], body, tenant });

/** Uploads a PNG as admin of `tenant`; answers its public URL. */
async function upload(who = 'admin', tenant = 'tr'): Promise<string> {
  const p = (
    await call(t.app, 'POST', '/api/s3/admin/presign/put', {
      token: tokens[who],
      tenant,
      body: { filename: 'logo.png', content_type: 'image/png', size: PNG.length },
    })
  ).json();
  const u = new URL(p.url);
  const put = await t.app.inject({ method: 'PUT', url: `${u.pathname}${u.search}`, headers: p.headers, payload: PNG });
  expect(put.statusCode).toBe(200);
  return p.public_url;
}

/** GET /setting/v1/app without its signed URLs (they change every second). */
async function readApp(tenant?: string) {
  const {
    web_logo_url: _l,
    image_url: _i,
    ...doc
  } = (await call(t.app, 'GET', '/api/setting/v1/app', { tenant })).json();
  return doc;
}

const appBody = (patch: Record<string, unknown> = {}) => ({ ...DEFAULT_APP, ...patch });

async function lastAudit(action: string, tenant = 'tr') {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.tenantId, tenant)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

describe('app settings', () => {
  it('GET /setting/v1/app is public and answers the whole document with languages as zh-CN / en-US', async () => {
    const res = await call(t.app, 'GET', '/api/setting/v1/app');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...DEFAULT_APP, web_logo_url: null, image_url: null });
  });

  it('saves a trimmed name with an uploaded logo, audits before/after in the tenant, and leaves pl alone', async () => {
    const logo = await upload();
    const res = await as(
      'admin',
      'PUT',
      APP,
      appBody({
        app_name: '  TR Office  ',
        web_logo: logo,
        timezone: 'asia/tokyo',
        locale: 'en-US',
        language: 'en-US',
        currency: 'USD',
      }),
    );
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({
      app_name: 'TR Office',
      web_logo: logo,
      timezone: 'Asia/Tokyo',
      locale: 'en-US',
      currency: 'USD',
    });
    expect(saved.web_logo_url).toMatch(/^\/api\/s3\/object\/tr\/[0-9a-f-]{36}\.png\?expires=\d+&signature=/);

    const read = (await call(t.app, 'GET', '/api/setting/v1/app')).json();
    expect(read).toMatchObject({ app_name: 'TR Office', web_logo: logo });
    // The signed URL loads the image as an <img> does (no header).
    const img = await t.app.inject({ method: 'GET', url: read.web_logo_url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');

    const audit = await lastAudit('setting.app.update');
    expect(audit).toMatchObject({ resource: 'settings', targetId: 'app', result: 'success', username: 'admin' });
    expect(audit.before).toMatchObject({ app_name: 'Admin', web_logo: '' });
    expect(audit.after).toMatchObject({ app_name: 'TR Office', web_logo: logo, timezone: 'Asia/Tokyo' });

    expect((await call(t.app, 'GET', '/api/setting/v1/app', { tenant: 'pl' })).json()).toMatchObject({
      app_name: 'Admin',
      web_logo: '',
      timezone: 'Asia/Shanghai',
    });
  });

  it.each([
    ['an empty name', { app_name: '' }, 'app_name'],
    ['a blank name', { app_name: '    ' }, 'app_name'],
    ['a name over 40 characters', { app_name: 'x'.repeat(41) }, 'app_name'],
    ['a javascript: logo', { web_logo: 'javascript:alert(1)' }, 'web_logo'],
    [
      'a javascript: logo with our path',
      { web_logo: 'javascript:/api/s3/object/tr/00000000-0000-4000-8000-000000000000.png' },
      'web_logo',
    ],
    [
      'a third-party logo with our path',
      { web_logo: 'https://evil.example/api/s3/object/tr/00000000-0000-4000-8000-000000000000.png' },
      'web_logo',
    ],
    [
      'a protocol-relative logo',
      { web_logo: '//evil.example/api/s3/object/tr/00000000-0000-4000-8000-000000000000.png' },
      'web_logo',
    ],
    ['a data: logo', { web_logo: 'data:image/svg+xml,<svg onload=alert(1)>' }, 'web_logo'],
    ["another tenant's upload", { web_logo: '/api/s3/object/pl/00000000-0000-4000-8000-000000000000.png' }, 'web_logo'],
    ['a third-party image', { image: 'https://cdn.example.com/a.png' }, 'image'],
    ['a javascript: service link', { app_service: 'javascript:alert(1)' }, 'app_service'],
    ['a locale outside zh-CN / en-US', { locale: 'de-DE' }, 'locale'],
    ['a language outside zh-CN / en-US', { language: 'zh' }, 'language'],
    ['a currency not of the platform', { currency: 'GBP' }, 'currency'],
    ['a four-letter currency', { currency: 'USDT' }, 'currency'],
    ['an unknown time zone', { timezone: 'Mars/Olympus' }, 'timezone'],
    ['a time zone that is not a zone name', { timezone: '../../etc' }, 'timezone'],
    ['an object as the name', { app_name: { a: 1 } }, 'app_name'],
    ['a missing field', { app_version: undefined }, 'app_version'],
    ['an unknown field', { admin: true }, 'admin'],
    ['a prototype key', { constructor: 'x' }, 'constructor'],
  ])('refuses %s: 400 validation with errors.%s', async (_what, patch, field) => {
    const body = appBody(patch);
    for (const [k, v] of Object.entries(body)) if (v === undefined) delete (body as Record<string, unknown>)[k];
    const before = await readApp();
    const res = await as('admin', 'PUT', APP, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation' });
    expect(Object.keys(res.json().errors)).toContain(field);
    // each named field also has its stable code, which the console translates
    expect(Object.keys(res.json().field_codes)).toEqual(Object.keys(res.json().errors));
    expect(typeof res.json().message).toBe('string');
    expect(await readApp()).toEqual(before);
  });

  it("refuses a logo uploaded by another tenant's administrator", async () => {
    const plLogo = await upload('adminPl', 'pl');
    const res = await as('admin', 'PUT', APP, appBody({ web_logo: plLogo }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.web_logo).toBeTruthy();
    expect(res.json().field_codes.web_logo).toEqual({ code: 'own_image' });
  });

  it('answers a too long name with its code and limit', async () => {
    const res = await as('admin', 'PUT', APP, appBody({ app_name: 'x'.repeat(41) }));
    expect(res.json().field_codes.app_name).toEqual({ code: 'too_long', limit: 40 });
  });

  it('refuses a __proto__ key (400 from the JSON parser)', async () => {
    const res = await call(t.app, 'PUT', APP, {
      token: tokens.admin,
      body: JSON.stringify(appBody()).replace(/}$/, ',"__proto__":{"x":1}}'),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bad_request');
  });

  it('refuses a body that is not an object', async () => {
    for (const body of ['[]', '"x"', 'null']) {
      const res = await call(t.app, 'PUT', APP, {
        token: tokens.admin,
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, body).toBe(400);
    }
  });
});

describe('company documents', () => {
  it('GET /setting/v1/co is public; the save sanitises each document and audits it', async () => {
    expect((await call(t.app, 'GET', '/api/setting/v1/co')).json()).toEqual({ about: '', terms: '', privacy: '' });
    const res = await as('admin', 'PUT', CO, {
      about: '<p onclick="x()">We <b>trade</b><script>alert(1)</script></p>',
      terms: '<h2 style="color:red">Terms</h2><ol><li>One</li></ol>',
      privacy: '<a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>',
    });
    expect(res.statusCode).toBe(200);
    const want = {
      about: '<p>We <b>trade</b></p>',
      terms: '<h2>Terms</h2><ol><li>One</li></ol>',
      privacy: '<a>x</a>',
    };
    expect(res.json()).toEqual(want);
    expect((await call(t.app, 'GET', '/api/setting/v1/co')).json()).toEqual(want);
    expect((await call(t.app, 'GET', '/api/setting/v1/co', { tenant: 'pl' })).json().about).toBe('');
    const audit = await lastAudit('setting.company.update');
    expect(audit.before).toEqual({ about: '', terms: '', privacy: '' });
    expect(audit.after).toEqual(want);
  });

  it('refuses a document over the size limit, and unknown fields', async () => {
    const long = await as('admin', 'PUT', CO, { about: 'x'.repeat(20_001), terms: '', privacy: '' });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.about).toBeTruthy();
    // Under the limit as sent, over it once escaped: still refused, never stored longer.
    const grows = await as('admin', 'PUT', CO, { about: '<'.repeat(19_000), terms: '', privacy: '' });
    expect(grows.statusCode).toBe(400);
    expect(grows.json().errors.about).toMatch(/longer than 20000/);
    const unknown = await as('admin', 'PUT', CO, { about: '', terms: '', privacy: '', footer: '<p>x</p>' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ footer: 'Footer is not a known field' });
  });
});

describe('rich-text sanitiser', () => {
  it.each([
    ['<script>alert(1)</script>ok', 'ok'],
    ['<SCRIPT SRC=//x.js></SCRIPT >ok', 'ok'],
    ['<script>never closed', ''],
    ['<img src=x onerror=alert(1)>', ''],
    ['<p onmouseover="alert(1)" style="x">a</p>', '<p>a</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="java&#x09;script:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="  javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="javascript&colon;alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    [
      '<a href=https://example.com/?a=1&b="2" onclick=x>x</a>',
      '<a href="https://example.com/?a=1&amp;b=&quot;2&quot;" rel="noopener noreferrer nofollow">x</a>',
    ],
    [
      '<a href="mailto:help@example.com">mail</a>',
      '<a href="mailto:help@example.com" rel="noopener noreferrer nofollow">mail</a>',
    ],
    ['<iframe src="https://evil"></iframe>x', 'x'],
    ['<svg><script>alert(1)</script></svg>x', 'x'],
    ['<svg onload=alert(1)>x', ''],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>y', 'y'],
    ['<style>body{}</style><b>b</b>', '<b>b</b>'],
    ['<div><span class="x">text</span></div>', 'text'],
    ['<!-- <script>alert(1)</script> -->x', 'x'],
    ['<!--><script>alert(1)</script>-->', ''],
    ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['<<script>script>alert(1)</script>', '&lt;'],
    ['<b><i>unclosed', '<b><i>unclosed</i></b>'],
    ['</p></b>stray<br/><BR>', 'stray<br><br>'],
    ['<b><i>x</b>y</i>', '<b><i>x</i></b>y'],
    [
      '<a href="https://a.example">1<a href="https://b.example">2</a>',
      '<a href="https://a.example" rel="noopener noreferrer nofollow">1</a><a href="https://b.example" rel="noopener noreferrer nofollow">2</a>',
    ],
    ['1 < 2 & 3 > 2 "q"', '1 &lt; 2 &amp; 3 &gt; 2 &quot;q&quot;'],
    ['&lt;script&gt; &amp; &#60;', '&lt;script&gt; &amp; &#60;'],
    ['<p title="a>b">x</p>', '<p>x</p>'],
    ['<p\n onclick=x\n>x</p>', '<p>x</p>'],
    ['<textarea><b>x</b></textarea>y', 'y'],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>">', '&quot;&gt;'],
    ['<h1>1</h1><h4>4</h4><h5>5</h5><blockquote>q</blockquote>', '<h1>1</h1><h4>4</h4>5<blockquote>q</blockquote>'],
    [
      '<ul><li>a<li>b</ul><em>e</em><u>u</u><strong>s</strong>',
      '<ul><li>a<li>b</li></li></ul><em>e</em><u>u</u><strong>s</strong>',
    ],
    ['<p', ''],
    ['<!DOCTYPE html><?xml x?>ok', 'ok'],
  ])('%s', (input, want) => {
    expect(sanitizeHtml(input)).toBe(want);
  });

  it('flattens nesting deeper than MAX_DEPTH and stays linear on hostile input', () => {
    const deep = '<b>'.repeat(MAX_DEPTH + 50) + 'x';
    const out = sanitizeHtml(deep);
    expect(out.match(/<b>/g)).toHaveLength(MAX_DEPTH);
    expect(out.match(/<\/b>/g)).toHaveLength(MAX_DEPTH);
    const started = Date.now();
    sanitizeHtml('<a href="'.repeat(5000) + '<p '.repeat(5000) + '<!--'.repeat(5000));
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('product display', () => {
  it('answers every product by default and saves a choice in the platform order, each once', async () => {
    const first = await as('admin', 'GET', PRODUCT);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ products: ['stock', 'ipo', 'block', 'fund', 'quant', 'saving', 'subscribe'] });
    const res = await as('admin', 'PUT', PRODUCT, { products: ['fund', 'stock'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ products: ['stock', 'fund'] });
    expect((await as('admin', 'GET', PRODUCT)).json()).toEqual({ products: ['stock', 'fund'] });
    expect((await as('adminPl', 'GET', PRODUCT, undefined, 'pl')).json().products).toHaveLength(7);
    const audit = await lastAudit('setting.product.update');
    expect(audit.before).toEqual({ products: ['stock', 'ipo', 'block', 'fund', 'quant', 'saving', 'subscribe'] });
    expect(audit.after).toEqual({ products: ['stock', 'fund'] });
    expect((await as('admin', 'PUT', PRODUCT, { products: [] })).json()).toEqual({ products: [] });
  });

  it.each([
    [{ products: ['all'] }],
    [{ products: ['stock', 'stock'] }],
    [{ products: [1] }],
    [{ products: null }],
    [{}],
    [{ products: ['stock'], extra: 1 }],
  ])('refuses %j', async (body) => {
    const res = await as('admin', 'PUT', PRODUCT, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation');
  });
});

describe('locale', () => {
  it('GET /setting/admin/v1/locale answers the locale with the offset and local time of its zone', async () => {
    const pl = (await as('adminPl', 'GET', '/api/setting/admin/v1/locale', undefined, 'pl')).json();
    expect(pl).toMatchObject({ locale: 'zh-CN', currency: 'CNY', timezone: 'Asia/Shanghai', utc_offset: '+08:00' });
    expect(pl.now).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await call(t.app, 'GET', '/api/setting/app/v1/locale')).statusCode).toBe(200);
  });

  it("is the app config's time zone: saved there, it is the tenant's zone, with its offset (tr saved Tokyo above)", async () => {
    const tr = (await as('admin', 'GET', '/api/setting/admin/v1/locale')).json();
    expect(tr).toMatchObject({ timezone: 'Asia/Tokyo', utc_offset: '+09:00' });
    expect((await readApp()).timezone).toBe('Asia/Tokyo');
    const res = await as('admin', 'PUT', APP, appBody({ timezone: 'Europe/London' }));
    expect(res.statusCode).toBe(200);
    expect((await as('admin', 'GET', '/api/setting/admin/v1/locale')).json().timezone).toBe('Europe/London');
    expect((await readApp()).timezone).toBe('Europe/London');
    // pl keeps its own zone
    expect((await as('adminPl', 'GET', '/api/setting/admin/v1/locale', undefined, 'pl')).json().timezone).toBe(
      'Asia/Shanghai',
    );
  });
});

describe('permissions', () => {
  it.each([
    ['PUT', APP, appBody()],
    ['PUT', CO, { about: '', terms: '', privacy: '' }],
    ['GET', PRODUCT, undefined],
    ['PUT', PRODUCT, { products: [] }],
    ['GET', '/api/setting/admin/v1/locale', undefined],
  ] as const)('%s %s: 401 unsigned, 403 for angel, superman and hero', async (method, url, body) => {
    const unsigned = await call(t.app, method, url, { body });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().code).toBe('unauthorized');
    for (const who of ['supervisor', 'leader', 'sales']) {
      const res = await as(who, method, url, body);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
  });

  it('a refused save changes nothing', async () => {
    const before = await readApp();
    await as('supervisor', 'PUT', APP, appBody({ app_name: 'Hijacked' }));
    expect(await readApp()).toEqual(before);
  });

  it('the public reads need no token', async () => {
    for (const url of ['/api/setting/v1/app', '/api/setting/v1/co', '/api/setting/app/v1/locale']) {
      expect((await call(t.app, 'GET', url)).statusCode, url).toBe(200);
    }
  });
});
