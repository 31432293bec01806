// How the browser checks the API's answers. apiFetch takes any Standard Schema: the shared zod
// response schemas in tests and on the server, and in the browser build the same schemas turned
// into plain descriptions at build time (apps/web/build/response-checks.ts), read here by a
// checker with zod's rules for the kinds they use. Pages no longer download zod to read answers
// (docs/decisions/022-answers-checked-without-zod.md).

/** A Standard Schema's answer (https://standardschema.dev): the value, or why there is none. */
export type CheckResult<T> =
  | { readonly value: T; readonly issues?: undefined }
  | { readonly issues: readonly { readonly message: string }[] };

/** What apiFetch checks an answer with. */
export interface ResponseSchema<T> {
  readonly '~standard': {
    readonly validate: (value: unknown) => CheckResult<T> | Promise<CheckResult<T>>;
  };
}

/** A response schema as the browser build describes it: JSON, one entry per zod kind. */
export type ResponseShape =
  | 'string'
  | 'number'
  | 'int'
  | 'boolean'
  | 'undefined'
  | { readonly oneOf: readonly unknown[] }
  | { readonly nullable: ResponseShape }
  | { readonly optional: ResponseShape }
  | { readonly array: ResponseShape }
  | { readonly object: { readonly [key: string]: ResponseShape } }
  | { readonly record: ResponseShape };

const INVALID = Symbol('invalid');

/** Whether an object may lack the field (zod: optional in and out, also under nullable). */
function isOptional(shape: ResponseShape): boolean {
  if (typeof shape === 'string') return false;
  if ('optional' in shape) return true;
  return 'nullable' in shape && isOptional(shape.nullable);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `value` as zod would output it for the schema `shape` describes, or INVALID. */
function read(shape: ResponseShape, value: unknown): unknown {
  switch (shape) {
    case 'string':
      return typeof value === 'string' ? value : INVALID;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : INVALID;
    case 'int':
      return Number.isSafeInteger(value) ? value : INVALID;
    case 'boolean':
      return typeof value === 'boolean' ? value : INVALID;
    case 'undefined':
      return value === undefined ? value : INVALID;
  }
  if ('oneOf' in shape) return shape.oneOf.includes(value) ? value : INVALID;
  if ('nullable' in shape) return value === null ? value : read(shape.nullable, value);
  if ('optional' in shape) return value === undefined ? value : read(shape.optional, value);
  if ('array' in shape) {
    if (!Array.isArray(value)) return INVALID;
    const items: unknown[] = [];
    for (const item of value) {
      const checked = read(shape.array, item);
      if (checked === INVALID) return INVALID;
      items.push(checked);
    }
    return items;
  }
  if (!isObject(value)) return INVALID;
  // Built key by key, so only the schema's fields (or a record's own keys) come through.
  const output: Record<string, unknown> = {};
  if ('record' in shape) {
    for (const key of Object.keys(value)) {
      if (key === '__proto__') continue;
      const checked = read(shape.record, value[key]);
      if (checked === INVALID) return INVALID;
      output[key] = checked;
    }
    return output;
  }
  for (const [key, field] of Object.entries(shape.object)) {
    if (!(key in value)) {
      if (isOptional(field)) continue;
      return INVALID;
    }
    const checked = read(field, value[key]);
    if (checked === INVALID) return INVALID;
    output[key] = checked;
  }
  return output;
}

const MISMATCH = [{ message: 'The answer does not match its response schema' }] as const;

/** The response schema `shape` describes, as apiFetch takes it. */
export function checkedResponse<T>(shape: ResponseShape): ResponseSchema<T> {
  return {
    '~standard': {
      validate(value) {
        const checked = read(shape, value);
        return checked === INVALID ? { issues: MISMATCH } : { value: checked as T };
      },
    },
  };
}
