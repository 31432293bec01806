// `npm run check:size:explain [-- <page>…]`: what fills the JavaScript a page downloads, by
// package. Builds the web app once more with source maps into a temp folder (the real build is
// untouched), attributes every byte of each chunk to the module it came from through the source
// map, groups modules by npm package (app code by folder of apps/web/src, packages/shared as
// one), and estimates each group's brotli share of the chunk.
//
// `--all` lists every group instead of the largest 12.
//
// Pages: the ones named (default `/`), with their chunks taken from the last
// `npm run check:size` report (test-results/bundle-size.json), matched by file name: the build
// here gives the same names as the real one (source maps do not change the content hash), and
// several chunks share a name (`api`, `forms`, `dist`). A report from other sources names files
// this build does not have: the script says so and stops. Without a report, every chunk over
// 5 KB is described.
//
// The brotli figure of a group is its code compressed on its own, scaled so that a chunk's
// groups add up to the chunk's real brotli size: an estimate (compression shares context across
// groups), good for ranking what to cut.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB = path.join(ROOT, 'apps/web');
const REPORT = path.join(ROOT, 'test-results/bundle-size.json');
const TOP = process.argv.includes('--all') ? Infinity : 12;

const brotli = (text) =>
  brotliCompressSync(Buffer.from(text), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;
const kb = (bytes) => (bytes / 1000).toFixed(1);
// `framework-C59Vvjx2.js` -> `framework`: rolldown's default file name is `[name]-[hash].js`.
const chunkName = (file) => path.basename(file).replace(/-[\w-]{8}\.js$/, '');

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]));

/** Source-map v3 `mappings` -> per generated line, [column, source index or -1] pairs. */
function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = DIGIT.get(char);
        if (digit === undefined) throw new Error(`bad source map character ${char}`);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      if (fields.length > 1) source += fields[1];
      segments.push([column, fields.length > 1 ? source : -1]);
    }
    lines.push(segments);
  }
  return lines;
}

/** Which group a module of the source map belongs to. */
function groupOf(source) {
  const normalized = source.replace(/\\/g, '/');
  const modules = normalized.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const rest = normalized.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (normalized.includes('packages/shared/')) return '@pitstop/shared';
  const app = normalized.match(/apps\/web\/src\/(.+)$/);
  if (app) {
    const parts = app[1].split('/');
    const folder = parts.length > 2 && parts[0] === 'features' ? parts.slice(0, 2) : parts[0];
    return `app: src/${[folder].flat().join('/')}`;
  }
  const webFile = normalized.match(/apps\/web\/(.+)$/);
  if (webFile) return `app: ${webFile[1]}`;
  if (normalized.includes('vite/') || normalized.includes('rolldown')) return '(bundler runtime)';
  return normalized.replace(/^(\.\.\/)+/, '');
}

/** Bytes of the chunk's code per group, and the code itself for the brotli estimate. */
function compose(code, map) {
  const lines = code.split('\n');
  const mapped = decodeMappings(map.mappings);
  const groups = new Map();
  const add = (group, text) => {
    if (!text) return;
    const entry = groups.get(group) ?? { bytes: 0, parts: [] };
    entry.bytes += Buffer.byteLength(text);
    entry.parts.push(text);
    groups.set(group, entry);
  };
  lines.forEach((line, index) => {
    const segments = mapped[index] ?? [];
    if (segments.length === 0) return add('(unmapped)', line);
    add('(unmapped)', line.slice(0, segments[0][0]));
    segments.forEach(([column, source], i) => {
      const end = i + 1 < segments.length ? segments[i + 1][0] : line.length;
      const group = source === -1 ? '(unmapped)' : groupOf(map.sources[source] ?? '?');
      add(group, line.slice(column, end));
    });
  });
  const total = brotli(code);
  const standalone = [...groups].map(([group, { bytes, parts }]) => ({
    group,
    bytes,
    alone: brotli(parts.join('\n')),
  }));
  const sumAlone = standalone.reduce((sum, g) => sum + g.alone, 0) || 1;
  return {
    bytes: Buffer.byteLength(code),
    brotli: total,
    groups: standalone
      .map((g) => ({ ...g, brotli: Math.round((g.alone * total) / sumAlone) }))
      .sort((a, b) => b.brotli - a.brotli),
  };
}

function wantedChunks(pages) {
  if (!existsSync(REPORT)) return undefined;
  const report = JSON.parse(readFileSync(REPORT, 'utf8'));
  const wanted = new Map();
  for (const pagePath of pages) {
    const page = report.pages?.find((p) => p.path === pagePath);
    if (!page) {
      console.error(`check:size:explain: ${pagePath} is not in ${path.relative(ROOT, REPORT)}`);
      process.exit(1);
    }
    console.log(
      `${pagePath}: ${kb(page.bytes)} KB in ${page.scripts.length} scripts (last check:size run)`,
    );
    for (const script of page.scripts) wanted.set(path.basename(script.file), script.bytes);
  }
  return wanted;
}

const pages = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const wanted = wantedChunks(pages.length > 0 ? pages : ['/']);

/** The report describes another build; said without a stack trace. */
class StaleReport extends Error {}

const outDir = mkdtempSync(path.join(tmpdir(), 'pitstop-composition-'));
try {
  const build = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--sourcemap',
      '--emptyOutDir',
      '--outDir',
      outDir,
      '--logLevel',
      'warn',
    ],
    { cwd: WEB, stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
  const assets = path.join(outDir, 'assets');
  const chunks = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, code: readFileSync(path.join(assets, file), 'utf8') }))
    .filter(({ file, code }) => (wanted ? wanted.has(file) : Buffer.byteLength(code) > 5000));
  const missing = [...(wanted?.keys() ?? [])].filter(
    (file) => !existsSync(path.join(assets, file)),
  );
  if (missing.length > 0) {
    throw new StaleReport(
      `check:size:explain: ${path.relative(ROOT, REPORT)} names files this build does not have ` +
        `(${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''}): the sources ` +
        'changed since. Run `npm run check:size` again first.',
    );
  }
  const described = chunks
    .map(({ file, code }) => {
      const mapFile = path.join(assets, `${file}.map`);
      if (!existsSync(mapFile)) return { file, bytes: code.length, brotli: brotli(code) };
      const body = code.replace(/\n?\/\/# sourceMappingURL=.*\s*$/, '');
      return { file, ...compose(body, JSON.parse(readFileSync(mapFile, 'utf8'))) };
    })
    .sort((a, b) => b.brotli - a.brotli);

  console.log('\nBy chunk, then by package (KB = 1000 bytes; brotli share estimated):');
  for (const chunk of described) {
    console.log(
      `\n  ${chunkName(chunk.file)} (${chunk.file}): ${kb(chunk.bytes)} KB minified, ` +
        `${kb(chunk.brotli)} KB brotli`,
    );
    for (const group of (chunk.groups ?? []).slice(0, TOP)) {
      console.log(
        `    ${group.group.padEnd(44)} ${kb(group.bytes).padStart(7)} KB  ~${kb(group.brotli).padStart(5)} KB br`,
      );
    }
    const rest = (chunk.groups ?? []).slice(TOP);
    if (rest.length > 0) {
      const bytes = rest.reduce((sum, g) => sum + g.bytes, 0);
      const br = rest.reduce((sum, g) => sum + g.brotli, 0);
      console.log(
        `    ${`${rest.length} more`.padEnd(44)} ${kb(bytes).padStart(7)} KB  ~${kb(br).padStart(5)} KB br`,
      );
    }
  }

  const totals = new Map();
  for (const chunk of described) {
    for (const group of chunk.groups ?? []) {
      totals.set(group.group, (totals.get(group.group) ?? 0) + group.brotli);
    }
  }
  const sum = described.reduce((total, chunk) => total + chunk.brotli, 0);
  console.log(`\n  All these chunks: ${kb(sum)} KB brotli, by package:`);
  for (const [group, br] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`    ${group.padEnd(44)} ~${kb(br).padStart(5)} KB br`);
  }
} catch (error) {
  if (!(error instanceof StaleReport)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
