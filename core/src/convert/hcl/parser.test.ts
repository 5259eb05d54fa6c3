import { describe, expect, it } from 'vitest';
import type { THclExpr } from './ast';
import { HclSyntaxError, parseHcl, parseHclExpression } from './parser';
import { printHcl } from './print';

const expr = (text: string) => printHcl(parseHclExpression(text));

describe('HCL native syntax parser', () => {
  it('reads blocks with labels, attributes and nested blocks, with their lines', () => {
    const file = parseHcl(
      'main.tf',
      [
        '# a comment',
        'resource "aws_vpc" "main" {',
        '  cidr_block = "10.0.0.0/16" // trailing comment',
        '  /* a block',
        '     comment */',
        '  tags = {',
        '    Name = "main"',
        '  }',
        '',
        '  lifecycle { prevent_destroy = true }',
        '}',
        'locals {}',
      ].join('\n'),
    );
    const [vpc, locals] = file.body.blocks;
    expect(vpc).toMatchObject({
      type: 'resource',
      labels: ['aws_vpc', 'main'],
      line: 2,
      endLine: 11,
    });
    expect(vpc!.body.attributes.map((a) => [a.name, a.line])).toEqual([
      ['cidr_block', 3],
      ['tags', 6],
    ]);
    expect(vpc!.body.blocks[0]).toMatchObject({ type: 'lifecycle', line: 10 });
    expect(printHcl(vpc!.body.blocks[0]!.body.attributes[0]!.expr)).toBe('true');
    expect(locals).toMatchObject({ type: 'locals', line: 12 });
  });

  it('parses templates with interpolations, escapes and directives', () => {
    expect(expr('"app-${var.env}-${upper(local.x)}"')).toBe('"app-${var.env}-${upper(local.x)}"');
    const t = parseHclExpression('"a\\"b\\n$${literal} %%{x}"');
    expect(t).toMatchObject({ k: 'template', parts: ['a"b\n${literal} %{x}'] });
    const d = parseHclExpression('"%{ if var.on }yes%{ else }no%{ endif }"');
    expect(d.k === 'template' && d.parts[0]).toMatchObject({
      k: 'if',
      then: ['yes'],
      else: ['no'],
    });
    const f = parseHclExpression('"%{ for k, v in var.m }${k}=${v},%{ endfor }"');
    expect(f.k === 'template' && f.parts[0]).toMatchObject({
      k: 'for',
      keyVar: 'k',
      valueVar: 'v',
    });
  });

  it('parses heredocs, indented ones losing their common indentation', () => {
    const file = parseHcl(
      'x.tf',
      [
        'a = <<EOT',
        'line ${var.x}',
        '  two',
        'EOT',
        'b = <<-EOT',
        '    one',
        '      two',
        '    EOT',
        'c = 1',
      ].join('\n'),
    );
    const [a, b, c] = file.body.attributes;
    expect(a!.expr).toMatchObject({
      k: 'template',
      heredoc: true,
      parts: ['line ', { k: 'interp' }, '\n  two\n'],
    });
    expect(b!.expr).toMatchObject({ k: 'template', parts: ['one\n  two\n'] });
    expect(c!.line).toBe(9);
  });

  it('parses for expressions over lists and objects, with conditions and grouping', () => {
    expect(expr('[for s in var.list : upper(s) if s != ""]')).toBe(
      '[for s in var.list : upper(s) if s != ""]',
    );
    expect(expr('{ for k, v in var.map : k => v... }')).toBe('{ for k, v in var.map : k => v... }');
    const multi = parseHcl('x.tf', 'm = {\n  for k, v in var.map :\n  k => v\n  if v != null\n}\n');
    expect(multi.body.attributes[0]!.expr).toMatchObject({
      k: 'for',
      keyVar: 'k',
      grouping: false,
    });
  });

  it('parses splats, indexes, attribute access and legacy index syntax', () => {
    expect(expr('aws_instance.web[*].id')).toBe('aws_instance.web[*].id');
    expect(expr('aws_instance.web.*.private_ip')).toBe('aws_instance.web.*.private_ip');
    expect(expr('var.subnets[0].id')).toBe('var.subnets[0].id');
    expect(expr('var.list.0')).toBe('var.list[0]');
    expect(expr('data.aws_iam_policy_document.x.json')).toBe('data.aws_iam_policy_document.x.json');
  });

  it('parses conditionals and operators with HCL precedence', () => {
    const e = parseHclExpression('var.a + 2 * 3 > 4 && !var.b ? "x" : -1');
    expect(e.k).toBe('conditional');
    const cond = (e as Extract<THclExpr, { k: 'conditional' }>).cond;
    expect(cond).toMatchObject({ k: 'binary', op: '&&', left: { k: 'binary', op: '>' } });
    expect(expr('(1 + 2) * 3')).toBe('(1 + 2) * 3');
    expect(expr('a == b || c != d')).toBe('a == b || c != d');
  });

  it('parses function calls, expansion and provider-defined functions', () => {
    expect(expr('merge(var.tags, { Name = "x" })')).toBe('merge(var.tags, { Name = "x" })');
    expect(expr('concat(var.a, var.b...)')).toBe('concat(var.a, var.b...)');
    expect(expr('provider::aws::arn_parse(var.arn)')).toBe('provider::aws::arn_parse(var.arn)');
    const multiline = parseHcl(
      'x.tf',
      'v = jsonencode({\n  a = [\n    1,\n    2,\n  ]\n  b = "c"\n})\n',
    );
    expect(printHcl(multiline.body.attributes[0]!.expr)).toBe(
      'jsonencode({ a = [1, 2], b = "c" })',
    );
  });

  it('reads object keys: bare names as literals, expressions in parentheses, both separators', () => {
    const o = parseHclExpression('{ a = 1, "b.c" : 2, (var.k) = 3 }');
    expect(o).toMatchObject({
      k: 'object',
      items: [
        { key: { k: 'literal', value: 'a' } },
        { key: { k: 'template', parts: ['b.c'] } },
        { key: { k: 'paren' } },
      ],
    });
  });

  it('answers syntax errors with the line of the problem', () => {
    const bad = () => parseHcl('bad.tf', 'resource "a" "b" {\n  x = \n}\n');
    expect(bad).toThrow(HclSyntaxError);
    try {
      bad();
    } catch (e) {
      expect((e as HclSyntaxError).line).toBe(2);
    }
    expect(() => parseHcl('bad.tf', 'a = "unterminated\n')).toThrow(HclSyntaxError);
    expect(() => parseHcl('bad.tf', 'a = 1 b = 2\n')).toThrow(/new line/);
  });
});
