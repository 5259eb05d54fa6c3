import { describe, expect, it } from 'vitest';
import { configTargets } from './config-targets';
import { mirrorSensitivePaths, sensitiveAttributePaths } from './sensitive';

describe('sensitive paths', () => {
  it('reads state sensitive_attributes: cty steps with typed or bare values, and plain names', () => {
    expect(
      sensitiveAttributePaths([
        [{ type: 'get_attr', value: 'password' }],
        [
          { type: 'get_attr', value: 'rule' },
          { type: 'index', value: { value: 2, type: 'number' } },
          { type: 'get_attr', value: 'secret' },
        ],
        [
          { type: 'get_attr', value: 'tags' },
          { type: 'index', value: 'key' },
        ],
        'token',
        [],
        42,
      ]),
    ).toEqual([['password'], ['rule', 2, 'secret'], ['tags', 'key'], ['token']]);
    expect(sensitiveAttributePaths(null)).toEqual([]);
  });

  it('reads a plan mirror (after_sensitive, sensitive_values)', () => {
    expect(
      mirrorSensitivePaths({ user_data: true, tags: {}, block: [{ key: true }, {}], whole: true }),
    ).toEqual([['user_data'], ['block', 0, 'key'], ['whole']]);
    expect(mirrorSensitivePaths(true)).toEqual([]);
    expect(mirrorSensitivePaths(false)).toEqual([]);
  });
});

describe('configuration targets', () => {
  const modules = {
    calls: new Map<string, Record<string, unknown>>([
      ['module.app', { subnet: { references: ['module.net.subnet_id', 'module.net'] } }],
      ['module.net', { cidr: { references: ['var.cidr'] } }],
    ]),
    outputs: new Map<string, Record<string, unknown>>([
      [
        'module.net',
        { subnet_id: { expression: { references: ['aws_subnet.this[0].id', 'aws_subnet.this'] } } },
      ],
    ]),
  };

  it('follows var.x up through the module call and module outputs down to their resource', () => {
    const targets = configTargets(
      [{ subnet_id: { references: ['var.subnet'] }, ami: { references: ['data.aws_ami.x.id'] } }],
      'module.app',
      modules,
    );
    expect(targets).toEqual([
      { levelsUp: 1, target: 'module.net.aws_subnet.this' },
      { levelsUp: 0, target: 'data.aws_ami.x' },
    ]);
  });

  it('keeps a module as a whole when its output is unknown, and ignores local/each/count/path/self', () => {
    const targets = configTargets(
      [
        {
          a: {
            references: ['module.db.endpoint', 'module.db', 'local.x', 'each.key', 'count.index'],
          },
        },
        { references: ['path.module', 'self.id', 'terraform.workspace', 'aws_iam_role.r'] },
      ],
      '',
      modules,
    );
    expect(targets).toEqual([
      { levelsUp: 0, target: 'module.db' },
      { levelsUp: 0, target: 'aws_iam_role.r' },
    ]);
  });
});
