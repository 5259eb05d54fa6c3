import type { TConvertFile } from '../types';
import { lineAt, pointer } from './json-lines';
import { identifier } from './names';
import { escapeBicep, type TDecompileScope } from './to-bicep-expr';
import { type TFileContext, isObject } from './to-bicep-resources';
import { isStructuredType, PRIMITIVE, typeOf } from './to-bicep-types';
import { DecompileError, loopOf, valueOf } from './to-bicep-value';

/** ARM parameters and outputs → Bicep declarations with decorators; parameter files → `.bicepparam`. */
type TJson = Record<string, unknown>;

/** A function parameter's or output's Bicep type (no secure types there). */
export function paramType(type: unknown, at: string): string {
  const t = PRIMITIVE[String(type).toLowerCase()];
  if (!t || t[1]) throw new DecompileError(`type ${String(type)}`, at);
  return t[0];
}

export function paramText(
  name: string,
  symbol: string,
  def: TJson,
  scope: TDecompileScope,
  at: string,
): string {
  const value =
    'defaultValue' in def
      ? ` = ${valueOf(def['defaultValue'], scope, pointer(at, 'defaultValue'), '')}`
      : '';
  const comment = symbol !== name ? [`// ARM name: ${name}`] : [];
  if (isStructuredType(def)) {
    const { defaultValue: _, allowedValues, ...schema } = def;
    const t = typeOf(schema, scope, at);
    const allowed = Array.isArray(allowedValues)
      ? [`@allowed(${valueOf(allowedValues, scope, pointer(at, 'allowedValues'), '')})`]
      : [];
    return [...t.decorators, ...allowed, ...comment, `param ${symbol} ${t.type}${value}`].join(
      '\n',
    );
  }
  const type = PRIMITIVE[String(def['type']).toLowerCase()];
  if (!type) throw new DecompileError(`parameter type ${String(def['type'])}`, at);
  const lines: string[] = [];
  const metadata = isObject(def['metadata']) ? { ...def['metadata'] } : {};
  if (typeof metadata['description'] === 'string') {
    lines.push(`@description('${escapeBicep(metadata['description'])}')`);
    delete metadata['description'];
  }
  if (Object.keys(metadata).length > 0)
    lines.push(`@metadata(${valueOf(metadata, scope, pointer(at, 'metadata'), '')})`);
  if (type[1]) lines.push('@secure()');
  if (Array.isArray(def['allowedValues']))
    lines.push(
      `@allowed(${valueOf(def['allowedValues'], scope, pointer(at, 'allowedValues'), '')})`,
    );
  for (const k of ['minValue', 'maxValue', 'minLength', 'maxLength'])
    if (typeof def[k] === 'number') lines.push(`@${k}(${def[k]})`);
  lines.push(...comment, `param ${symbol} ${type[0]}${value}`);
  return lines.join('\n');
}

export function outputText(name: string, o: TJson, scope: TDecompileScope, at: string): string {
  if (isStructuredType(o) && !('copy' in o) && !('condition' in o)) {
    const { value: v, ...schema } = o;
    const t = typeOf(schema, scope, at);
    const value = valueOf(v, scope, pointer(at, 'value'), '');
    return [...t.decorators, `output ${identifier(name)} ${t.type} = ${value}`].join('\n');
  }
  const type = PRIMITIVE[String(o['type']).toLowerCase()];
  if (!type) throw new DecompileError(`output type ${String(o['type'])}`, at);
  if ('condition' in o)
    throw new DecompileError('a conditional output is not converted', pointer(at, 'condition'));
  const head = type[1] ? '@secure()\n' : '';
  const copy = o['copy'];
  const value = isObject(copy)
    ? loopOf(
        copy['count'],
        scope,
        pointer(at, 'copy'),
        (inner) => valueOf(copy['input'], inner, pointer(pointer(at, 'copy'), 'input'), ''),
        [''],
      )
    : valueOf(o['value'], scope, pointer(at, 'value'), '');
  return `${head}output ${identifier(name)} ${isObject(copy) ? 'array' : type[0]} = ${value}`;
}

/** An ARM parameters file → `.bicepparam` (`using` the template of the same name, or the only one). */
const VAULT_ID =
  /^\/subscriptions\/([^/]+)\/resourceGroups\/([^/]+)\/providers\/Microsoft\.KeyVault\/vaults\/([^/]+)$/i;

/** A parameters file's Key Vault reference with a literal id → `az.getSecret(…)`. */
function keyVaultSecretCall(ref: unknown): string | undefined {
  const vault = isObject(ref) ? ref['keyVault'] : undefined;
  const id = isObject(vault) && typeof vault['id'] === 'string' ? VAULT_ID.exec(vault['id']) : null;
  if (!isObject(ref) || !id || typeof ref['secretName'] !== 'string') return undefined;
  const version = typeof ref['secretVersion'] === 'string' ? [ref['secretVersion']] : [];
  const args = [id[1]!, id[2]!, id[3]!, ref['secretName'], ...version];
  return `az.getSecret(${args.map((a) => `'${escapeBicep(a)}'`).join(', ')})`;
}

export function bicepParamOf(
  path: string,
  doc: TJson,
  mains: readonly TConvertFile[],
  ctx: TFileContext,
): TConvertFile | undefined {
  const base = path.replace(/(\.parameters)?\.(json|jsonc)$/i, '');
  const target =
    mains.find((m) => m.path === `${base}.bicep`) ?? (mains.length === 1 ? mains[0] : undefined);
  if (!target) {
    ctx.report.unconverted.push({
      file: path,
      line: 1,
      kind: 'parameters',
      name: path,
      reason:
        'which template these parameters are for is unclear: name it like the template (x.parameters.json for x.json)',
      text: '',
    });
    return undefined;
  }
  const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : '';
  const using = target.path.startsWith(dir) ? `./${target.path.slice(dir.length)}` : target.path;
  const scope: TDecompileScope = {
    params: new Map(),
    vars: new Map(),
    resources: [],
    loops: new Map(),
    lambdas: new Set(),
    used: new Set(),
    problems: [],
  };
  const lines = [`using '${using}'`, ''];
  const values = isObject(doc['parameters']) ? doc['parameters'] : {};
  for (const [name, v] of Object.entries(values)) {
    const at = pointer('/parameters', name);
    try {
      const secret = isObject(v) ? keyVaultSecretCall(v['reference']) : undefined;
      if (secret) {
        lines.push(`param ${identifier(name)} = ${secret}`);
        continue;
      }
      if (!isObject(v) || !('value' in v))
        throw new DecompileError(
          'only values and Key Vault references with a literal vault id are converted',
          at,
        );
      lines.push(
        `param ${identifier(name)} = ${valueOf(v['value'], scope, pointer(at, 'value'), '')}`,
      );
    } catch (e) {
      if (!(e instanceof DecompileError)) throw e;
      ctx.report.unconverted.push({
        file: path,
        line: lineAt(ctx.lines, e.at),
        kind: 'parameter',
        name,
        reason: e.message,
        text: JSON.stringify(v, null, 2),
      });
    }
  }
  return { path: `${base}.bicepparam`, content: `${lines.join('\n')}\n` };
}
