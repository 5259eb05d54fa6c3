import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * EKS nodes start from a launch template: without one, a managed node group's root volumes are
 * encrypted only when the account encrypts EBS by default, and their metadata answers IMDSv1.
 */
describe('aws: EKS node launch template', () => {
  const design = smallDesign({
    cloud: 'aws',
    components: [{ id: 'k8s', service: 'aws.eks', name: 'k8s', group: 'sn-0' }],
    connections: [{ from: 'k8s', to: 'sn-1', type: 'placement' }],
  });
  const hcl = mainTf(design);
  const template = resourceBlock(hcl, 'aws_launch_template', 'k8s_nodes');

  it('encrypts the root volume, the size EKS gives without a template', () => {
    expect(template).toMatch(
      /device_name = "\/dev\/xvda"\n\s+ebs \{\n\s+volume_size = 20\n\s+volume_type = "gp3"\n\s+encrypted\s+= true/,
    );
  });

  it('requires IMDSv2 and lets pods reach it one hop further than the node', () => {
    expect(template).toMatch(/http_tokens\s+= "required"/);
    expect(template).toMatch(/http_put_response_hop_limit = 2/);
  });

  it('leaves the security groups to EKS, which adds the cluster security group', () => {
    expect(template).not.toMatch(/security_group/);
  });

  it('is the node group template, by the version number the API reads back', () => {
    expect(resourceBlock(hcl, 'aws_eks_node_group', 'k8s')).toMatch(
      /launch_template \{\n\s+id\s+= aws_launch_template\.k8s_nodes\.id\n\s+version = aws_launch_template\.k8s_nodes\.latest_version/,
    );
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
