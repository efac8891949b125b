import { describe, expect, it } from 'vitest';
import { loadApiContract, successSchema } from '../contract/api-routes';

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
