/**
 * Where the API listens and which origin its file URLs name: development and test (demo staff with the published
 * password) listen on 127.0.0.1 unless HOST says otherwise; file URLs are built on PUBLIC_ORIGIN (default
 * http://localhost:<PORT>), never on the request's Host header (tests/server/s3.test.ts sends forged ones).
 */
import { describe, expect, it } from 'vitest';
import { loadConfig, publicOriginOf } from '../../server/config';

const configOf = (env: Record<string, string>) =>
  loadConfig(
    { DATA_DIR: '/tmp/bo-listen-origin', ...env },
    { jwtSecret: 'x'.repeat(48), passwordPepper: 'y'.repeat(48) },
  );

describe('HOST', () => {
  it('is 127.0.0.1 in development and test unless HOST is set', () => {
    expect(configOf({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(configOf({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(configOf({}).host).toBe('127.0.0.1'); // NODE_ENV unset is development
    expect(configOf({ NODE_ENV: 'development', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(configOf({ NODE_ENV: 'development', HOST: '' }).host).toBe('127.0.0.1');
  });

  it('is every interface in production (behind its proxy or container) unless HOST is set', () => {
    expect(configOf({ NODE_ENV: 'production' }).host).toBe('0.0.0.0');
    expect(configOf({ NODE_ENV: 'production', HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });
});

describe('PUBLIC_ORIGIN', () => {
  it('defaults to http://localhost:<PORT>', () => {
    expect(configOf({ NODE_ENV: 'development' }).publicOrigin).toBe('http://localhost:8080');
    expect(configOf({ NODE_ENV: 'development', PORT: '3001' }).publicOrigin).toBe('http://localhost:3001');
  });

  it('is an http(s) origin, without a path; anything else stops the start', () => {
    expect(configOf({ PUBLIC_ORIGIN: 'https://bo.example.com' }).publicOrigin).toBe('https://bo.example.com');
    expect(publicOriginOf('https://bo.example.com:8443/', 8080)).toBe('https://bo.example.com:8443');
    for (const bad of [
      'bo.example.com',
      'ftp://bo.example.com',
      'https://bo.example.com/api',
      'https://u:p@x.example',
    ]) {
      expect(() => publicOriginOf(bad, 8080), bad).toThrow(/PUBLIC_ORIGIN/);
    }
  });
});
