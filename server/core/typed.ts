/**
 * Route types from route schemas: `typed(app)` is the app whose routes take their request types (body, params,
 * querystring, headers) from the JSON schemas they declare, through json-schema-to-ts, so no route declares them by
 * hand. A schema must be a literal type for that: written `as const`, or built by a helper whose return type is
 * precise (core/params.ts, core/list closedQuery). `Input<typeof schema>` is the same type for a service taking it.
 *
 * Answers stay untyped by their schemas (the provider's `serializer` is unknown, as without a provider): the
 * response schemas leave `additionalProperties` open, which json-schema-to-ts reads as an index signature that no
 * service's row type has, and the serializer keeps only the declared fields whatever the handler returns.
 */
import type { FastifyInstance, FastifyTypeProvider } from 'fastify';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/** The key of a schema's type when a definition builds it at run time (a type only: no schema holds it). */
declare const INPUT: unique symbol;

/** A schema built at run time from a definition, with the type the definition gives what it admits. */
export type SchemaOf<S, T> = S & { readonly [INPUT]: T };

/**
 * `schema`, which a definition built (so json-schema-to-ts cannot read it), typed with what the same definition says
 * it admits (e.g. `ListQuery<typeof def>`, `Row<typeof def>`): one source for both.
 */
export const schemaOf =
  <T>() =>
  <S extends object>(schema: S): SchemaOf<S, T> =>
    schema as SchemaOf<S, T>;

/** The type provider of the API's routes: request parts from their schemas (json-schema-to-ts), answers unknown. */
export interface RequestTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends { readonly [INPUT]: infer T }
    ? T
    : this['schema'] extends JSONSchema
      ? FromSchema<this['schema']>
      : unknown;
  serializer: unknown;
}

/** The app with routes typed from their schemas (the same instance: only its type changes). */
export const typed = (app: FastifyInstance) => app.withTypeProvider<RequestTypeProvider>();

/** An app whose routes are typed from their schemas (what `typed` answers). */
export type TypedApp = ReturnType<typeof typed>;

/**
 * What a request part validated by `schema` holds (a body, a querystring), for the services that take it; a
 * property with a `default` stays optional (other callers than the route may leave it out).
 */
export type Input<S extends JSONSchema> = FromSchema<S, { keepDefaultedPropertiesOptional: true }>;
