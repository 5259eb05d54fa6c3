import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A node group without an AMI type gets an x86_64 AMI, and EKS refuses it on Graviton instance
 * types (t4g, m7g...), which the catalog offers for nodes.
 */
const cluster = (properties: Record<string, unknown>, overrides?: Record<string, unknown>) => {
  const design = smallDesign({
    cloud: 'aws',
    components: [{ id: 'k8s', service: 'aws.eks', name: 'k8s', group: 'sn-0', properties }],
    connections: [{ from: 'k8s', to: 'sn-1', type: 'placement' }],
  });
  return overrides
    ? {
        ...design,
        environments: [{ name: 'dev' }, { name: 'prod', overrides: { k8s: overrides } }],
      }
    : design;
};
const amiType = (design: unknown) =>
  /ami_type\s+= (.+)\n/.exec(resourceBlock(mainTf(design), 'aws_eks_node_group', 'k8s'))?.[1];

describe('aws: EKS node groups take the AMI of their instance type', () => {
  it('x86_64 Amazon Linux 2023 on x86 types', () => {
    expect(amiType(cluster({ nodeInstanceType: 't3.large' }))).toBe('"AL2023_x86_64_STANDARD"');
  });

  it('arm64 on Graviton types', () => {
    expect(amiType(cluster({ nodeInstanceType: 'm7g.large' }))).toBe('"AL2023_ARM_64_STANDARD"');
  });

  it("each environment's, when production runs another architecture", () => {
    const design = cluster({ nodeInstanceType: 't3.large' }, { nodeInstanceType: 'm7g.xlarge' });
    expect(resourceBlock(mainTf(design), 'aws_eks_node_group', 'k8s')).toContain(
      [
        '  ami_type = lookup({',
        '    dev  = "AL2023_x86_64_STANDARD"',
        '    prod = "AL2023_ARM_64_STANDARD"',
        '  }, var.environment)',
      ].join('\n'),
    );
  });

  it('passes the schema check', async () => {
    expect(
      await checkOutput(
        terraformFiles(
          cluster({ nodeInstanceType: 't3.large' }, { nodeInstanceType: 'm7g.xlarge' }),
        ),
      ),
    ).toEqual([]);
  });
});
