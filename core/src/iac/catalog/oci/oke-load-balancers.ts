import type { TTfBuildContext } from '../service';
import { tpl, type TTfValue } from '../../ir/terraform-ir';
import { compartment, subnetId } from './shared';

/**
 * Load balancers of an OKE cluster's Services of type LoadBalancer. Without an annotation the
 * cloud controller manager writes their rules into the security lists of the load balancer's and
 * the nodes' subnets ("SL-All", the default for load balancers); this code owns those lists, so
 * the next apply removes the rules and the load balancer stops answering. In "NSG" mode, which
 * Oracle recommends, it creates a frontend NSG for each load balancer and adds the node-port and
 * health-check rules to the backend NSG named in the Service, the nodes' NSG here, whose rules
 * Terraform manages one by one and so leaves alone ("Specifying Security Rule Management
 * Options", OKE docs). That mode needs the cluster to manage NSGs and VCNs of the compartment
 * (its "Required IAM Policies"); the annotations a Service needs are an output (readme-oke.ts).
 */
export const LB_ANNOTATIONS_OUTPUT = 'load_balancer_annotations';

export function okeLoadBalancers(ctx: TTfBuildContext, nodesNsg: TTfValue): void {
  const grant = (what: string) =>
    tpl(
      `Allow any-user to manage ${what} in compartment id `,
      compartment(),
      " where all {request.principal.type = 'cluster', request.principal.compartment.id = '",
      compartment(),
      "'}",
    );
  ctx.resource('oci_identity_policy', `${ctx.node.local}_load_balancers`, {
    compartment_id: compartment(),
    name: ctx.name('lb-policy', 'oci-iam'),
    description: `The clusters of the compartment, ${ctx.node.name} among them, may manage the NSGs of their load balancers`,
    statements: [grant('network-security-groups'), grant('vcns')],
    freeform_tags: ctx.tags(),
  });
  // A public subnet of the cluster's VCN takes its load balancers; without one they are internal,
  // in the cluster's subnet.
  const network = ctx.network()!;
  const edge = ctx
    .children(network)
    .find((n) => n.service.id === 'oci.subnet' && n.properties['public'] === true);
  // Lines to paste under a Service's metadata.annotations; a string, since a cluster's one object
  // output is its connection settings (readme-settings.ts).
  const subnet = subnetId(ctx, edge ?? ctx.subnets()[0]!);
  ctx.output(
    LB_ANNOTATIONS_OUTPUT,
    `Annotations of a Service of type LoadBalancer on ${ctx.node.name}, as YAML (see the README)`,
    tpl(
      'oci.oraclecloud.com/security-rule-management-mode: "NSG"\n',
      'oci.oraclecloud.com/oci-backend-network-security-group: "',
      nodesNsg,
      '"\nservice.beta.kubernetes.io/oci-load-balancer-subnet1: "',
      subnet,
      '"\n',
      ...(edge ? [] : ['service.beta.kubernetes.io/oci-load-balancer-internal: "true"\n']),
    ),
  );
}
