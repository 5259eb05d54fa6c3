/**
 * Label selectors with the grammar of k8s.io/apimachinery pkg/labels/selector.go (Parse):
 * `a=b`, `a==b`, `a!=b`, `a in (x,y)`, `a notin (x,y)`, `a`, `!a`, `a>1`, `a<1`, comma = AND.
 * `!=` and `notin` match objects without the key. Parse errors are 400s upstream.
 */
export type LabelOp = '=' | '!=' | 'in' | 'notin' | 'exists' | '!' | '>' | '<';

export interface LabelRequirement {
  key: string;
  op: LabelOp;
  values: string[];
}

export class SelectorError extends Error {}

const QUALIFIED_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const NAME_MSG =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const VALUE_MSG =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

function validateKey(key: string): void {
  const parts = key.split('/');
  const name = parts.length === 2 ? parts[1]! : parts[0]!;
  const problem =
    parts.length > 2
      ? "a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"
      : parts.length === 2 && (!parts[0] || parts[0].length > 253 || !DNS_SUBDOMAIN.test(parts[0]))
        ? "prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character"
        : !name
          ? 'name part must be non-empty'
          : name.length > 63
            ? 'name part must be no more than 63 characters'
            : !QUALIFIED_NAME.test(name)
              ? NAME_MSG
              : undefined;
  if (problem) throw new SelectorError(`key: Invalid value: "${key}": ${problem}`);
}

function validateValue(key: string, index: number, value: string): void {
  if (value === '') return;
  const problem =
    value.length > 63
      ? 'must be no more than 63 characters'
      : !QUALIFIED_NAME.test(value)
        ? VALUE_MSG
        : undefined;
  if (problem)
    throw new SelectorError(`values[${index}][${key}]: Invalid value: "${value}": ${problem}`);
}

type Token = { t: 'id' | 'op' | 'end'; v: string };

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    const two = input.slice(i, i + 2);
    if (two === '!=' || two === '==') {
      tokens.push({ t: 'op', v: two });
      i += 2;
    } else if ('!=(),<>'.includes(c)) {
      tokens.push({ t: 'op', v: c });
      i++;
    } else {
      let j = i;
      while (j < input.length && !' \t\n\r!=(),<>'.includes(input[j]!)) j++;
      const word = input.slice(i, j);
      tokens.push({ t: word === 'in' || word === 'notin' ? 'op' : 'id', v: word });
      i = j;
    }
  }
  tokens.push({ t: 'end', v: '' });
  return tokens;
}

function describe(token: Token): string {
  return token.t === 'end' ? 'EOS' : token.v;
}

export function parseLabelSelector(input: string): LabelRequirement[] {
  const tokens = tokenize(input);
  let pos = 0;
  const peek = () => tokens[pos]!;
  const next = () => tokens[pos++]!;
  const requirements: LabelRequirement[] = [];
  if (peek().t === 'end') return requirements;
  for (;;) {
    requirements.push(parseRequirement());
    const after = next();
    if (after.t === 'end') break;
    if (after.v !== ',')
      throw new SelectorError(`found '${describe(after)}', expected: ',' or 'end of string'`);
    if (peek().t === 'end')
      throw new SelectorError(`found '${describe(peek())}', expected: identifier after ','`);
  }
  return requirements;

  function parseRequirement(): LabelRequirement {
    let token = next();
    if (token.v === '!') {
      token = next();
      if (token.t !== 'id')
        throw new SelectorError(`found '${describe(token)}', expected: identifier after '!'`);
      validateKey(token.v);
      return { key: token.v, op: '!', values: [] };
    }
    if (token.t !== 'id')
      throw new SelectorError(`found '${describe(token)}', expected: identifier`);
    const key = token.v;
    validateKey(key);
    const opToken = peek();
    if (opToken.t === 'end' || opToken.v === ',') return { key, op: 'exists', values: [] };
    pos++;
    const op = opToken.v;
    if (op === 'in' || op === 'notin') {
      const open = next();
      if (open.v !== '(') throw new SelectorError(`found '${describe(open)}', expected: '('`);
      const values: string[] = [];
      for (;;) {
        let value = peek();
        if (value.t === 'id') {
          values.push(value.v);
          pos++;
          value = peek();
        } else if (value.v === ',' || value.v === ')') {
          values.push('');
        } else {
          throw new SelectorError(`found '${describe(value)}', expected: ',', ')' or identifier`);
        }
        const sep = next();
        if (sep.v === ')') break;
        if (sep.v !== ',')
          throw new SelectorError(`found '${describe(sep)}', expected: ',' or ')'`);
      }
      // `in ()` parses as one empty value in Go only when written `in ("")`-like; an empty set is an error.
      const set =
        values.length === 1 && values[0] === '' && tokens[pos - 2]?.v === '(' ? [] : values;
      if (set.length === 0)
        throw new SelectorError("for 'in', 'notin' operators, values set can't be empty");
      set.forEach((v, i) => validateValue(key, i, v));
      return { key, op, values: [...new Set(set)] };
    }
    if (op === '=' || op === '==' || op === '!=' || op === '>' || op === '<') {
      const value = peek();
      let text = '';
      if (value.t === 'id') {
        text = value.v;
        pos++;
      } else if (!(value.t === 'end' || value.v === ',')) {
        throw new SelectorError(`found '${describe(value)}', expected: identifier`);
      }
      if (op === '>' || op === '<') {
        if (!/^-?\d+$/.test(text)) {
          throw new SelectorError(
            `values[0][${key}]: Invalid value: "${text}": for 'Gt', 'Lt' operators, the value must be an integer`,
          );
        }
        return { key, op, values: [text] };
      }
      validateValue(key, 0, text);
      return { key, op: op === '!=' ? '!=' : '=', values: [text] };
    }
    throw new SelectorError(`found '${op}', expected: '=', '!=', '==', 'in', notin'`);
  }
}

export function matchesLabels(
  requirements: LabelRequirement[],
  labels: Record<string, string> | undefined,
): boolean {
  const l = labels ?? {};
  return requirements.every((r) => {
    const has = Object.prototype.hasOwnProperty.call(l, r.key);
    const value = l[r.key];
    switch (r.op) {
      case '=':
      case 'in':
        return has && r.values.includes(value!);
      case '!=':
      case 'notin':
        return !has || !r.values.includes(value!);
      case 'exists':
        return has;
      case '!':
        return !has;
      case '>':
      case '<': {
        if (!has || !/^-?\d+$/.test(value!)) return false;
        const n = Number(value);
        const limit = Number(r.values[0]);
        return r.op === '>' ? n > limit : n < limit;
      }
    }
  });
}
