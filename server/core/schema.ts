/**
 * The closed object of the API's JSON schemas in one call: `closed(properties, required)` is
 * `{ type: 'object', additionalProperties: false, properties, required }`, an object with these properties only (a
 * body or query: an unknown one is stripped, or refused with `propertyNames`; an answer: the serializer drops
 * anything else). Its type is the literal schema, as `as const` writes it, so json-schema-to-ts reads it
 * (core/typed.ts).
 */
import type { JSONSchema } from 'json-schema-to-ts';

type Properties = Readonly<Record<string, JSONSchema>>;

/** An object schema with just these properties, none required. */
export function closed<const P extends Properties>(
  properties: P,
): { readonly type: 'object'; readonly additionalProperties: false; readonly properties: P };
/** An object schema with just these properties, `required` required. */
export function closed<const P extends Properties, const R extends readonly (keyof P & string)[]>(
  properties: P,
  required: R,
): { readonly type: 'object'; readonly additionalProperties: false; readonly properties: P; readonly required: R };
export function closed(properties: Properties, required?: readonly string[]) {
  return required
    ? { type: 'object', additionalProperties: false, properties, required }
    : { type: 'object', additionalProperties: false, properties };
}
