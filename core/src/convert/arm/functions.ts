import { pointer } from './json-lines';
import { userFunctionName, type TDecompileScope } from './to-bicep-expr';
import { paramType } from './to-bicep-decls';
import { DecompileError, valueOf } from './to-bicep-value';

/**
 * The template's user-defined `functions` → Bicep `func` declarations, as `bicep decompile`
 * writes them: `__bicep.f` becomes `f` (another namespace `ns.f` becomes `ns_f`), its
 * parameters the function's own, its output value the body.
 */
type TJson = Record<string, unknown>;
const isObject = (v: unknown): v is TJson =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function functionTexts(
  list: unknown,
  scope: TDecompileScope,
  at: string,
  fail: (name: string, e: DecompileError, value: unknown) => void,
): string[] {
  const out: string[] = [];
  (Array.isArray(list) ? list : []).forEach((ns, i) => {
    const nsAt = pointer(at, i);
    const members = isObject(ns) && isObject(ns['members']) ? ns['members'] : {};
    for (const [member, f] of Object.entries(members)) {
      const fAt = pointer(pointer(nsAt, 'members'), member);
      const name = userFunctionName(`${String(isObject(ns) ? ns['namespace'] : '')}.${member}`);
      try {
        if (!isObject(f) || !isObject(f['output']))
          throw new DecompileError('a function needs an output', fAt);
        const params = (Array.isArray(f['parameters']) ? f['parameters'] : []).map((p, j) => {
          if (!isObject(p) || typeof p['name'] !== 'string')
            throw new DecompileError(
              'a function parameter needs a name',
              pointer(fAt, 'parameters'),
            );
          return {
            name: p['name'],
            type: paramType(p['type'], pointer(pointer(fAt, 'parameters'), j)),
          };
        });
        const inner: TDecompileScope = {
          ...scope,
          params: new Map(params.map((p) => [p.name, p.name])),
          vars: new Map(),
          resources: [],
          used: new Set(),
        };
        const output = f['output'];
        const body = valueOf(output['value'], inner, pointer(pointer(fAt, 'output'), 'value'), '');
        const type = paramType(output['type'], pointer(fAt, 'output'));
        const metadata = isObject(f['metadata']) ? f['metadata'] : {};
        const head =
          typeof metadata['description'] === 'string'
            ? `@description(${valueOf(metadata['description'], inner, fAt, '')})\n`
            : '';
        const args = params.map((p) => `${p.name} ${p.type}`).join(', ');
        out.push(`${head}func ${name}(${args}) ${type} => ${body}`);
      } catch (e) {
        if (!(e instanceof DecompileError)) throw e;
        fail(name, e, f);
      }
    }
  });
  return out;
}
