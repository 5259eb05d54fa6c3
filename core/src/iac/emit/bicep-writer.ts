import { isArmExpr, type TArmExpr, type TArmValue } from '../ir/arm-ir';
import {
  scratchText,
  type TTextBuffer,
  write,
  writeLineStart,
  writeEscaped,
  type TQuoting,
} from './text-buffer';

/**
 * Prints Bicep as the Bicep formatter lays it out: two-space indent, one property or array item
 * per line, single-quoted strings, a blank line between declarations.
 */
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

const NEEDS_ESCAPE = /[\\'\n\r\t]|\$\{/;

/** Bicep strings: single quotes; a backslash before the `$` of a literal `${`. */
const BICEP_QUOTING: TQuoting = { quote: 0x27, beforeDollarBrace: 0x5c, beforePercentBrace: -1 };

export function bicepString(s: string): string {
  if (!NEEDS_ESCAPE.test(s)) return `'${s}'`;
  return scratchText((b) => {
    write(b, "'");
    writeEscaped(b, s, BICEP_QUOTING);
    write(b, "'");
  });
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

const INDENTS: string[] = [];
const indentOf = (depth: number): string => (INDENTS[depth] ??= '  '.repeat(depth));

/** A value at `depth` (the depth of the line it starts on), written to `b`. */
export function writeBicepValue(b: TTextBuffer, v: TArmValue, depth: number): void {
  if (v === null) write(b, 'null');
  else if (typeof v === 'string') {
    write(b, "'");
    writeEscaped(b, v, BICEP_QUOTING);
    write(b, "'");
  } else if (typeof v === 'number' || typeof v === 'boolean') write(b, String(v));
  else if (Array.isArray(v)) {
    const items = v as readonly TArmValue[];
    if (items.length === 0) return write(b, '[]');
    write(b, '[');
    for (const i of items) {
      writeLineStart(b, depth + 1);
      writeBicepValue(b, i, depth + 1);
    }
    writeLineStart(b, depth);
    write(b, ']');
  } else if (isArmExpr(v)) write(b, bicepExpr(v, indentOf(depth)));
  else {
    const record = v as Readonly<Record<string, TArmValue>>;
    write(b, '{');
    const start = b.pos;
    for (const k in record) {
      writeLineStart(b, depth + 1);
      write(b, key(k));
      write(b, ': ');
      writeBicepValue(b, record[k]!, depth + 1);
    }
    if (b.pos === start) return write(b, '}');
    writeLineStart(b, depth);
    write(b, '}');
  }
}

export function bicepValue(v: TArmValue, indent: string): string {
  return scratchText((b) => writeBicepValue(b, v, indent.length >> 1));
}

/** `@description('...')` etc. followed by the declaration line. */
export function decorated(decorators: readonly string[], line: string): string {
  return [...decorators, line].join('\n');
}
