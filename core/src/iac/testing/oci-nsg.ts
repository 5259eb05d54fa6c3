/** The address of a node's own network security group (`<node>_nsg`), as rules refer to it. */
export const nsgOf = (node: string): string => `oci_core_network_security_group.${node}_nsg.id`;

/** The bodies of the INGRESS rules of a node's own network security group in HCL. */
export function nsgIngressBodies(hcl: string, node: string): string[] {
  return [
    ...hcl.matchAll(
      /resource "oci_core_network_security_group_security_rule" "\w+" \{\n([\s\S]*?)\n\}\n/g,
    ),
  ]
    .map(([, body]) => body!)
    .filter((body) => body.includes(`network_security_group_id = ${nsgOf(node)}`))
    .filter((body) => body.includes('"INGRESS"'));
}
