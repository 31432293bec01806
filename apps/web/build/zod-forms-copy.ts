// Build-only: gives the forms' zod a module copy of its own, apart from the zod/mini that the
// response schemas use on every page. Both share zod's core modules; in one bundle, every part
// of that core any form uses would be hoisted into the chunk every page loads (13 KB of the home
// page's budget). Here `import … from 'zod'` resolves to the same files under a query suffix:
// distinct module ids, still tree-shaken. Pages without full-zod forms carry only what zod/mini
// needs (the sign-in and sign-up forms, which are written with zod/mini); the admin forms one
// extra core. Each is told to run jitless where it is imported (./zod-forms.ts, ./zod-mini.ts),
// so no page that checks nothing with zod downloads its core to be told so.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SUFFIX = '?zod-forms';
const CLASSIC_SHIM = fileURLToPath(new URL('./zod-forms.ts', import.meta.url));
const MINI_SHIM = fileURLToPath(new URL('./zod-mini.ts', import.meta.url));

export function zodFormsCopy(): Plugin {
  return {
    name: 'pitstop:zod-forms-copy',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const isShim = importer === CLASSIC_SHIM;
      if (!isShim && source === 'zod') return CLASSIC_SHIM;
      if (importer !== MINI_SHIM && source === 'zod/mini') return MINI_SHIM;
      const fromCopy = importer?.endsWith(SUFFIX);
      if ((isShim && source.startsWith('zod')) || fromCopy) {
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
