import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import errors from '../../i18n/messages/errors';
import { ERROR_CODES, FIELD_CODES } from '../../server/core/errors';

/** Every server source file (not migrations). */
function sources(dir = 'server'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? e.name === 'migrations'
        ? []
        : sources(join(dir, e.name))
      : e.name.endsWith('.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

/** The error code literals of the server source: thrown HttpErrors / DomainErrors, sent `code: '...'` bodies, status maps. */
function emittedCodes(): Map<string, string> {
  const found = new Map<string, string>();
  const patterns = [
    /(?:HttpError|DomainError|super)\(\s*(?:\d{3}|[A-Za-z.]+),\s*'([a-z_]+)'/g,
    /\bcode: '([a-z_]+)'/g,
    /^\s*\d{3}: '([a-z_]+)',$/gm,
    /fail\('([a-z_]+)'/g,
  ];
  for (const file of sources()) {
    const text = readFileSync(file, 'utf8');
    for (const re of patterns) for (const m of text.matchAll(re)) found.set(m[1], file);
  }
  return found;
}

describe('API error codes', () => {
  it('every code literal the server emits is in ERROR_CODES', () => {
    const emitted = emittedCodes();
    // The grep must see the codes of every layer (framework, auth, storage, ledger), or it proves nothing.
    for (const code of [
      'validation',
      'rate_limited',
      'wrong_password',
      'captcha_invalid',
      'url_expired',
      'invalid_state',
    ])
      expect(emitted.has(code), code).toBe(true);
    // `code: '...'` also matches a field issue's code (FIELD_CODES), which is just as stable.
    const known: readonly string[] = [...ERROR_CODES, ...FIELD_CODES];
    const unknown = [...emitted].filter(([code]) => !known.includes(code));
    expect(unknown).toEqual([]);
  });

  it('every field code has a translation in zh-CN and en-US, the Chinese one in Chinese', () => {
    const zh = errors['zh-CN'].errors.field as Record<string, string>;
    const en = errors['en-US'].errors.field as Record<string, string>;
    for (const code of FIELD_CODES) {
      expect(en[code]?.trim(), `en-US errors.field.${code}`).toBeTruthy();
      expect(zh[code], `zh-CN errors.field.${code}`).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('every code has a translation in zh-CN and en-US, the Chinese one in Chinese', () => {
    const zh = errors['zh-CN'].errors.codes as Record<string, string>;
    const en = errors['en-US'].errors.codes as Record<string, string>;
    for (const code of ERROR_CODES) {
      expect(en[code]?.trim(), `en-US errors.codes.${code}`).toBeTruthy();
      expect(zh[code], `zh-CN errors.codes.${code}`).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
