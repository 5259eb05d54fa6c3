import { parseCidr } from '../cidr';
import type { TPropertyFinding, TPropertyRule } from './rule';

/** Per service: list properties of network ranges, and whether a bare IPv4 address is taken. */
const LISTS: Readonly<Record<string, readonly { key: string; isBareIpOk: boolean }[]>> = {
  // api_server_access_profile.authorized_ip_ranges: CIDR ranges.
  'azure.aks': [{ key: 'authorizedIpRanges', isBareIpOk: false }],
  // master_authorized_networks_config.cidr_blocks.cidr_block: CIDR notation.
  'gcp.gke': [{ key: 'authorizedNetworks', isBareIpOk: false }],
  // vpc_config.public_access_cidrs: CIDR blocks.
  'aws.eks': [{ key: 'authorizedNetworks', isBareIpOk: false }],
  // Key Vault and storage firewalls take an address or a range.
  'azure.key-vault': [{ key: 'allowedIps', isBareIpOk: true }],
  'azure.key-vault-secret': [{ key: 'allowedIps', isBareIpOk: true }],
  'azure.file-share': [{ key: 'allowedIps', isBareIpOk: true }],
  // Data Explorer allowedIpRangeList: ranges in CIDR format.
  'azure.data-explorer': [{ key: 'allowedIps', isBareIpOk: false }],
};

const isEntryOk = (entry: string, isBareIpOk: boolean): boolean =>
  parseCidr(entry) !== undefined || (isBareIpOk && parseCidr(`${entry}/32`) !== undefined);

/**
 * Authorised ranges and firewall allow-lists: every entry is an IPv4 range the cloud accepts
 * (a network address with its prefix, `203.0.113.0/24`), else apply fails on the first one.
 */
export const addressLists: TPropertyRule = {
  id: 'address-lists',
  services: Object.keys(LISTS),
  source:
    'AKS api_server_access_profile.authorized_ip_ranges; GKE master_authorized_networks_config (CIDR blocks); EKS vpc_config.public_access_cidrs; Azure Key Vault and Storage network rules (IPv4 address or CIDR range)',
  check: (props, { service }) =>
    (LISTS[service] ?? []).flatMap(({ key, isBareIpOk }): TPropertyFinding[] => {
      const value = props[key];
      const entries = Array.isArray(value) ? value : [];
      const bad = entries.filter((e) => !isEntryOk(e, isBareIpOk));
      if (bad.length === 0) return [];
      const shape = isBareIpOk ? 'an IPv4 address or CIDR range' : 'a CIDR range';
      return [
        {
          key,
          message: `${key}: ${bad.map((b) => `"${b}"`).join(', ')} is not ${shape} such as 203.0.113.0/24 (the network address, then the prefix length)`,
        },
      ];
    }),
};
