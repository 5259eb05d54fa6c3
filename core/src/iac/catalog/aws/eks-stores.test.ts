import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * EKS nodes and pods (managed node groups without a launch template) carry the cluster security
 * group EKS creates, not the cluster's own group, which only the control plane has.
 */
describe('aws: stores admit the nodes of an EKS cluster', () => {
  const design = smallDesign({
    cloud: 'aws',
    components: [
      { id: 'k8s', service: 'aws.eks', name: 'k8s', group: 'sn-0' },
      { id: 'app', service: 'aws.ecs-fargate', name: 'app', group: 'sn-0' },
      { id: 'db', service: 'aws.rds-mysql', name: 'db', group: 'sn-0' },
      { id: 'files', service: 'aws.efs', name: 'files', group: 'sn-0' },
    ],
    connections: [
      { from: 'k8s', to: 'sn-1', type: 'placement' },
      { from: 'db', to: 'sn-1', type: 'placement' },
      { from: 'k8s', to: 'db', type: 'data' },
      { from: 'k8s', to: 'files', type: 'data' },
      { from: 'app', to: 'db', type: 'data' },
      { from: 'app', to: 'k8s', type: 'traffic', port: 443 },
    ],
  });
  const hcl = mainTf(design);
  const rule = (name: string) => resourceBlock(hcl, 'aws_vpc_security_group_ingress_rule', name);
  const NODES = 'aws_eks_cluster.k8s.vpc_config[0].cluster_security_group_id';

  it('admits the cluster security group to the database and the file system', () => {
    expect(rule('db_from_k8s_3306')).toContain(`referenced_security_group_id = ${NODES}`);
    expect(rule('files_from_k8s_2049')).toContain(`referenced_security_group_id = ${NODES}`);
    expect(hcl).not.toMatch(/referenced_security_group_id = aws_security_group\.k8s_sg\.id/);
  });

  it('keeps the other sources and the control plane on their own groups', () => {
    expect(rule('db_from_app_3306')).toContain(
      'referenced_security_group_id = aws_security_group.app_sg.id',
    );
    const api = rule('k8s_from_app_443');
    expect(api).toContain('security_group_id            = aws_security_group.k8s_sg.id');
    expect(api).toContain('referenced_security_group_id = aws_security_group.app_sg.id');
  });

  it('passes the schema check (the attribute exists)', async () => {
    expect(await checkOutput(terraformFiles(design), sharedOrBundledSchemas())).toEqual([]);
  });

  it('wires it between modules', async () => {
    const files = terraformFiles(design, 'modules');
    const mysql = files.find((f) => f.path === 'modules/mysql/main.tf')!.content;
    expect(mysql).toMatch(
      /referenced_security_group_id = var\.eks_cluster_k8s_vpc_config_0_cluster_security_group_id/,
    );
    expect(await checkOutput(files, sharedOrBundledSchemas())).toEqual([]);
  });
});
