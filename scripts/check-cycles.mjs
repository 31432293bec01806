// Fails when a module of apps/web/src, apps/server/src or packages/shared imports itself through
// a cycle, when two of the server's features import each other (through any of their files), and
// when the server's lower layers (lib/, db/) import a feature. Imports are resolved by TypeScript itself (the same rules as tsc), relative and
// workspace ones alike; packages in node_modules are not followed. Type-only imports count too:
// they are erased at runtime, but a circle of types is still two modules that cannot be
// understood (or moved) one without the other.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const projects = [
  'apps/web/tsconfig.json',
  'apps/server/tsconfig.json',
  'packages/shared/tsconfig.json',
];

function graphOf(tsconfigPath) {
  const configFile = ts.readConfigFile(tsconfigPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(
    configFile.config,
    ts.sys,
    path.dirname(tsconfigPath),
  );
  const host = ts.createCompilerHost(parsed.options);
  const graph = new Map();
  for (const file of parsed.fileNames) {
    const edges = [];
    for (const fileName of importsOf(file)) {
      const resolved = ts.resolveModuleName(fileName, file, parsed.options, host).resolvedModule;
      if (
        resolved &&
        !resolved.isExternalLibraryImport &&
        !resolved.resolvedFileName.includes('node_modules')
      ) {
        edges.push(path.resolve(resolved.resolvedFileName));
      }
    }
    graph.set(path.resolve(file), edges);
  }
  return graph;
}

function importsOf(file) {
  const source = ts.createSourceFile(
    file,
    ts.sys.readFile(file) ?? '',
    ts.ScriptTarget.Latest,
    false,
  );
  const specifiers = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      specifiers.push(node.argument.literal.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteral(arg)) specifiers.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** Tarjan's strongly connected components; any component of two or more files is a cycle. */
function cyclesIn(graph) {
  let index = 0;
  const stack = [];
  const meta = new Map();
  const cycles = [];
  const visit = (node) => {
    meta.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!meta.has(next)) {
        visit(next);
        meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).low);
      } else if (meta.get(next).onStack) {
        meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).index);
      }
    }
    if (meta.get(node).low === meta.get(node).index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        meta.get(member).onStack = false;
        component.push(member);
      } while (member !== node);
      const selfImport = component.length === 1 && (graph.get(node) ?? []).includes(node);
      if (component.length > 1 || selfImport) cycles.push(component);
    }
  };
  for (const node of graph.keys()) if (!meta.has(node)) visit(node);
  return cycles;
}

/**
 * The server's features (apps/server/src/features/<name>) as one node each: a feature that
 * imports another which imports it back is a cycle even when no single file is on one.
 */
const SERVER_SRC = path.join(root, 'apps/server/src');
const FEATURES = path.join(SERVER_SRC, 'features');
function featureOf(file) {
  const relative = path.relative(FEATURES, file);
  return relative.startsWith('..') ? null : relative.split(path.sep)[0];
}
function featureGraph(fileGraph) {
  const graph = new Map();
  for (const [file, edges] of fileGraph) {
    const from = featureOf(file);
    if (!from) continue;
    const targets = graph.get(from) ?? [];
    for (const edge of edges) {
      const to = featureOf(edge);
      if (to && to !== from && !targets.includes(to)) targets.push(to);
    }
    graph.set(from, targets);
  }
  return graph;
}

/** The server's lower layers (lib/, db/) serve every feature and import none. */
const LOWER_LAYERS = ['lib', 'db'].map((dir) => path.join(SERVER_SRC, dir) + path.sep);
function layerViolations(fileGraph) {
  const violations = [];
  for (const [file, edges] of fileGraph) {
    if (!LOWER_LAYERS.some((dir) => file.startsWith(dir))) continue;
    for (const edge of edges) {
      if (featureOf(edge)) violations.push([file, edge]);
    }
  }
  return violations;
}

let failed = false;
for (const project of projects) {
  const graph = graphOf(path.join(root, project));
  for (const cycle of cyclesIn(graph)) {
    failed = true;
    console.error(
      `Import cycle (${project}):\n  ${cycle.map((f) => path.relative(root, f)).join('\n  ')}\n`,
    );
  }
  if (project !== 'apps/server/tsconfig.json') continue;
  for (const cycle of cyclesIn(featureGraph(graph))) {
    failed = true;
    console.error(`Cycle between server features: ${cycle.join(', ')}\n`);
  }
  for (const [file, feature] of layerViolations(graph)) {
    failed = true;
    console.error(
      `A lower layer imports a feature: ${path.relative(root, file)} -> ${path.relative(root, feature)}\n`,
    );
  }
}
if (failed) process.exit(1);
console.log('No import cycles, none between server features, and lib/ and db/ import no feature.');
