// Checks a response body against the API contract (tests/contract/api-routes.ts) strictly: an object schema with
// declared properties admits no other property (Fastify's serializer drops them, so the API never sends them).
// Checks a request (path parameters, query string, JSON body) as the API's own validator does: Fastify's Ajv options
// (types coerced, defaults applied, undeclared fields stripped), so what it refuses, and only that, is reported.
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * One /api route: method, Fastify URL pattern (`/api/client/admin/v1/detail/:id`), its response schemas by status and
 * the schemas of its request parts (when it declares them).
 */
export interface ApiRoute {
  method: string;
  url: string;
  response: Record<string, unknown>;
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
}

/** What a client sends to a route: the path, the query string and the parsed JSON body (undefined when none). */
export interface ApiRequest {
  path: string;
  search: URLSearchParams;
  body: unknown;
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
  depth: number;
}

/** The query string as Fastify parses it: a parameter given once is a string, given several times an array. */
export function parseQuery(search: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const all = search.getAll(key);
    out[key] = all.length === 1 ? all[0] : all;
  }
  return out;
}

/** The path parameters of a Fastify URL pattern in a path (`:id` → '42'), as the router hands them to the route. */
function pathParams(url: string, path: string): Record<string, string> {
  const names = url.split('/');
  const values = path.replace(/\/$/, '').split('/');
  const out: Record<string, string> = {};
  names.forEach((seg, i) => {
    if (seg.startsWith(':')) out[seg.slice(1)] = decodeURIComponent(values[i] ?? '');
    else if (seg === '*') out['*'] = values.slice(i).join('/');
  });
  return out;
}

type AjvIssue = NonNullable<ValidateFunction['errors']>[number];

/** One Ajv issue of a request part, in words: `query: unknown parameter 'sortt'`, `body /amount must be string`. */
function requestIssue(part: string, e: AjvIssue): string {
  const name = part === 'query' ? 'parameter' : 'field';
  if (e.keyword === 'propertyNames' || (e.keyword === 'enum' && e.propertyName !== undefined))
    return `${part}: unknown ${name} '${String(e.propertyName ?? e.params.propertyName)}' (400 unknown_field)`;
  if (e.keyword === 'required') return `${part}: missing required ${name} '${String(e.params.missingProperty)}'`;
  const at = e.instancePath ? `${e.instancePath.slice(1).replace(/\//g, '.')}` : '(whole)';
  const allowed = e.keyword === 'enum' ? ` (${(e.params.allowedValues as unknown[]).join(', ')})` : '';
  return `${part} ${at} ${e.message}${allowed}`;
}

/** Validator of mocked API answers: finds the route of a method and path and checks a body against its schema. */
export function contractValidator(contract: ApiContract) {
  const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, strict: false });
  addFormats(ajv);
  for (const s of contract.shared) ajv.addSchema(strict(s) as Json);
  const routes: Compiled[] = contract.routes
    .map((r) => ({
      ...r,
      depth: (r.url.match(/[:*]/g) ?? []).length,
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
    .sort((a, b) => a.depth - b.depth);
  const cache = new Map<unknown, ValidateFunction>();
  const compile = (schema: unknown) => {
    let fn = cache.get(schema);
    if (!fn) cache.set(schema, (fn = ajv.compile(strict(schema) as Json)));
    return fn;
  };

  // The API's request validator: Fastify's Ajv options (@fastify/ajv-compiler) with the app's (server/app.ts).
  const requestAjv = new Ajv({
    coerceTypes: 'array',
    useDefaults: true,
    removeAdditional: true,
    allErrors: true,
    allowUnionTypes: true,
  });
  addFormats(requestAjv);
  for (const s of contract.shared) requestAjv.addSchema(s as Json);
  const requestCache = new Map<unknown, ValidateFunction>();
  /** Issues of one request part, validated (and coerced) in place as Fastify does; an absent part is null. */
  const partIssues = (part: string, schema: unknown, value: unknown): string[] => {
    if (schema === undefined || schema === null) return [];
    let fn = requestCache.get(schema);
    if (!fn) requestCache.set(schema, (fn = requestAjv.compile(schema as Json)));
    const holder = { value: value === undefined ? null : value };
    if (
      fn(holder.value, {
        instancePath: '',
        parentData: holder,
        parentDataProperty: 'value',
        rootData: holder,
        dynamicAnchors: {},
      })
    )
      return [];
    return (fn.errors ?? []).map((e) => requestIssue(part, e));
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
    /**
     * Problems of a request to the route that the API refuses with 400 validation (empty when it would take it): its
     * path parameters, query string (an unknown parameter of a list, a wrong type or value) and JSON body.
     */
    checkRequest(route: ApiRoute, request: ApiRequest): string[] {
      const issues = [
        ...partIssues('path', route.params, pathParams(route.url, request.path)),
        ...partIssues('body', route.body, request.body),
        ...partIssues('query', route.querystring, parseQuery(request.search)),
      ];
      return [...new Set(issues)].map((p) => `${route.method} ${route.url} ${p}`);
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
