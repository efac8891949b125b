import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The .ts files under a folder. */
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

/** The module specifiers a file imports or re-exports (static and dynamic). */
const imports = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'([^']+)'/g)].map((m) => m[1]);

describe('layers', () => {
  it('server/core imports no module (what core needs lives in core or domain/)', () => {
    const found = sources('server/core').flatMap((f) =>
      imports(f)
        .filter((s) => /\/modules\//.test(s))
        .map((s) => `${f}: ${s}`),
    );
    expect(found).toEqual([]);
  });

  it('domain/ imports neither side', () => {
    const found = sources('domain').flatMap((f) =>
      imports(f)
        .filter((s) => /^\.\.\/(server|resources|src|dataProvider|authProvider)\b/.test(s))
        .map((s) => `${f}: ${s}`),
    );
    expect(found).toEqual([]);
  });
});
