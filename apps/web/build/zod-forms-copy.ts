// Build-only: gives the forms' full zod a module copy of its own, apart from the zod/mini the
// response schemas use on every page. Both builds share zod's core modules; in one bundle, every
// part of that core any form uses would be hoisted into the chunk every page loads (13 KB of the
// home page's budget). Here, `import … from 'zod'` resolves to the same files under a query
// suffix (distinct module ids, still tree-shaken), so pages without forms carry only what
// zod/mini needs and form pages one extra, trimmed core. The copy gets the same jitless setting
// (see ./zod-forms.ts and apps/web/src/configure-zod.ts).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SUFFIX = '?zod-forms';
const SHIM = fileURLToPath(new URL('./zod-forms.ts', import.meta.url));

export function zodFormsCopy(): Plugin {
  return {
    name: 'pitstop:zod-forms-copy',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source === 'zod' && importer !== SHIM) return SHIM;
      const fromCopy = importer?.endsWith(SUFFIX);
      if ((source === 'zod' && importer === SHIM) || fromCopy) {
        const from = fromCopy ? importer?.slice(0, -SUFFIX.length) : importer;
        const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
        if (!resolved || resolved.external || !/[\\/]node_modules[\\/]zod[\\/]/.test(resolved.id)) {
          return resolved;
        }
        return `${resolved.id}${SUFFIX}`;
      }
      return null;
    },
    load(id) {
      return id.endsWith(SUFFIX) ? readFileSync(id.slice(0, -SUFFIX.length), 'utf8') : null;
    },
  };
}
