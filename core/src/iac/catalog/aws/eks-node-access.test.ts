import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * An EKS cluster's own security group sits on its control plane only; the nodes of a managed node
 * group (their launch template names no security group) carry the cluster security group EKS
 * creates. SSH through an EC2 Instance Connect Endpoint must be admitted there, while the API port
 * stays on the control plane.
 */
const design = smallDesign({
  cloud: 'aws',
  components: [
    { id: 'k8s', service: 'aws.eks', name: 'k8s', group: 'sn-0' },
    { id: 'eice', service: 'aws.instance-connect-endpoint', name: 'ops', group: 'sn-0' },
    { id: 'api', service: 'aws.ecs-fargate', name: 'api', group: 'sn-0' },
  ],
  connections: [
    { from: 'k8s', to: 'sn-1', type: 'placement' },
    { from: 'eice', to: 'k8s', type: 'traffic' },
    { from: 'api', to: 'k8s', type: 'traffic', port: 443 },
  ],
});

describe('aws: SSH to EKS nodes through EC2 Instance Connect', () => {
  const files = terraformFiles(design);
  const main = files.find((f) => f.path === 'main.tf')!.content;
  const NODES = 'aws_eks_cluster.k8s.vpc_config[0].cluster_security_group_id';

  it('admits SSH on the group the node instances carry, from the endpoint', () => {
    const ingress = resourceBlock(main, 'aws_vpc_security_group_ingress_rule', 'k8s_from_eice_22');
    expect(ingress).toContain(`security_group_id            = ${NODES}`);
    expect(ingress).toContain('referenced_security_group_id = aws_security_group.eice_sg.id');
    expect(ingress).toMatch(/from_port\s+= 22/);
  });

  it('lets the endpoint out to the nodes only, not to the control plane', () => {
    const egress = resourceBlock(main, 'aws_vpc_security_group_egress_rule', 'eice_to_k8s_22');
    expect(egress).toContain(`referenced_security_group_id = ${NODES}`);
    expect(main).not.toMatch(/referenced_security_group_id = aws_security_group\.k8s_sg\.id/);
  });

  it('keeps the API port on the control plane’s own group', () => {
    const api = resourceBlock(main, 'aws_vpc_security_group_ingress_rule', 'k8s_from_api_443');
    expect(api).toContain('security_group_id            = aws_security_group.k8s_sg.id');
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(files, sharedOrBundledSchemas())).toEqual([]);
  });
});
