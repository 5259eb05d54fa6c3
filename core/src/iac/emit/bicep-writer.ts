import { isArmExpr, type TArmExpr, type TArmValue } from '../ir/arm-ir';

/**
 * Prints Bicep as the Bicep formatter lays it out: two-space indent, one property or array item
 * per line, single-quoted strings, a blank line between declarations.
 */
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

const NEEDS_ESCAPE = /[\\'\n\r\t]|\$\{/;

export function bicepString(s: string): string {
  if (!NEEDS_ESCAPE.test(s)) return `'${s}'`;
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t').replace(/\$\{/g, '\\${')}'`;
}

// Property names repeat across thousands of resources: remember how each one is written.
const keyCache = new Map<string, string>();
function key(k: string): string {
  let out = keyCache.get(k);
  if (out === undefined) {
    out = IDENT.test(k) ? k : bicepString(k);
    if (keyCache.size < 10_000) keyCache.set(k, out);
  }
  return out;
}

/** `symbol.path` for a reference (bracket indexes stay as written). */
export function bicepExpr(e: TArmExpr, indent = ''): string {
  switch (e.$) {
    case 'param':
      return e.name;
    case 'aref':
      return `${e.symbol}.${e.path}`;
    case 'fn':
      switch (e.fn) {
        case 'resourceGroupLocation':
          return 'resourceGroup().location';
        case 'resourceGroupName':
          return 'resourceGroup().name';
        case 'tenantId':
          return 'subscription().tenantId';
        case 'uniqueString':
          return 'uniqueString(resourceGroup().id)';
        case 'toUpper':
          return `toUpper(${e.args.map((a) => bicepValue(a, '')).join(', ')})`;
        case 'guid':
          return `guid(${e.args.map((a) => bicepValue(a, '')).join(', ')})`;
        case 'roleDefinitionId':
          return `subscriptionResourceId('Microsoft.Authorization/roleDefinitions', ${e.args.map((a) => bicepValue(a, '')).join(', ')})`;
        case 'string':
        case 'base64':
          // Indented where it stands: an argument may be an object literal (a VM's user data).
          return `${e.fn}(${e.args.map((a) => bicepValue(a, indent)).join(', ')})`;
        case 'mul':
          return e.args.map((a) => bicepValue(a, '')).join(' * ');
        case 'if': {
          const [c, a, b] = e.args.map((x) => bicepValue(x, ''));
          return `${c} ? ${a} : ${b}`;
        }
      }
      break;
    case 'rid':
      return `resourceId(${[bicepString(e.type), ...e.names.map((n) => bicepValue(n, ''))].join(', ')})`;
    case 'lookup':
      return `${bicepValue(e.table, indent)}[${bicepExpr(e.index)}]`;
    case 'keyed': {
      const inner = indent + '  ';
      const lines = e.entries.map(
        (x) => `${inner}'\${${bicepExpr(x.key)}}': ${bicepValue(x.value, inner)}`,
      );
      return `{\n${lines.join('\n')}\n${indent}}`;
    }
    case 'atpl': {
      let out = "'";
      for (const p of e.parts)
        out += typeof p === 'string' ? bicepString(p).slice(1, -1) : '${' + bicepExpr(p) + '}';
      return out + "'";
    }
  }
  throw new Error('unsupported expression');
}

export function bicepValue(v: TArmValue, indent: string): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return bicepString(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) {
    const items = v as readonly TArmValue[];
    if (items.length === 0) return '[]';
    const inner = indent + '  ';
    let out = '[';
    for (const i of items) out += '\n' + inner + bicepValue(i, inner);
    return out + '\n' + indent + ']';
  }
  if (isArmExpr(v)) return bicepExpr(v, indent);
  const record = v as Record<string, TArmValue>;
  const keys = Object.keys(record);
  if (keys.length === 0) return '{}';
  const inner = indent + '  ';
  let out = '{';
  for (const k of keys) out += '\n' + inner + key(k) + ': ' + bicepValue(record[k]!, inner);
  return out + '\n' + indent + '}';
}

/** `@description('...')` etc. followed by the declaration line. */
export function decorated(decorators: readonly string[], line: string): string {
  return [...decorators, line].join('\n');
}
