/**
 * The ARM template expression language (`[concat('a', parameters('b'))]`): a parser to a small
 * tree and a printer back. `core/src/iac/emit/arm-expr.ts` only writes expressions from the
 * engine's IR; reading templates written by others needs this parser.
 */
export type TArmNode =
  | { readonly k: 'str'; readonly value: string }
  | { readonly k: 'num'; readonly value: number }
  | { readonly k: 'call'; readonly name: string; readonly args: readonly TArmNode[] }
  | { readonly k: 'prop'; readonly target: TArmNode; readonly name: string }
  | { readonly k: 'index'; readonly target: TArmNode; readonly index: TArmNode };

export class ArmExprError extends Error {}

/** Whether a JSON string is an expression (`[…]`, not the `[[` escape). */
export const isExpression = (s: string) =>
  s.startsWith('[') && !s.startsWith('[[') && s.endsWith(']');

/** A JSON string's expression tree: literals become `str` nodes. */
export function parseJsonString(s: string): TArmNode {
  if (isExpression(s)) return parseArmExpression(s.slice(1, -1));
  return { k: 'str', value: s.startsWith('[[') ? s.slice(1) : s };
}

export function parseArmExpression(text: string): TArmNode {
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const fail = (m: string): never => {
    throw new ArmExprError(`${m} at ${i + 1} in [${text}]`);
  };
  const primary = (): TArmNode => {
    ws();
    const c = text[i];
    if (c === "'") {
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length) fail('unterminated string');
        if (text[i] === "'") {
          if (text[i + 1] === "'") {
            value += "'";
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += text[i++];
      }
      return { k: 'str', value };
    }
    const num = /^-?\d+(\.\d+)?/.exec(text.slice(i));
    if (num) {
      i += num[0].length;
      return { k: 'num', value: Number(num[0]) };
    }
    const id = /^[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*)?/.exec(text.slice(i));
    if (!id) return fail('expected a value');
    i += id[0].length;
    ws();
    if (text[i] !== '(') return fail(`expected ( after ${id[0]}`);
    i++;
    const args: TArmNode[] = [];
    ws();
    if (text[i] === ')') i++;
    else
      for (;;) {
        args.push(expression());
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ')') {
          i++;
          break;
        } else fail('expected , or )');
      }
    return { k: 'call', name: id[0], args };
  };
  const expression = (): TArmNode => {
    let e = primary();
    for (;;) {
      ws();
      if (text[i] === '.') {
        i++;
        ws();
        const m = /^[A-Za-z_$][A-Za-z0-9_$-]*/.exec(text.slice(i));
        if (!m) fail('expected a property name');
        i += m![0].length;
        e = { k: 'prop', target: e, name: m![0] };
      } else if (text[i] === '[') {
        i++;
        const index = expression();
        ws();
        if (text[i] !== ']') fail('expected ]');
        i++;
        e = { k: 'index', target: e, index };
      } else return e;
    }
  };
  const result = expression();
  ws();
  if (i < text.length) fail('unexpected text');
  return result;
}

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Prints a tree in a canonical form (function names as written, single spaces). */
export function printArm(n: TArmNode): string {
  switch (n.k) {
    case 'str':
      return quote(n.value);
    case 'num':
      return String(n.value);
    case 'call':
      return `${n.name}(${n.args.map(printArm).join(', ')})`;
    case 'prop':
      return `${printArm(n.target)}.${n.name}`;
    case 'index':
      return `${printArm(n.target)}[${printArm(n.index)}]`;
  }
}

/** The call `name(...)` (case-insensitive, as ARM treats function names), or undefined. */
export function callOf(n: TArmNode, name: string): (TArmNode & { k: 'call' }) | undefined {
  return n.k === 'call' && n.name.toLowerCase() === name.toLowerCase() ? n : undefined;
}
