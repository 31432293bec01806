// Build-only: names in index.html the app that the entry starts once the boot screen has painted
// (src/boot.ts), and writes dist/route-preloads.json, the JavaScript each page's route loads
// beyond that, so the server can name it in the page's HTML (<link rel="modulepreload">). Without
// them a phone learns of the code only after the entry has arrived and run: one more round trip
// before anything paints. Pages are read from the features' routes.tsx, where each
// `path: PATHS.<name>` is followed by its lazy `import('./pages/<page>.tsx')`; the build fails
// when a page of PATHS is not found that way. A page whose route table is not in the entry (the
// account pages, src/app/account-routes.tsx) also preloads that table's chunk.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

// The names of PATHS, read from its source (the config loader does not run workspace TypeScript).
const WEB_ROUTES = new URL('../../../packages/shared/src/web-routes.ts', import.meta.url);

function pathNames(): string[] {
  const source = readFileSync(WEB_ROUTES, 'utf8');
  const block = /export const PATHS = \{([\s\S]*?)\} as const/.exec(source)?.[1] ?? '';
  return [...block.matchAll(/^\s*(\w+):/gm)].map((match) => match[1] as string);
}

const ROUTES_MODULE = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]routes\.tsx$/;
const PAGE_ROUTE = /path:\s*PATHS\.(\w+),[\s\S]*?import\('(\.\/pages\/[\w.-]+)'\)/g;

/** The chunk's file and every chunk it imports statically, depth first, each once. */
function closure(chunk: OutputChunk, bundle: OutputBundle, seen = new Set<string>()): string[] {
  if (seen.has(chunk.fileName)) return [];
  seen.add(chunk.fileName);
  const files = [chunk.fileName];
  for (const file of chunk.imports) {
    const imported = bundle[file];
    if (imported?.type === 'chunk') files.push(...closure(imported, bundle, seen));
  }
  return files;
}

/**
 * What index.html fetches on every page: the entry with its imports, and the app the entry
 * imports once the boot screen has painted, with its imports.
 */
function everyPageFiles(bundle: OutputBundle): string[] {
  const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
  if (entry?.type !== 'chunk') throw new Error('route-preloads: no entry chunk');
  const seen = new Set<string>();
  return [entry.fileName, ...entry.dynamicImports].flatMap((file) => {
    const chunk = bundle[file];
    return chunk?.type === 'chunk' ? closure(chunk, bundle, seen) : [];
  });
}

export function routePreloads(): Plugin {
  return {
    name: 'pitstop:route-preloads',
    apply: 'build',
    transformIndexHtml: {
      // After Vite has written the entry's own tags.
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        // The stylesheet is preloaded, not render-blocking: the boot screen paints without it,
        // and src/boot.ts applies it before the app renders.
        const page = html.replace(
          /<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/g,
          '<link rel="preload" as="style"$1 href="$2">',
        );
        const named = new Set([...page.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));
        return {
          html: page,
          tags: everyPageFiles(bundle)
            .filter((file) => !named.has(file))
            .map((file): HtmlTagDescriptor => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
              injectTo: 'head',
            })),
        };
      },
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      // index.html names these already.
      const inHtml = new Set(everyPageFiles(bundle));
      const byModule = new Map(chunks.map((chunk) => [chunk.facadeModuleId, chunk]));
      const chunkHolding = (id: string) => chunks.find((chunk) => chunk.moduleIds.includes(id));
      const preloads: Record<string, string[]> = {};
      for (const id of this.getModuleIds()) {
        if (!ROUTES_MODULE.test(id)) continue;
        const table = chunkHolding(id);
        if (!table) this.error(`route-preloads: no chunk holds ${id}`);
        for (const [, name, page] of readFileSync(id, 'utf8').matchAll(PAGE_ROUTE)) {
          const chunk = byModule.get(path.resolve(path.dirname(id), page as string));
          if (!chunk) this.error(`route-preloads: no chunk for ${page} (PATHS.${name}) in ${id}`);
          const files = new Set([...closure(table, bundle), ...closure(chunk, bundle)]);
          preloads[name as string] = [...files].filter((file) => !inHtml.has(file));
        }
      }
      const missing = pathNames().filter((name) => !(name in preloads));
      if (missing.length > 0) {
        this.error(`route-preloads: no lazy page found for PATHS.${missing.join(', PATHS.')}`);
      }
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      });
    },
  };
}
