import { describe, expect, it } from 'vitest';
import { block, call, obj, ref, tpl, tfVar } from '../ir/terraform-ir';
import { hclBlock, hclString } from './hcl-writer';
import { renderVariable } from './terraform-render';

describe('HCL writer', () => {
  it('aligns = across consecutive single-line attributes, as terraform fmt does', () => {
    const lines = hclBlock(['resource', 'aws_instance', 'web'], {
      ami: 'x',
      instance_type: 't3.micro',
    });
    expect(lines).toBe(
      [
        'resource "aws_instance" "web" {',
        '  ami           = "x"',
        '  instance_type = "t3.micro"',
        '}',
      ].join('\n'),
    );
  });

  it('ends an alignment run at a multi-line value, which is not padded', () => {
    const text = hclBlock(['x'], {
      a: 1,
      tags: obj({ Name: 'n', Environment: 'e' }),
      long_name: 2,
    });
    expect(text).toBe(
      [
        'x {',
        '  a = 1',
        '  tags = {',
        '    Name        = "n"',
        '    Environment = "e"',
        '  }',
        '  long_name = 2',
        '}',
      ].join('\n'),
    );
  });

  it('puts nested blocks after the attributes, each after a blank line', () => {
    const text = hclBlock(['r'], {
      a: 1,
      one: block({ b: 2 }),
      many: [block({ c: 3 }), block({ c: 4 })],
    });
    expect(text).toBe(
      [
        'r {',
        '  a = 1',
        '',
        '  one {',
        '    b = 2',
        '  }',
        '',
        '  many {',
        '    c = 3',
        '  }',
        '',
        '  many {',
        '    c = 4',
        '  }',
        '}',
      ].join('\n'),
    );
  });

  it('prints references bare, templates interpolated and calls with multi-line objects', () => {
    const text = hclBlock(['r'], {
      id: ref('aws_vpc.main', 'id'),
      name: tpl('app-', tfVar('environment')),
      policy: call('jsonencode', obj({ Version: '1' })),
    });
    expect(text).toContain('id   = aws_vpc.main.id');
    expect(text).toContain('name = "app-${var.environment}"');
    expect(text).toContain('policy = jsonencode({\n    Version = "1"\n  })');
  });

  it('writes an empty block on one line, as the provider documentation does', () => {
    expect(hclBlock(['provider', 'azurerm'], { features: block({}) })).toBe(
      ['provider "azurerm" {', '  features {}', '}'].join('\n'),
    );
    expect(hclBlock(['x'], {})).toBe('x {}');
  });

  it('escapes strings so that literal ${ and %{ are not interpolated', () => {
    expect(hclString('a"b\\c\n${x}%{y}')).toBe('"a\\"b\\\\c\\n$${x}%%{y}"');
  });

  it('escapes labels and values beyond ASCII without changing their characters', () => {
    expect(
      hclBlock(['resource', 'x', 'caf\u00e9"s'], { description: 'Web \u2014 "edge"\t${a}' }),
    ).toBe(
      [
        'resource "x" "caf\u00e9\\"s" {',
        '  description = "Web \u2014 \\"edge\\"\\t$${a}"',
        '}',
      ].join('\n'),
    );
  });

  it('writes a list on one line unless it holds an object or a multi-line value', () => {
    const text = hclBlock(['r'], {
      short: ['a', 1, ref('aws_vpc.main', 'id')],
      empty_objects: [obj({})],
      nested: [obj({ k: 'v' })],
      none: obj({}),
    });
    expect(text).toBe(
      [
        'r {',
        '  short = ["a", 1, aws_vpc.main.id]',
        '  empty_objects = [',
        '    {},',
        '  ]',
        '  nested = [',
        '    {',
        '      k = "v"',
        '    },',
        '  ]',
        '  none = {}',
        '}',
      ].join('\n'),
    );
  });

  it('quotes object keys that are not identifiers', () => {
    expect(hclBlock(['r'], { tags: obj({ 'kubernetes.io/role': '1' }) })).toContain(
      '"kubernetes.io/role" = "1"',
    );
  });
});

describe('Terraform variables', () => {
  it('render a validation block after the attributes, as terraform fmt leaves it', () => {
    const text = renderVariable({
      name: 'environment',
      type: 'string',
      description: 'Environment name (dev, prod).',
      default: 'dev',
      validation: {
        condition: call('contains', ['dev', 'prod'], tfVar('environment')),
        errorMessage: 'The environment must be one of dev, prod.',
      },
    });
    expect(text).toBe(
      [
        'variable "environment" {',
        '  type        = string',
        '  description = "Environment name (dev, prod)."',
        '  default     = "dev"',
        '',
        '  validation {',
        '    condition     = contains(["dev", "prod"], var.environment)',
        '    error_message = "The environment must be one of dev, prod."',
        '  }',
        '}',
      ].join('\n'),
    );
  });
});
