import { posix } from 'node:path';
import type { TFile } from './terraform-check';

/**
 * Structural checks of generated Bicep (no Bicep compiler is available offline): balanced
 * brackets, resource types and API versions Stratum knows, `parent` symbols, module files,
 * module parameters (unknown or missing), module outputs used, and `.bicepparam` files that
 * set every required parameter and nothing else.
 */
interface TBicepFile {
  readonly params: Map<string, { hasDefault: boolean }>;
  readonly outputs: Set<string>;
  readonly symbols: Set<string>;
  readonly modules: Map<string, { path: string; params: Set<string> }>;
}

const stripStrings = (text: string) => text.replace(/'(?:[^'\\]|\\.)*'/g, "''");

function balanced(text: string): boolean {
  const stack: string[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (const c of stripStrings(text)) {
    if (c === '(' || c === '[' || c === '{') stack.push(c);
    else if (c in pairs && stack.pop() !== pairs[c]) return false;
  }
  return stack.length === 0;
}

function parseBicep(text: string): TBicepFile {
  const params = new Map<string, { hasDefault: boolean }>();
  const outputs = new Set<string>();
  const symbols = new Set<string>();
  const modules = new Map<string, { path: string; params: Set<string> }>();
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    let m = /^param (\w+) \w+( = .+)?$/.exec(line);
    if (m) params.set(m[1]!, { hasDefault: m[2] !== undefined });
    m = /^output (\w+) /.exec(line);
    if (m) outputs.add(m[1]!);
    m = /^resource (\w+) '/.exec(line);
    if (m) symbols.add(m[1]!);
    m = /^module (\w+) '([^']+)' = \{$/.exec(line);
    if (m) {
      const names = new Set<string>();
      let depth = 1;
      let inParams = false;
      for (let j = i + 1; j < lines.length && depth > 0; j++) {
        const l = lines[j]!;
        if (/^ {2}params: \{$/.test(l)) inParams = true;
        else if (inParams && /^ {2}\}$/.test(l)) inParams = false;
        else if (inParams) {
          const p = /^ {4}(\w+): /.exec(l);
          if (p) names.add(p[1]!);
        }
        if (/^\}$/.test(l)) depth = 0;
      }
      modules.set(m[1]!, { path: m[2]!, params: names });
      symbols.add(m[1]!);
    }
  }
  return { params, outputs, symbols, modules };
}

export function checkBicep(files: readonly TFile[], knownTypes: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const parsed = new Map<string, TBicepFile>();
  for (const f of files.filter((x) => x.path.endsWith('.bicep'))) {
    if (!balanced(f.content)) problems.push(`${f.path}: unbalanced brackets`);
    const p = parseBicep(f.content);
    parsed.set(f.path, p);
    for (const m of f.content.matchAll(/^resource \w+ '([^']+)'/gm)) {
      if (!knownTypes.has(m[1]!)) problems.push(`${f.path}: unknown resource type ${m[1]}`);
    }
    for (const m of f.content.matchAll(/^ {2}parent: (\w+)$/gm)) {
      if (!p.symbols.has(m[1]!)) problems.push(`${f.path}: parent ${m[1]} is not declared`);
    }
  }
  for (const [path, file] of parsed) {
    for (const [symbol, mod] of file.modules) {
      const target = parsed.get(posix.normalize(posix.join(posix.dirname(path), mod.path)));
      if (!target) {
        problems.push(`${path}: module ${symbol}: ${mod.path} not found`);
        continue;
      }
      for (const name of mod.params)
        if (!target.params.has(name))
          problems.push(`${path}: module ${symbol}: unknown parameter ${name}`);
      for (const [name, p] of target.params) {
        if (!p.hasDefault && !mod.params.has(name))
          problems.push(`${path}: module ${symbol}: missing parameter ${name}`);
      }
    }
    const content = files.find((f) => f.path === path)!.content;
    for (const m of content.matchAll(/\b(\w+)\.outputs\.(\w+)/g)) {
      const mod = file.modules.get(m[1]!);
      const target = mod && parsed.get(posix.normalize(posix.join(posix.dirname(path), mod.path)));
      if (!target) problems.push(`${path}: ${m[1]} is not a module`);
      else if (!target.outputs.has(m[2]!))
        problems.push(`${path}: module ${m[1]} has no output ${m[2]}`);
    }
  }
  for (const f of files.filter((x) => x.path.endsWith('.bicepparam'))) {
    const using = /^using '([^']+)'$/m.exec(f.content)?.[1];
    const main = using
      ? parsed.get(posix.normalize(posix.join(posix.dirname(f.path), using)))
      : undefined;
    if (!main) {
      problems.push(`${f.path}: using target not found`);
      continue;
    }
    const set = new Set([...f.content.matchAll(/^param (\w+) = /gm)].map((m) => m[1]!));
    for (const name of set)
      if (!main.params.has(name))
        problems.push(`${f.path}: ${name} is not a parameter of ${using}`);
    for (const [name, p] of main.params)
      if (!p.hasDefault && !set.has(name))
        problems.push(`${f.path}: required parameter ${name} not set`);
  }
  return problems;
}
