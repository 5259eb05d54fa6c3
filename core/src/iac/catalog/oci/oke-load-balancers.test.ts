import { describe, expect, it } from 'vitest';
import {
  ociTiers,
  outputBlock,
  resourceBlock,
  smallDesign,
  terraformFiles,
} from '../../testing/small-design';

/**
 * A Service of type LoadBalancer on OKE keeps its security rules in NSGs ("NSG" mode), not in the
 * subnets' security lists this code owns, which the next apply would strip: the cluster may manage
 * NSGs, the annotations are an output, and the README says why and how to use them.
 */
const oke = (group: string) => ({ id: 'k8s', service: 'oci.oke', name: 'apps', group });
const files = (groups: Record<string, unknown>[] | undefined, group: string) =>
  terraformFiles(smallDesign({ cloud: 'oci', groups, components: [oke(group)] }));
const file = (f: ReturnType<typeof files>, path: string) => f.find((x) => x.path === path)!.content;

describe('oci: load balancers of an OKE cluster', () => {
  const f = files(ociTiers(['edge', 'app']), 'app');

  it('lets the clusters of the compartment manage NSGs and VCNs (NSG mode)', () => {
    const policy = resourceBlock(file(f, 'main.tf'), 'oci_identity_policy', 'k8s_load_balancers');
    for (const what of ['network-security-groups', 'vcns']) {
      expect(policy).toContain(
        `Allow any-user to manage ${what} in compartment id \${var.compartment_ocid} where all {request.principal.type = 'cluster'`,
      );
    }
  });

  it("outputs the annotations: NSG mode, the nodes' NSG as backend, the public subnet", () => {
    const output = outputBlock(file(f, 'main.tf'), 'k8s_load_balancer_annotations');
    expect(output).toContain(
      'value       = "oci.oraclecloud.com/security-rule-management-mode: \\"NSG\\"\\noci.oraclecloud.com/oci-backend-network-security-group: \\"${oci_core_network_security_group.k8s_nsg.id}\\"\\nservice.beta.kubernetes.io/oci-load-balancer-subnet1: \\"${oci_core_subnet.edge.id}\\"\\n"',
    );
    expect(resourceBlock(file(f, 'main.tf'), 'oci_containerengine_node_pool', 'k8s')).toMatch(
      /nsg_ids += \[oci_core_network_security_group\.k8s_nsg\.id\]/,
    );
  });

  it("makes them internal, in the cluster's subnet, when the VCN has no public subnet", () => {
    const output = outputBlock(
      file(files(undefined, 'sn-0'), 'main.tf'),
      'k8s_load_balancer_annotations',
    );
    expect(output).toContain(
      'oci-load-balancer-subnet1: \\"${oci_core_subnet.sn_0.id}\\"\\nservice.beta.kubernetes.io/oci-load-balancer-internal: \\"true\\"\\n"',
    );
  });

  it('says in the README why and how, with an output that exists', () => {
    const readme = file(f, 'README.md');
    const start = readme.indexOf('## Services of type LoadBalancer on OKE');
    const text = readme.slice(start, readme.indexOf('\n## ', start + 1));
    expect(start).toBeGreaterThan(0);
    expect(text).toContain('oci.oraclecloud.com/security-rule-management-mode: "NSG"');
    expect(text).toContain('the next `terraform apply` removes the rules');
    expect(text).toContain('`terraform output -raw k8s_load_balancer_annotations`');
  });
});
