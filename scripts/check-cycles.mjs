#!/usr/bin/env node
// Import cycles make start-up order matter and hide layering mistakes: this fails for any cycle
// of value imports among the source files of core, cli, server and web. It replaces ESLint's
// import-x/no-cycle (decision 0021): the same rule — type-only imports are erased at build time
// and are not followed — in about a second instead of 40 s of a lint run.
//
// Imports are read with TypeScript's own parser (not patterns over the text): relative paths and
// the workspace packages (`@stratum/<ws>/<path>` is `<ws>/src/<path>.ts`, the `source` export
// condition of decision 0004). Dynamic `import()` is followed too: a lazily loaded chunk that
// imports its loader back is still a cycle.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');
const WORKSPACES = ['core', 'cli', 'server', 'web'];

function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
      out.push(path);
  }
  return out;
}

function resolveFile(base) {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function resolveImport(from, specifier) {
  if (specifier.startsWith('.')) return resolveFile(resolve(dirname(from), specifier));
  const m = /^@stratum\/(core|cli|server|web)\/(.+)$/.exec(specifier);
  return m ? resolveFile(join(ROOT, m[1], 'src', m[2])) : undefined;
}

/** Whether an import or export declaration brings in a value (not only types). */
function isValueImport(node) {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return true; // side-effect import
    if (clause.isTypeOnly) return false;
    if (clause.name) return true;
    const bindings = clause.namedBindings;
    if (!bindings || ts.isNamespaceImport(bindings)) return true;
    return bindings.elements.length === 0 || bindings.elements.some((e) => !e.isTypeOnly);
  }
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return false;
    const clause = node.exportClause;
    return !clause || !ts.isNamedExports(clause) || clause.elements.some((e) => !e.isTypeOnly);
  }
  return false;
}

function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const specifiers = [];
  for (const node of source.statements) {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      isValueImport(node)
    )
      specifiers.push(node.moduleSpecifier.text);
  }
  // import('…') anywhere in the file.
  const visit = (node) => {
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    )
      specifiers.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  if (text.includes('import(')) visit(source);
  return specifiers.map((s) => resolveImport(file, s)).filter(Boolean);
}

const files = WORKSPACES.flatMap((ws) => sourceFiles(join(ROOT, ws, 'src')));
const graph = new Map(files.map((f) => [f, importsOf(f)]));

// Tarjan's strongly connected components: every component with more than one file (or a file
// importing itself) is a cycle.
let index = 0;
const indexOf = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
function connect(v) {
  indexOf.set(v, index);
  low.set(v, index++);
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v) ?? []) {
    if (!indexOf.has(w)) {
      connect(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indexOf.get(w)));
  }
  if (low.get(v) === indexOf.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component);
  }
}
for (const file of graph.keys()) if (!indexOf.has(file)) connect(file);

if (cycles.length) {
  process.stderr.write(`Import cycles (value imports; \`import type\` breaks one):\n`);
  for (const component of cycles) {
    process.stderr.write(`\n  ${component.map((f) => relative(ROOT, f)).join('\n  ')}\n`);
  }
  process.exit(1);
}
process.stdout.write(`No import cycles among ${graph.size} source files.\n`);
