// Input no route could store is refused for every route at once, before validation: a control
// character (PostgreSQL refuses NUL, which would otherwise surface as a 500), a text longer than
// any field takes, or a JSON body nested deeper than any request needs (re-serialising one for
// the auth library would overflow the stack).
import {
  CONTROL_CHARACTERS_REFUSED,
  hasControlCharacters,
  TEXT_MAX_LENGTH,
  TEXT_TOO_LONG,
} from '@pitstop/shared/text';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

// The deepest request body is a few levels (business hours); 32 leaves ample room.
export const MAX_BODY_DEPTH = 32;
export const TOO_DEEP = 'The request body is nested too deeply.';

type Problem = { path: string; message: string } | 'too-deep';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Body fields allowed past TEXT_MAX_LENGTH (a photo's data URL); the route's schema limits them. */
    longText?: readonly string[];
  }
}

/** The first thing wrong in a parsed body, query or params, walked without recursion. */
function findInputProblem(input: unknown, longText: readonly string[] = []): Problem | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [
    { value: input, path: '', depth: 0 },
  ];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (hasControlCharacters(value)) return { path, message: CONTROL_CHARACTERS_REFUSED };
      if (value.length > TEXT_MAX_LENGTH && !longText.includes(path)) {
        return { path, message: TEXT_TOO_LONG };
      }
      continue;
    }
    if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) continue;
    if (depth >= MAX_BODY_DEPTH) return 'too-deep';
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      if (hasControlCharacters(key))
        return { path: childPath, message: CONTROL_CHARACTERS_REFUSED };
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return undefined;
}

export function installInputGuard(app: FastifyInstance): void {
  // A callback hook: it never waits, so a request should not pay for a promise here.
  app.addHook('preValidation', (request, _reply, done) => {
    const longText = request.routeOptions.config.longText;
    for (const part of [request.params, request.query, request.body]) {
      const problem = findInputProblem(part, part === request.body ? longText : undefined);
      if (problem === 'too-deep') {
        done(new AppError('BAD_REQUEST', TOO_DEEP));
        return;
      }
      if (problem) {
        done(
          new AppError('VALIDATION', problem.message, { [problem.path || '_']: problem.message }),
        );
        return;
      }
    }
    done();
  });
}
