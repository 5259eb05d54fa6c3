import { describe, expect, it } from 'vitest';
import { obj, ref } from '../ir/terraform-ir';
import { renderResource, renderResources, renderTfvars } from './terraform-render';

/** Meta-arguments render where Terraform and readers expect them. */
describe('renderResource meta-arguments', () => {
  it('writes provider first and lifecycle last, with bare attribute names to ignore', () => {
    const hcl = renderResource({
      mode: 'resource',
      type: 'oci_core_instance_pool',
      name: 'web',
      node: 'web',
      kind: 'autoscaling-group',
      body: { size: 2, compartment_id: ref('var.compartment_id') },
      provider: 'oci.home',
      dependsOn: ['oci_identity_policy.web'],
      lifecycle: { ignoreChanges: ['size'], createBeforeDestroy: true, preventDestroy: true },
    });
    expect(hcl).toBe(
      [
        'resource "oci_core_instance_pool" "web" {',
        '  provider       = oci.home',
        '  size           = 2',
        '  compartment_id = var.compartment_id',
        '  depends_on     = [oci_identity_policy.web]',
        '',
        '  lifecycle {',
        '    create_before_destroy = true',
        '    prevent_destroy       = true',
        '    ignore_changes        = [size]',
        '  }',
        '}',
      ].join('\n'),
    );
  });

  it('writes no lifecycle block when nothing is set', () => {
    const hcl = renderResource({
      mode: 'resource',
      type: 'aws_sqs_queue',
      name: 'q',
      node: 'q',
      kind: 'queue',
      body: { name: 'q' },
      lifecycle: {},
    });
    expect(hcl).not.toMatch(/lifecycle/);
  });
});

describe('files of blocks', () => {
  const queue = (name: string) =>
    ({
      mode: 'resource',
      type: 'aws_sqs_queue',
      name,
      node: name,
      kind: 'queue',
      body: { name },
    }) as const;

  it('separate resources by a blank line and end the file with a line break', () => {
    expect(renderResources([queue('a'), queue('b')])).toBe(
      'resource "aws_sqs_queue" "a" {\n  name = "a"\n}\n\nresource "aws_sqs_queue" "b" {\n  name = "b"\n}\n',
    );
    expect(renderResources([])).toBe('');
  });

  it('write .tfvars values at the top level, maps indented as terraform fmt leaves them', () => {
    expect(
      renderTfvars([
        ['environment', 'prod'],
        ['instance_count', 3],
        ['tags', obj({ team: 'web' })],
      ]),
    ).toBe('environment    = "prod"\ninstance_count = 3\ntags = {\n  team = "web"\n}\n');
  });
});
