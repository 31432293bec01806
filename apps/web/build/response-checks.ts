// Build-only: in the browser, the shared response modules (packages/shared/src/**/responses.ts
// and api-errors.ts) are their schemas described as plain JSON for src/lib/response-check.ts,
// which apiFetch checks answers with; zod is left to the forms. Each module is run at build time
// with its real zod schemas (Vite's module runner); every schema it exports becomes its
// description (./response-shapes.ts), every other export (a list of statuses, say) its JSON value.
// Tests and the server use the zod schemas themselves (docs/decisions/022-answers-checked-without-zod.md).
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import { describeSchema, isZodSchema } from './response-shapes.ts';

const RESPONSE_MODULE = /[\\/]packages[\\/]shared[\\/]src[\\/](?:.+[\\/]responses|api-errors)\.ts$/;
const CHECKER = fileURLToPath(new URL('../src/lib/response-check.ts', import.meta.url));

/** An export that is not a schema, as JSON; anything JSON cannot carry stops the build. */
function jsonOf(value: unknown, at: string): string {
  const json = JSON.stringify(value);
  if (
    json === undefined ||
    JSON.stringify(JSON.parse(json)) !== json ||
    typeof value === 'function'
  ) {
    throw new Error(`${at} is neither a schema nor plain data`);
  }
  return json;
}

export function responseChecks(): Plugin {
  return {
    name: 'pitstop:response-checks',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      if (!RESPONSE_MODULE.test(id)) return null;
      const { module } = await runnerImport<Record<string, unknown>>(id, {
        configFile: false,
        logLevel: 'error',
      });
      const where = id.slice(id.lastIndexOf('packages'));
      const lines = [`import { checkedResponse } from ${JSON.stringify(CHECKER)};`];
      for (const [name, value] of Object.entries(module)) {
        const at = `${name} (${where})`;
        lines.push(
          isZodSchema(value)
            ? `export const ${name} = /* @__PURE__ */ checkedResponse(${JSON.stringify(describeSchema(value, at))});`
            : `export const ${name} = ${jsonOf(value, at)};`,
        );
      }
      return lines.join('\n');
    },
  };
}
