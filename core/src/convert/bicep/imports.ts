import type { TConvertFile } from '../types';
import type { TProgram, TStatement } from './ast';
import { Unconvertible, type TFileSymbols } from './context';
import { resolvePath } from './load-content';
import { parseBicep } from './parser';
import { collectSymbols } from './symbols';

/**
 * Compile-time imports (`import { a, b as c } from 'x.bicep'`, `import * as ns from 'x.bicep'`)
 * of `@export()`ed types, variables and functions from another file of the upload: inlined as
 * `bicep build` does (functions into `functions`, variables into `variables`, types resolved).
 */
type TImport = TStatement & { kind: 'import' };

const homes = new WeakMap<TConvertFile, { symbols: TFileSymbols; program: TProgram }>();

function homeOf(file: TConvertFile, files: readonly TConvertFile[], stack: readonly string[]) {
  let home = homes.get(file);
  if (!home) {
    const program = parseBicep(file.content, file.path);
    home = { symbols: collectSymbols(program, file.path, file.content).symbols, program };
    for (const s of program.statements)
      if (s.kind === 'import') resolveImport(s, home.symbols, files, [...stack, file.path]);
    homes.set(file, home);
  }
  return home;
}

const isExported = (s: TStatement) =>
  'decorators' in s && s.decorators.some((d) => d.name === 'export');

/** Registers what an import brings in; a file not in the upload or a name not exported throws. */
export function resolveImport(
  s: TImport,
  symbols: TFileSymbols,
  files: readonly TConvertFile[],
  stack: readonly string[] = [symbols.file],
): void {
  if (/^(br|ts)[:/]/.test(s.path))
    throw new Unconvertible(
      `${s.path} cannot be fetched offline: put the file in the upload and import it by a relative path`,
      s,
    );
  const path = resolvePath(symbols.file, s.path);
  const file = path === undefined ? undefined : files.find((f) => f.path === path);
  if (!file) throw new Unconvertible(`${s.path} is not in the upload: add it to import from it`, s);
  if (stack.includes(file.path)) throw new Unconvertible(`${s.path} imports itself`, s);
  const { symbols: home, program } = homeOf(file, files, stack);
  const register = (decl: TStatement, as: string, armName?: string) => {
    const named = armName ? { armName } : {};
    if (decl.kind === 'func') symbols.funcs.set(as, { stmt: decl, home, ...named });
    else if (decl.kind === 'var') symbols.imported.set(as, { stmt: decl, home, ...named });
    else if (decl.kind === 'type') symbols.types.set(as, decl.type);
  };
  const decls = program.statements.filter(isExported);
  if (s.wildcard) {
    symbols.namespaces.set(s.wildcard, home);
    for (const d of decls) if ('name' in d) register(d, `${s.wildcard}.${d.name}`, d.name);
    return;
  }
  for (const n of s.names) {
    const decl = decls.find((d) => 'name' in d && d.name === n.name);
    if (!decl) throw new Unconvertible(`${n.name} is not exported by ${s.path} (@export())`, s);
    register(decl, n.alias);
  }
}
