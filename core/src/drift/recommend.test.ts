import { describe, expect, it } from 'vitest';
import type { TDriftChange } from '../contract/drift/scans';
import { displayPath, hclBlock, hclString, hclValue } from './hcl';
import { recommend, recommendations } from './recommend';

const base = { blastRadius: null, recommendation: null, reason: null, attributes: [] };
const change = (
  c: Partial<TDriftChange> & Pick<TDriftChange, 'address' | 'resourceType' | 'status'>,
): TDriftChange => ({
  ...base,
  id: null,
  ...c,
});

describe('HCL values', () => {
  it('quotes and escapes strings, keeps ${ literal, quotes keys that are not names', () => {
    expect(hclString('a "b" \\ ${x} %{y}\n')).toBe('"a \\"b\\" \\\\ $${x} %%{y}\\n"');
    expect(hclValue({ 'tag ': 'test 123', test: 'tag' })).toBe(
      '{\n  "tag " = "test 123"\n  test = "tag"\n}',
    );
    expect(hclValue(['error', 'slowquery'])).toBe('["error", "slowquery"]');
    expect(hclValue(null)).toBe('null');
    expect(hclValue([{ a: 1 }])).toBe('[\n  {\n    a = 1\n  },\n]');
  });

  it('renders state-shaped blocks as nested blocks, unset values left out', () => {
    expect(
      hclBlock('ttl', { attribute_name: 'x', enabled: true, kms: null, rule: [{ days: 3 }] }),
    ).toBe('ttl {\n  attribute_name = "x"\n  enabled = true\n  rule {\n    days = 3\n  }\n}');
  });

  it('shows paths people can read', () => {
    expect(displayPath(['ttl', 0, 'enabled'])).toBe('ttl.0.enabled');
    expect(displayPath(['tags', 'cost '])).toBe('tags["cost "]');
  });
});

describe('recommendations', () => {
  it('changed: revert with a targeted apply, adopt with the arguments as HCL', () => {
    const c = change({
      address: 'module.db["eu.1"].aws_db_subnet_group.foo',
      resourceType: 'aws_db_subnet_group',
      status: 'changed',
      attributes: [
        { path: ['tags', 'tag '], before: undefined, after: 'test 123' },
        { path: ['tags', 'old'], before: 'x', after: undefined },
        { path: ['ttl', 0, 'enabled'], before: false, after: true },
        { path: ['replica', 1], before: { region_name: 'us-west-2' }, after: undefined },
      ],
    });
    const [revert, adopt] = recommendations(c);
    expect(revert).toEqual({
      action: 'revert',
      summary:
        'Apply the code again to put back tags["tag "], tags.old, ttl.0.enabled, replica.1, changed outside Terraform.',
      code: `terraform apply -target='module.db["eu.1"].aws_db_subnet_group.foo'`,
    });
    expect(adopt?.action).toBe('adopt');
    expect(adopt?.summary).toBe(
      'Keep the cloud\'s values: set them in resource "aws_db_subnet_group" "foo", then plan.',
    );
    expect(adopt?.code).toBe(
      [
        'tags = {',
        '  "tag " = "test 123"',
        '  # remove old (gone in the cloud)',
        '  # …and the other keys as they are',
        '}',
        'ttl {',
        '  enabled = true',
        '  # …and the other arguments of this block as they are',
        '}',
        '# replica block 1 is gone in the cloud: remove this block',
        '# replica {',
        '#   region_name = "us-west-2"',
        '# }',
      ].join('\n'),
    );
    expect(recommend(c).code).toContain("# Adopt: Keep the cloud's values");
  });

  it('never writes a sensitive value into the adopt code', () => {
    const [, adopt] = recommendations(
      change({
        address: 'aws_db_instance.db',
        resourceType: 'aws_db_instance',
        status: 'changed',
        attributes: [{ path: ['password'], before: '(sensitive)', after: '(sensitive)' }],
      }),
    );
    expect(adopt?.code).toBe('# password: a sensitive value, not shown; set it by hand');
  });

  it('changed, only computed values: review, and refresh-only to record them', () => {
    const r = recommend(
      change({
        address: 'aws_instance.test',
        resourceType: 'aws_instance',
        status: 'changed',
        attributes: [{ path: ['instance_state'], before: 'running', after: 'stopped' }],
      }),
    );
    expect(r.action).toBe('review');
    expect(r.code).toBe("terraform apply -refresh-only -target='aws_instance.test'");
  });

  it('unmanaged: an import block and a resource skeleton', () => {
    const r = recommend(
      change({
        address: 'aws_instance.i_010376047a71419f1',
        id: 'i-010376047a71419f1',
        resourceType: 'aws_instance',
        status: 'unmanaged',
      }),
    );
    expect(r.action).toBe('import');
    expect(r.code).toBe(
      [
        'import {',
        '  to = aws_instance.i_010376047a71419f1',
        '  id = "i-010376047a71419f1"',
        '}',
        '',
        '# resource "aws_instance" "i_010376047a71419f1" {',
        '#   # terraform plan -generate-config-out=generated.tf writes its arguments',
        '# }',
      ].join('\n'),
    );
  });

  it('missing: recreate, or forget it with a removed block (state rm for one instance)', () => {
    const [recreate, remove] = recommendations(
      change({ address: 'aws_sqs_queue.jobs', resourceType: 'aws_sqs_queue', status: 'missing' }),
    );
    expect(recreate).toMatchObject({
      action: 'recreate',
      code: "terraform apply -target='aws_sqs_queue.jobs'",
    });
    expect(remove?.code).toBe(
      'removed {\n  from = aws_sqs_queue.jobs\n\n  lifecycle {\n    destroy = false\n  }\n}',
    );
    const [, one] = recommendations(
      change({
        address: 'aws_route53_record.test[3]',
        resourceType: 'aws_route53_record',
        status: 'missing',
      }),
    );
    expect(one?.code).toBe("terraform state rm 'aws_route53_record.test[3]'");
  });

  it('unknown: review with the reason; an Azure resource outside the template: review', () => {
    expect(
      recommend(
        change({
          address: 'x',
          resourceType: 'Microsoft.Network/x',
          status: 'unknown',
          reason: 'Cannot be analyzed.',
        }),
      ),
    ).toEqual({
      action: 'review',
      summary: 'Cannot be analyzed.',
      code: null,
    });
    expect(
      recommend(
        change({
          address: '/subscriptions/1/x',
          resourceType: 'Microsoft.Storage/storageAccounts',
          status: 'unmanaged',
        }),
      ).action,
    ).toBe('review');
  });
});

describe('recommendations for an Azure template (what-if)', () => {
  it('changed: deploy the template again, or set the properties in it', () => {
    const c = change({
      address: '/subscriptions/1/resourceGroups/rg/providers/Microsoft.Compute/virtualMachines/vm',
      resourceType: 'Microsoft.Compute/virtualMachines',
      status: 'changed',
      attributes: [
        {
          path: ['properties', 'hardwareProfile', 'vmSize'],
          before: 'Standard_B2s',
          after: 'Standard_B4ms',
        },
      ],
    });
    const [revert, adopt] = recommendations(c);
    expect(revert).toEqual({
      action: 'revert',
      summary:
        'Deploy the template again to put back properties.hardwareProfile.vmSize, changed outside it.',
      code: null,
    });
    expect(adopt?.code).toBe('properties.hardwareProfile.vmSize: "Standard_B4ms"');
    expect(recommend(c).code).toBe(
      '# Revert: Deploy the template again to put back properties.hardwareProfile.vmSize, changed outside it.\n\n# Adopt: Keep the cloud\'s values: set these properties in the template.\nproperties.hardwareProfile.vmSize: "Standard_B4ms"',
    );
    expect(recommend({ ...c, status: 'missing', attributes: [] }).summary).toBe(
      'Not in the cloud: deploying the template creates it.',
    );
  });
});
