import {
  quote,
  type TExprContext,
  type TFileSymbols,
  type TFuncStatement,
  type TImported,
} from './context';
import { USER_NAMESPACE } from './arm-syntax';
import { toJson } from './json-to-arm';
import { armType } from './symbols';
import { metadataOf } from './decorators';
import type { TConvertFile } from '../types';

/**
 * User-defined functions (`func name(a string) string => …`) → the template's `functions`, in
 * the namespace `__bicep` as `bicep build` writes them; a function's parameters are
 * `parameters('a')` inside it. An imported function is compiled in its own file, with the
 * functions it calls there.
 */
function memberJson(
  f: TImported<TFuncStatement>,
  files: readonly TConvertFile[],
): Record<string, unknown> {
  const s = f.stmt;
  const ctx: TExprContext = {
    symbols: f.home,
    files,
    env: new Map(s.params.map((p) => [p.name, `parameters(${quote(p.name)})`])),
    inlineVars: true,
  };
  const out: Record<string, unknown> = {
    parameters: s.params.map((p) => ({ type: armType(p.type, f.home).type, name: p.name })),
    output: { type: armType(s.output, f.home).type, value: toJson(s.body, ctx) },
  };
  const metadata = metadataOf(s.decorators, { ...ctx, env: new Map() });
  if (metadata) out['metadata'] = metadata;
  return out;
}

/** The `functions` section, or undefined when the file has none; `fail` hears each that fails. */
export function functionsJson(
  symbols: TFileSymbols,
  files: readonly TConvertFile[],
  fail: (f: TImported<TFuncStatement>, e: unknown) => void,
): unknown[] | undefined {
  const members: Record<string, unknown> = {};
  const pending = [...symbols.funcs.entries()].map(([name, f]) => ({ name: f.armName ?? name, f }));
  while (pending.length > 0) {
    const { name, f } = pending.shift()!;
    if (name in members) continue;
    try {
      const json = memberJson(f, files);
      members[name] = json;
      // Functions of the imported file that this one calls come along.
      if (f.home !== symbols)
        for (const m of JSON.stringify(json).matchAll(/__bicep\.(\w+)\(/g)) {
          const called = f.home.funcs.get(m[1]!);
          if (called && !(m[1]! in members)) pending.push({ name: m[1]!, f: called });
        }
    } catch (e) {
      fail(f, e);
    }
  }
  return Object.keys(members).length > 0 ? [{ namespace: USER_NAMESPACE, members }] : undefined;
}
