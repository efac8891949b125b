// Checks a response body against the API contract (tests/contract/api-routes.ts) strictly: an object schema with
// declared properties admits no other property (Fastify's serializer drops them, so the API never sends them).
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** One /api route: method, Fastify URL pattern (`/api/client/admin/v1/detail/:id`) and its response schemas by status. */
export interface ApiRoute {
  method: string;
  url: string;
  response: Record<string, unknown>;
}

/** The route table of the API and the shared schemas its responses reference ($ref 'Error#'). */
export interface ApiContract {
  routes: ApiRoute[];
  shared: unknown[];
}

/** The success (2xx) response schema a route declares, if any. */
export function successSchema(route: ApiRoute): unknown {
  const status = Object.keys(route.response).find((s) => /^2(\d\d|XX)$/.test(s));
  return status === undefined ? undefined : route.response[status];
}

type Json = Record<string, unknown>;

const DATE_TIME = '2026-01-01T00:00:00.000Z';

/** The plainest value a schema admits (null when nullable, the first enum value, '', 0, false, [], a filled object). */
function sample(schema: Json): unknown {
  const types = ([] as unknown[]).concat(schema.type ?? 'object');
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (types.includes('null')) return null;
  if (types.includes('object')) return fill(schema, {});
  if (types.includes('array')) return [];
  if (types.includes('string')) return schema.format === 'date-time' ? DATE_TIME : '';
  if (types.includes('integer') || types.includes('number'))
    return typeof schema.minimum === 'number' ? schema.minimum : 0;
  if (types.includes('boolean')) return false;
  return null;
}

/**
 * `value` completed to what the API sends: every property the schema declares and `value` lacks gets its plainest
 * value, arrays and objects recursively; what `value` sets (even undeclared fields) is kept, so the check still sees it.
 */
export function fill(schema: unknown, value: unknown): unknown {
  const s = (schema ?? {}) as Json;
  if (Array.isArray(value)) return s.items ? value.map((v) => fill(s.items, v)) : value;
  if (!value || typeof value !== 'object' || !s.properties) return value;
  const out: Json = {};
  for (const [k, sub] of Object.entries(s.properties as Json))
    out[k] = k in (value as Json) ? fill(sub, (value as Json)[k]) : sample(sub as Json);
  return { ...out, ...Object.fromEntries(Object.entries(value as Json).filter(([k]) => !(k in out))) };
}

/** A copy of a schema where every object with `properties` and no `additionalProperties` closes itself. */
function strict(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strict);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema as Json)) out[k] = k === 'properties' ? mapValues(v as Json) : strict(v);
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}
const mapValues = (o: Json) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, strict(v)]));

interface Compiled extends ApiRoute {
  pattern: RegExp;
  params: number;
}

/** Validator of mocked API answers: finds the route of a method and path and checks a body against its schema. */
export function contractValidator(contract: ApiContract) {
  const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, strict: false });
  addFormats(ajv);
  for (const s of contract.shared) ajv.addSchema(strict(s) as Json);
  const routes: Compiled[] = contract.routes
    .map((r) => ({
      ...r,
      params: (r.url.match(/[:*]/g) ?? []).length,
      pattern: new RegExp(
        '^' +
          r.url
            .split('/')
            .map((seg) =>
              seg.startsWith(':') ? '[^/]+' : seg === '*' ? '.*' : seg.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
            )
            .join('/') +
          '/?$',
      ),
    }))
    // A static route wins over a parametric one (find-my-way does the same).
    .sort((a, b) => a.params - b.params);
  const cache = new Map<unknown, ValidateFunction>();
  const compile = (schema: unknown) => {
    let fn = cache.get(schema);
    if (!fn) cache.set(schema, (fn = ajv.compile(strict(schema) as Json)));
    return fn;
  };

  return {
    /** The API route serving a method and path (`/api/...`), or undefined when the API has none. */
    route(method: string, path: string): ApiRoute | undefined {
      return routes.find((r) => r.method === method.toUpperCase() && r.pattern.test(path));
    },
    /** The declared success schema of the route with this method and Fastify URL ('/api/deposit/admin/v1/detail/:id'). */
    successSchemaOf(method: string, url: string): unknown {
      const route = routes.find((r) => r.method === method.toUpperCase() && r.url === url);
      if (!route) throw new Error(`The API has no route ${method} ${url}`);
      return successSchema(route);
    },
    /** Problems of a body answered with `status` for the route (empty when it matches the contract). */
    check(route: ApiRoute, status: number, body: unknown): string[] {
      const schema =
        status >= 200 && status < 300
          ? (route.response[status] ?? successSchema(route)) // a route may declare both 200 and 202
          : (route.response[status] ?? { $ref: 'Error#' });
      if (schema === undefined) return [`${route.method} ${route.url} declares no ${status} response schema`];
      const validate = compile(schema);
      if (validate(body)) return [];
      return (validate.errors ?? []).map(
        (e) =>
          `${route.method} ${route.url} ${status}: ${e.instancePath || '(body)'} ${e.message}` +
          (e.keyword === 'additionalProperties' ? ` '${String(e.params.additionalProperty)}'` : ''),
      );
    },
  };
}
