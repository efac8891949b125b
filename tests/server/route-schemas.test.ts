import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadApiContract, successSchema } from '../contract/api-routes';

const root = join(__dirname, '../..');

/** Every TypeScript file under a directory of the repository, as paths from the root. */
const sources = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => relative(root, join(e.parentPath, e.name)));

// Every /api route declares its success response (OpenAPI shows it, the serializer keeps only declared fields and the
// unit suite checks its mocks against it).
describe('route response schemas', () => {
  it('every /api route declares a 2xx response schema', async () => {
    const { routes } = await loadApiContract();
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes.filter((r) => successSchema(r) === undefined).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('a 2xx object schema declares its properties (an undeclared shape would pass anything)', async () => {
    const { routes } = await loadApiContract();
    const open = routes
      .filter((r) => {
        const s = successSchema(r) as { type?: unknown; properties?: unknown } | undefined;
        return s?.type === 'object' && !s.properties;
      })
      .map((r) => `${r.method} ${r.url}`);
    expect(open).toEqual([]);
  });
});

// A route's request types come from its schemas (server/core/typed.ts): a type written by hand in a route's generic
// (`app.post<{ Body: X }>`, `FastifyRequest<{ Querystring: Q }>`) can say something the schema does not check.
describe('route request types', () => {
  it('no route in server/ declares its body, querystring, params or headers type by hand', () => {
    const byHand = sources('server').filter((f) =>
      /\bBody\??\s*:|<\s*\{[^}]*\b(Querystring|Params|Headers)\??\s*:/.test(readFileSync(join(root, f), 'utf8')),
    );
    expect(byHand).toEqual([]);
  });
});
