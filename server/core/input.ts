/**
 * Text the database cannot store or that no client sends honestly is refused before validation: a NUL byte
 * (PostgreSQL text refuses it, which would surface as a 500), a lone UTF-16 surrogate, or JSON nested deeper than any
 * request of this API. Checked in the query, the path parameters and the body of every /api request; 400 validation
 * with the field that holds it.
 */
import fp from 'fastify-plugin';
import { ValidationError } from './errors';

/** The deepest JSON any route takes (objects in arrays in objects...). */
export const MAX_DEPTH = 16;

// eslint-disable-next-line no-control-regex -- finding the NUL byte is the point
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path of the first unacceptable value in `value` ('' for the value itself), or undefined when all is well. */
export function badInput(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return BAD_TEXT.test(value) ? path : undefined;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  if (depth >= MAX_DEPTH) return path;
  for (const [key, v] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (BAD_TEXT.test(key)) return at;
    const found = badInput(v, at, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The path of the first number in `value` that is not finite ('' for the value itself), or undefined. No honest
 * request holds one, but the route's schema lets it through: Ajv coerces a query's `1e400` or `Infinity` to
 * Infinity, which passes `type: integer` and `maximum`, and JSON.parse reads `1e400` in a body as Infinity.
 */
export function nonFinite(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path;
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH || Buffer.isBuffer(value)) return undefined;
  for (const [key, v] of Object.entries(value)) {
    const found = nonFinite(v, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Registers the checks on every /api request: text and depth after the body is parsed, before the route's schema;
 * numbers after the schema has coerced them, before the handler.
 */
export const inputGuardPlugin = fp(async (app) => {
  app.addHook('preHandler', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    for (const part of [req.params, req.query, req.body]) {
      const at = nonFinite(part);
      if (at !== undefined) {
        throw new ValidationError({
          [at || 'body']: { code: 'invalid', message: `${at || 'The request'} must be a finite number` },
        });
      }
    }
  });
  app.addHook('preValidation', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    for (const part of [req.params, req.query, req.body]) {
      const at = badInput(part);
      if (at !== undefined) {
        throw new ValidationError({
          [at || 'body']: {
            code: 'invalid',
            message: `${at || 'The request'} holds a NUL byte, an invalid character or nesting deeper than ${MAX_DEPTH}`,
          },
        });
      }
    }
  });
});
