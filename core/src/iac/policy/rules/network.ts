import { address, attr, blocks, ofType, refAddresses, tfHit, text } from '../query';
import { defineRule } from '../types';
import { contains, parseCidr } from '../../design/cidr';
import type { TTfBody, TTfResource, TTfValue } from '../../ir/terraform-ir';
import type { TServiceKind } from '../../types';

/** Network rules: default security lists and open egress from the data tier. */

/** Kinds that answer connections and never need to open one to the internet. */
export const DATA_TIER_KINDS: readonly TServiceKind[] = [
  'postgresql',
  'mysql',
  'sqlserver',
  'nosql',
  'cache',
  'file-storage',
  // Brokers, search domains and document stores answer their clients and call nobody.
  'kafka',
  'search',
  'document-db',
  'message-broker',
];

const ANYWHERE = ['0.0.0.0/0', '::/0'];

export const ociSubnetOwnSecurityList = defineRule({
  id: 'oci-subnet-no-default-security-list',
  clouds: ['oci'],
  title: 'OCI subnets do not use the VCN default security list',
  checks:
    'Every subnet names its security lists: a subnet without security_list_ids gets the default list, which allows SSH (22) from 0.0.0.0/0. Access is then given by network security groups.',
  severity: 'high',
  docs: 'https://docs.oracle.com/iaas/Content/Network/Concepts/securitylists.htm#Default',
  source:
    'CIS OCI Foundations 2.1–2.2 (no ingress from 0.0.0.0/0 to port 22); tfsec oci-networking-no-public-ingress',
  terraform: (resources) =>
    ofType(resources, 'oci_core_subnet')
      .filter((r) => {
        const ids = attr(r.body, 'security_list_ids');
        return !Array.isArray(ids) || ids.length === 0;
      })
      .map((r) => tfHit(r, 'the subnet keeps the default security list (SSH from 0.0.0.0/0)')),
});

/** Whether a rule's source holds the whole range: a wider literal CIDR, or the same expression. */
function covers(source: TTfValue | undefined, range: TTfValue): boolean {
  if (typeof source === 'string' && typeof range === 'string') {
    const [outer, inner] = [parseCidr(source), parseCidr(range)];
    return outer !== undefined && inner !== undefined && contains(outer, inner);
  }
  return source !== undefined && JSON.stringify(source) === JSON.stringify(range);
}

/** Each VCN's address ranges, by its address. */
const vcnCidrsOf = (resources: readonly TTfResource[]) =>
  new Map<string, readonly TTfValue[]>(
    ofType(resources, 'oci_core_vcn').map((v) => {
      const cidrs = attr(v.body, 'cidr_blocks');
      return [address(v), Array.isArray(cidrs) ? (cidrs as readonly TTfValue[]) : []];
    }),
  );

export const ociSecurityListNoVcnWideIngress = defineRule({
  id: 'oci-security-list-no-vcn-wide-ingress',
  clouds: ['oci'],
  title: 'OCI security lists do not admit all protocols from the whole VCN',
  checks:
    "No security list admits all protocols from a range holding its whole VCN (the VCN's CIDR, or 0.0.0.0/0). A packet passes when any rule of the subnet's security lists or of the VNIC's network security groups allows it, so such a rule opens every port of every subnet using the list and makes the NSG rules of databases and other stores meaningless.",
  severity: 'high',
  docs: 'https://docs.oracle.com/iaas/Content/Network/Concepts/securityrules.htm',
  source:
    'CIS OCI Foundations 2.5 (security lists restrict all traffic but ICMP within the VCN); tfsec oci-networking-no-public-ingress',
  terraform: (resources) => {
    const vcnCidrs = vcnCidrsOf(resources);
    return ofType(resources, 'oci_core_security_list')
      .filter((list) => {
        const vcn = refAddresses(attr(list.body, 'vcn_id'))[0];
        const ranges: readonly TTfValue[] = [
          ...(vcn ? (vcnCidrs.get(vcn) ?? []) : []),
          '0.0.0.0/0',
        ];
        return blocks(list.body, 'ingress_security_rules').some(
          (rule) =>
            text(rule.body, 'protocol') === 'all' &&
            ranges.some((range) => covers(attr(rule.body, 'source'), range)),
        );
      })
      .map((list) =>
        tfHit(
          list,
          'admits all protocols from the whole VCN: every port of its subnets is open to any host there, whatever their NSGs say',
        ),
      );
  },
});

/**
 * Kinds never reached from the internet, whose NSG must not admit 0.0.0.0/0 either. Others may:
 * a public load balancer or API gateway, and the workloads behind a public network load balancer
 * that preserves the client's address.
 */
const PRIVATE_KINDS: readonly TServiceKind[] = [
  ...DATA_TIER_KINDS,
  'data-warehouse',
  'stream',
  'private-endpoint',
];

/**
 * Ports of a Kubernetes cluster's nodes that the load balancers of its services reach (node ports
 * and kube-proxy's health check): those load balancers sit in subnets Kubernetes picks.
 */
const KUBERNETES_LB_PORTS = ['30000-32767', '10256-10256'];

const portRange = (rule: TTfBody): string =>
  blocks(rule, 'tcp_options')
    .flatMap((o) => blocks(o.body, 'destination_port_range'))
    .map((r) => `${text(r.body, 'min')}-${text(r.body, 'max')}`)[0] ?? '';

export const ociNsgNoVcnWideIngress = defineRule({
  id: 'oci-nsg-no-vcn-wide-ingress',
  clouds: ['oci'],
  title: "OCI components' network security groups admit their clients, not the whole VCN",
  checks:
    "No ingress rule of a component's network security group has a source holding its whole VCN (the VCN's CIDR or a wider range; 0.0.0.0/0 is reported on data stores, stream pools and private endpoints, which the internet never reaches, and left to public load balancers, API gateways and the workloads behind a public network load balancer that keeps the client's address): a database, stream pool, private load balancer or gateway admits the NSGs or subnets of the components connected to it, so a host compromised anywhere in the VCN cannot reach it. NSGs drawn as components (their own rules) are the design's explicit choice and are not checked, nor are an OKE cluster's node ports and kube-proxy health port, which the load balancers of Kubernetes services reach from subnets Kubernetes picks.",
  severity: 'high',
  docs: 'https://docs.oracle.com/iaas/Content/Network/Concepts/networksecuritygroups.htm',
  source:
    'CIS OCI Foundations 2.5 (restrict traffic within the VCN); tfsec oci-networking-no-public-ingress',
  terraform: (resources) => {
    const vcnCidrs = vcnCidrsOf(resources);
    const vcnOfNsg = new Map<string, readonly TTfValue[]>(
      ofType(resources, 'oci_core_network_security_group').map((n) => {
        const vcn = refAddresses(attr(n.body, 'vcn_id'))[0];
        return [address(n), vcn ? (vcnCidrs.get(vcn) ?? []) : []];
      }),
    );
    return ofType(resources, 'oci_core_network_security_group_security_rule')
      .filter((r) => r.kind !== 'security-group' && attr(r.body, 'direction') === 'INGRESS')
      .filter((r) => {
        const source = attr(r.body, 'source');
        if (ANYWHERE.includes(text(r.body, 'source'))) return PRIVATE_KINDS.includes(r.kind);
        if (r.kind === 'kubernetes' && KUBERNETES_LB_PORTS.includes(portRange(r.body)))
          return false;
        const nsg = refAddresses(attr(r.body, 'network_security_group_id'))[0];
        return (nsg ? (vcnOfNsg.get(nsg) ?? []) : []).some((range) => covers(source, range));
      })
      .map((r) =>
        tfHit(
          r,
          `admits ${text(r.body, 'source') || 'a range holding the VCN'} on its port: any host of the VCN reaches the component, not only those connected to it`,
        ),
      );
  },
});

export const dataTierNoOpenEgress = defineRule({
  id: 'data-tier-no-open-egress',
  clouds: ['aws', 'oci'],
  title: 'Data-tier security groups do not allow all traffic out to the internet',
  checks:
    'Security groups (AWS) and network security groups (OCI) of databases, caches, file systems, Kafka clusters, search domains, document databases and message brokers have no all-protocol egress rule to 0.0.0.0/0: a data store answers connections, and open egress is the exfiltration path.',
  severity: 'medium',
  docs: 'https://docs.aws.amazon.com/vpc/latest/userguide/security-group-rules.html',
  source: 'Checkov CKV_AWS_382; tfsec aws-ec2-no-public-egress-sgr',
  terraform: (resources) => [
    ...ofType(resources, 'aws_vpc_security_group_egress_rule')
      .filter((r) => DATA_TIER_KINDS.includes(r.kind))
      .filter(
        (r) =>
          text(r.body, 'ip_protocol') === '-1' &&
          ANYWHERE.includes(text(r.body, 'cidr_ipv4') || text(r.body, 'cidr_ipv6')),
      )
      .map((r) => tfHit(r, 'all protocols out to the internet from a data-tier security group')),
    ...ofType(resources, 'oci_core_network_security_group_security_rule')
      .filter((r) => DATA_TIER_KINDS.includes(r.kind))
      .filter(
        (r) =>
          attr(r.body, 'direction') === 'EGRESS' &&
          attr(r.body, 'protocol') === 'all' &&
          ANYWHERE.includes(text(r.body, 'destination')),
      )
      .map((r) => tfHit(r, 'all protocols out to the internet from a data-tier NSG')),
  ],
});
