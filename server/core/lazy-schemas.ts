/**
 * Fastify's own schema compilers (Ajv for requests, fast-json-stringify for answers, with the app's options), each
 * route's validator and serializer compiled at its first use instead of at start-up: compiling the ~350 routes'
 * schemas was most of the API's start (several seconds of CPU before the first answer). After `listen`, `warmUp`
 * compiles the rest in small slices between requests, so no early request waits for more than its own route.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Compile<F> = (route: Record<string, unknown>) => F;
type Validator = ((data: unknown, ctx?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };

/** The compilations of one app not run yet (its warmUp drains them). */
type Pending = Set<() => void>;

function lazyValidator(pending: Pending, build: () => Validator): Validator {
  let fn: Validator | undefined;
  const compile = () => (fn ??= build());
  pending.add(compile);
  const v: Validator = (data, ctx) => {
    pending.delete(compile);
    const f = compile();
    const ret = ctx === undefined ? f(data) : f(data, ctx);
    v.errors = f.errors;
    return ret;
  };
  // Ajv's functions carry `schemaEnv`: Fastify then passes the parent (the request), so a root value can be coerced.
  v.schemaEnv = true;
  return v;
}

function lazySerializer(pending: Pending, build: () => (data: unknown) => string): (data: unknown) => string {
  let fn: ((data: unknown) => string) | undefined;
  const compile = () => (fn ??= build());
  pending.add(compile);
  return (data) => {
    pending.delete(compile);
    return compile()(data);
  };
}

/**
 * One app's lazy compilers: `schemaController` (the Fastify option: its default compilers, made lazy) and `warmUp`,
 * which compiles what no request has compiled yet, a few routes per turn of the event loop (call it once listening).
 */
export function lazySchemas() {
  const pending: Pending = new Set();
  const validators = AjvCompiler();
  const serializers = SerializerSelector();
  const schemaController = {
    compilersFactory: {
      buildValidator: (external: unknown, options: unknown) => {
        const compile = (validators as (e: unknown, o: unknown) => Compile<Validator>)(external, options);
        return (route: Record<string, unknown>) => lazyValidator(pending, () => compile(route));
      },
      buildSerializer: (external: unknown, options: unknown) => {
        const compile = (serializers as (e: unknown, o: unknown) => Compile<(data: unknown) => string>)(
          external,
          options,
        );
        return (route: Record<string, unknown>) => lazySerializer(pending, () => compile(route));
      },
    },
  } as NonNullable<FastifyServerOptions['schemaController']>;
  const warmUp = () => {
    const step = () => {
      const started = performance.now();
      for (const compile of pending) {
        pending.delete(compile);
        try {
          compile();
        } catch {
          // the route's first request compiles again and answers the error
        }
        if (performance.now() - started > 10) break;
      }
      if (pending.size) setImmediate(step).unref();
    };
    setImmediate(step).unref();
  };
  return { schemaController, warmUp };
}
