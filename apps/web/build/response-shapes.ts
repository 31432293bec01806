// Build-only: describes a shared zod response schema as the plain JSON the browser's checker
// reads (src/lib/response-check.ts). Only the kinds the response schemas use are known; any other
// kind, or a check such as a length or format, stops the build naming the field, so a schema is
// never checked more loosely in the browser than zod would check it.
import type { $ZodType } from 'zod/v4/core';
import type { ResponseShape } from '../src/lib/response-check.ts';

/** The parts of a zod definition the kinds below use. */
interface Definition {
  type: string;
  checks?: unknown[];
  coerce?: boolean;
  format?: string;
  entries?: Record<string, string | number>;
  values?: unknown[];
  innerType?: $ZodType;
  element?: $ZodType;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  keyType?: $ZodType;
  valueType?: $ZodType;
}

export function isZodSchema(value: unknown): value is $ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

const isJsonScalar = (value: unknown) =>
  value === null ||
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value));

/** zod's own reading of an enum's entries (a numeric TypeScript enum maps both ways). */
function enumValues(entries: Record<string, string | number>): unknown[] {
  const numbers = Object.values(entries).filter((value) => typeof value === 'number');
  return Object.entries(entries)
    .filter(([key]) => !numbers.includes(Number(key)))
    .map(([, value]) => value);
}

/** The description of `schema`; `at` names it in the error when a kind is not known. */
export function describeSchema(schema: $ZodType, at: string): ResponseShape {
  const def = schema._zod.def as unknown as Definition;
  const refuse = (what: string): never => {
    throw new Error(
      `${at} uses ${what}, which the browser's response checker does not know: teach ` +
        `apps/web/build/response-shapes.ts and src/lib/response-check.ts, or leave it out.`,
    );
  };
  if (def.checks?.length) refuse('a check (a length, format or refinement)');
  if (def.coerce) refuse('coercion');
  const inner = (child: $ZodType | undefined, where = at) =>
    child ? describeSchema(child, where) : refuse(`a ${def.type} without its inner schema`);
  switch (def.type) {
    case 'string':
      return def.format ? refuse(`the string format ${def.format}`) : 'string';
    case 'number':
      if (def.format === 'safeint') return 'int';
      return def.format ? refuse(`the number format ${def.format}`) : 'number';
    case 'boolean':
    case 'undefined':
      return def.type;
    case 'enum':
      return { oneOf: enumValues(def.entries ?? {}) };
    case 'literal':
      if (!def.values?.every(isJsonScalar)) refuse('a literal JSON cannot carry');
      return { oneOf: def.values ?? [] };
    case 'nullable':
      return { nullable: inner(def.innerType) };
    case 'optional':
      if (def.innerType?._zod.optin === 'defaulted') refuse('a default value');
      return { optional: inner(def.innerType) };
    case 'array':
      return { array: inner(def.element, `${at}[]`) };
    case 'record': {
      const key = def.keyType ? (def.keyType._zod.def as unknown as Definition) : undefined;
      if (key?.type !== 'string' || key.checks?.length || key.format) {
        refuse('a record whose keys are not plain strings');
      }
      return { record: inner(def.valueType, `${at}[key]`) };
    }
    case 'object': {
      if (def.catchall) refuse('a catch-all (a loose or strict object)');
      const shape = def.shape ?? {};
      if (Object.getOwnPropertySymbols(shape).length > 0) refuse('a symbol key');
      if (Object.hasOwn(shape, '__proto__')) refuse('a __proto__ field');
      return {
        object: Object.fromEntries(
          Object.entries(shape).map(([key, field]) => [key, inner(field, `${at}.${key}`)]),
        ),
      };
    }
    default:
      return refuse(`the kind '${def.type}'`);
  }
}
