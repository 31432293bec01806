// The browser's response checker must agree with zod on every shared response schema: same
// answers accepted, same value out (unknown fields dropped), same answers refused. Each schema is
// described as the browser build describes it (build/response-shapes.ts), then both check
// answers generated from that schema, some valid, some broken anywhere inside, all through JSON
// as the API sends them.
import fc from 'fast-check';
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { describe, expect, it } from 'vitest';
import { describeSchema, isZodSchema } from '../../build/response-shapes.ts';
import { checkedResponse, type ResponseShape } from './response-check.ts';

const modules = import.meta.glob<Record<string, unknown>>(
  [
    '../../../../packages/shared/src/**/responses.ts',
    '../../../../packages/shared/src/api-errors.ts',
  ],
  { eager: true },
);
const schemas = Object.entries(modules).flatMap(([file, module]) =>
  Object.entries(module)
    .filter((entry): entry is [string, $ZodType] => isZodSchema(entry[1]))
    .map(([name, schema]) => ({ name: `${name} (${file.replace(/^.*\/src\//, '')})`, schema })),
);

/** Any JSON value, for a part of an answer that went wrong. */
const anyJson = fc.jsonValue({ maxDepth: 2 });

/** Answers for `shape`: mostly valid, with any part sometimes replaced by any JSON at all. */
function answers(shape: ResponseShape): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 6, arbitrary: valid(shape) }, { weight: 1, arbitrary: anyJson });
}

function valid(shape: ResponseShape): fc.Arbitrary<unknown> {
  switch (shape) {
    case 'string':
      return fc.string({ maxLength: 4 });
    case 'number':
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer());
    case 'int':
      return fc.oneof(
        fc.integer(),
        fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 1, 1.5, -0),
      );
    case 'boolean':
      return fc.boolean();
    case 'undefined':
      return fc.constant(undefined);
  }
  if ('oneOf' in shape) return fc.constantFrom(...shape.oneOf);
  if ('nullable' in shape) return fc.oneof(fc.constant(null), answers(shape.nullable));
  if ('optional' in shape) return answers(shape.optional);
  if ('array' in shape) return fc.array(answers(shape.array), { maxLength: 3 });
  if ('record' in shape) {
    return fc.dictionary(
      fc.constantFrom('a', 'b', '__proto__', 'constructor'),
      answers(shape.record),
      {
        maxKeys: 3,
      },
    );
  }
  const fields = Object.entries(shape.object);
  return fc
    .record(Object.fromEntries(fields.map(([key, field]) => [key, answers(field)])), {
      // Any field may be missing: required ones make the answer invalid, optional ones not.
      requiredKeys: [],
    })
    .chain((answer) =>
      fc
        .dictionary(fc.constantFrom('extra', 'constructor', '__proto__'), anyJson, { maxKeys: 2 })
        .map((extra) => ({ ...extra, ...answer })),
    );
}

/** As the API sends it: through JSON (a "__proto__" key stays a key, as JSON.parse makes it). */
const overTheWire = (value: unknown) =>
  value === undefined ? undefined : JSON.parse(JSON.stringify(value));

/** The outcome as text: refused, or the value with its keys in order and any undefined shown. */
const outcome = (result: { value?: unknown; issues?: unknown }) =>
  result.issues
    ? 'refused'
    : JSON.stringify(result.value, (_key, value: unknown) =>
        value === undefined ? '(undefined)' : value,
      );

async function zodReads(schema: $ZodType, answer: unknown) {
  return outcome(await schema['~standard'].validate(answer));
}

async function checkerReads(shape: ResponseShape, answer: unknown) {
  return outcome(await checkedResponse(shape)['~standard'].validate(answer));
}

describe('the browser response checker', () => {
  it('finds the shared response schemas', () => {
    expect(schemas.length).toBeGreaterThan(50);
  });

  it.each(schemas)('reads answers as zod does: $name', async ({ name, schema }) => {
    const shape = describeSchema(schema, name);
    await fc.assert(
      fc.asyncProperty(answers(shape), async (generated) => {
        const answer = overTheWire(generated);
        expect(await checkerReads(shape, answer)).toBe(await zodReads(schema, answer));
      }),
      { numRuns: 150 },
    );
  });

  it('refuses to describe what it cannot check as zod does', () => {
    const refused = {
      'a format': z.email(),
      'a length': z.string().check(z.minLength(2)),
      'a loose object': z.looseObject({ a: z.string() }),
      'a union': z.union([z.string(), z.number()]),
      'a default': z.optional(z._default(z.string(), 'x')),
    };
    for (const [what, schema] of Object.entries(refused)) {
      expect(() => describeSchema(schema, what), what).toThrow(/response checker does not know/);
    }
  });
});
