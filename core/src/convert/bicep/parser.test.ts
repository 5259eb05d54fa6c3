import { describe, expect, it } from 'vitest';
import type { TExpr, TStatement } from './ast';
import { checkGrammar, parseBicep } from './parser';

/** The Bicep grammar: statements, expressions and their lines. */
const only = (text: string): TStatement => parseBicep(text).statements[0]!;
const value = (text: string): TExpr => {
  const s = only(`var v = ${text}\n`);
  if (s.kind !== 'var') throw new Error(s.kind);
  return s.value;
};

describe('the Bicep grammar', () => {
  it('passes chevrotain’s grammar validations', () => {
    expect(() => checkGrammar()).not.toThrow();
  });

  it('reads every kind of declaration with its line, across comments and blank lines', () => {
    const program = parseBicep(`// a comment
targetScope = 'resourceGroup'
/* a block
   comment */
metadata info = 'x'
@sys.description('d')
param a string = 'x' // trailing
var b = a
type t = { name: string, size: int? }
resource r 'Microsoft.X/y@2020-01-01' existing = { name: b }
module m 'm.bicep' = { name: 'm' }
output o string = b
import * as shared from 'shared.bicep'
func f(x int) int => x + 1
extension microsoftGraph
`);
    expect(program.statements.map((s) => [s.kind, s.line])).toEqual([
      ['targetScope', 2],
      ['metadata', 5],
      ['param', 7],
      ['var', 8],
      ['type', 9],
      ['resource', 10],
      ['module', 11],
      ['output', 12],
      ['import', 13],
      ['func', 14],
      ['extension', 15],
    ]);
    const param = program.statements[2]!;
    expect(param.kind === 'param' && param.decorators.map((d) => d.name)).toEqual(['description']);
  });

  it('splits interpolated strings into pieces, with escapes and nested braces', () => {
    const e = value("'a\\\\${b}\\'c${ { k: 1 }.k }d${'${x}'}'");
    expect(e.k === 'str' && e.parts.map((p) => (typeof p === 'string' ? p : p.k))).toEqual([
      'a\\',
      'id',
      "'c",
      'member',
      'd',
      'str',
      '',
    ]);
  });

  it("keeps multi-line ''' strings raw, without the first line break", () => {
    const e = value("'''\nline ${x}\n  two\n'''");
    expect(e).toMatchObject({ k: 'str', parts: ['line ${x}\n  two\n'] });
  });

  it('reads objects and arrays in the multi-line and the comma forms', () => {
    const e = value(`{
  a: [1, 2, 3]
  'b-c': {
    d: true, e: null
  }
  f: [
    'x'
    'y'
  ]
}`);
    expect(e.k === 'object' && e.props.map((p) => [p.key, p.value.k, p.line])).toEqual([
      ['a', 'array', 2],
      ['b-c', 'object', 3],
      ['f', 'array', 6],
    ]);
  });

  it('binds operators by Bicep precedence', () => {
    const e = value('a || b && c == d + e * -f ?? g ? h : i');
    expect(e).toMatchObject({
      k: 'ternary',
      cond: {
        k: 'binary',
        op: '??',
        left: {
          op: '||',
          right: {
            op: '&&',
            right: { op: '==', right: { op: '+', right: { op: '*', right: { k: 'unary' } } } },
          },
        },
      },
    });
  });

  it('reads member, safe, index, nested-resource and non-null access, and lambdas', () => {
    expect(value('a.b.?c[0][?d]::e!')).toMatchObject({
      k: 'nonNull',
      operand: {
        k: 'child',
        name: 'e',
        target: { k: 'index', safe: true, target: { k: 'index', safe: false } },
      },
    });
    expect(value('map(xs, (x, i) => x)')).toMatchObject({
      k: 'call',
      args: [{ k: 'id' }, { k: 'lambda', params: ['x', 'i'] }],
    });
    expect(value('(a)')).toMatchObject({ k: 'id', name: 'a' });
  });

  it('reads loops with an index and a filter, and keywords used as property names', () => {
    const s =
      only(`resource r 'Microsoft.X/y@2020-01-01' = [for (item, i) in range(0, 3): if (i > 0) {
  name: 'r\${i}'
  type: 'x'
  resource: 'y'
  existing: true
}]
`);
    expect(s).toMatchObject({
      kind: 'resource',
      value: { k: 'for', item: 'item', index: 'i', body: { k: 'if', body: { k: 'object' } } },
    });
  });

  it('reads decorated and optional members of object types, tuple items, and extensions with their configuration', () => {
    expect(
      only(`type config = {
  @minLength(3)
  name: string
  tags?: object
  *: int
}
`),
    ).toMatchObject({
      kind: 'type',
      type: {
        k: 'object',
        members: [
          { key: 'name', decorators: [{ name: 'minLength' }] },
          { key: 'tags', optional: true },
          { key: '*', type: { k: 'name', name: 'int' } },
        ],
      },
    });
    expect(only("type pair = [\n  @description('first')\n  string\n  int\n]\n")).toMatchObject({
      type: { k: 'tuple', decorators: [[{ name: 'description' }], []] },
    });
    expect(only("extension kubernetes with {\n  namespace: 'default'\n} as k8s\n")).toMatchObject({
      kind: 'extension',
      name: 'kubernetes',
      alias: 'k8s',
      config: { k: 'object', props: [{ key: 'namespace' }] },
    });
    expect(only("import 'kubernetes@1.0.0' with { namespace: 'x' } as k8s\n")).toMatchObject({
      kind: 'extension',
      name: 'kubernetes@1.0.0',
      alias: 'k8s',
    });
  });
});
