import type { THclExpr, THclStep, THclTemplatePart } from './ast';

/** HCL source of an expression (canonical spacing): for unconverted pieces and comparisons. */
export function printHcl(e: THclExpr): string {
  switch (e.k) {
    case 'literal':
      return typeof e.value === 'string' ? JSON.stringify(e.value) : String(e.value);
    case 'template':
      return `"${printParts(e.parts)}"`;
    case 'variable':
      return e.name;
    case 'traversal':
      return printHcl(e.target) + e.steps.map(printStep).join('');
    case 'call':
      return `${e.fn}(${e.args.map(printHcl).join(', ')}${e.expandFinal ? '...' : ''})`;
    case 'tuple':
      return `[${e.items.map(printHcl).join(', ')}]`;
    case 'object':
      return `{ ${e.items.map((i) => `${printKey(i.key)} = ${printHcl(i.value)}`).join(', ')} }`;
    case 'conditional':
      return `${printHcl(e.cond)} ? ${printHcl(e.then)} : ${printHcl(e.else)}`;
    case 'binary':
      return `${printHcl(e.left)} ${e.op} ${printHcl(e.right)}`;
    case 'unary':
      return `${e.op}${printHcl(e.operand)}`;
    case 'paren':
      return `(${printHcl(e.expr)})`;
    case 'for': {
      const vars = e.keyVar ? `${e.keyVar}, ${e.valueVar}` : e.valueVar;
      const body = e.keyExpr
        ? `${printHcl(e.keyExpr)} => ${printHcl(e.valueExpr)}`
        : printHcl(e.valueExpr);
      const tail = `${e.grouping ? '...' : ''}${e.cond ? ` if ${printHcl(e.cond)}` : ''}`;
      const inner = `for ${vars} in ${printHcl(e.collection)} : ${body}${tail}`;
      return e.keyExpr ? `{ ${inner} }` : `[${inner}]`;
    }
  }
}

function printKey(key: THclExpr): string {
  if (key.k === 'literal' && typeof key.value === 'string' && /^[A-Za-z_][\w-]*$/.test(key.value))
    return key.value;
  return printHcl(key);
}

function printStep(s: THclStep): string {
  if (s.k === 'attr') return `.${s.name}`;
  if (s.k === 'splat') return s.full ? '[*]' : '.*';
  return `[${printHcl(s.index)}]`;
}

function printParts(parts: readonly THclTemplatePart[]): string {
  return parts
    .map((p) => {
      if (typeof p === 'string')
        return JSON.stringify(p)
          .slice(1, -1)
          .replace(/\$\{/g, () => '$${')
          .replace(/%\{/g, '%%{');
      if (p.k === 'interp') return `\${${printHcl(p.expr)}}`;
      if (p.k === 'if') {
        const otherwise = p.else.length > 0 ? `%{ else }${printParts(p.else)}` : '';
        return `%{ if ${printHcl(p.cond)} }${printParts(p.then)}${otherwise}%{ endif }`;
      }
      const vars = p.keyVar ? `${p.keyVar}, ${p.valueVar}` : p.valueVar;
      return `%{ for ${vars} in ${printHcl(p.collection)} }${printParts(p.body)}%{ endfor }`;
    })
    .join('');
}
