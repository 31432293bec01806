// A Vite plugin that writes a brotli (.br) and a gzip (.gz) copy of every text asset after the
// build, so the server sends phones a fraction of the bytes without compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;
// A compressed copy is written only when it saves more than the response header it adds
// (`content-encoding: br`) costs; small chunks, such as one icon, still save a third or more.
const MIN_SAVING_BYTES = 64;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'pitstop-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of files(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = readFileSync(file);
        const worthIt = (compressed: Buffer) =>
          compressed.length + MIN_SAVING_BYTES < content.length;
        const brotli = brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        });
        if (worthIt(brotli)) writeFileSync(`${file}.br`, brotli);
        const gzip = gzipSync(content, { level: 9 });
        if (worthIt(gzip)) writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}
