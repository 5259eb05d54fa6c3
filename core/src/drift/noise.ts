/**
 * The noise rules: differences between the two sides that are not drift. Each is named and
 * counted, so a scan can say what it set aside and why. The tables were learnt from driftctl's
 * recorded state/read pairs (AWS, Azure, GCP), from Terraform plans' `resource_drift`, and from a
 * real Azure what-if run.
 */
export const NOISE_RULES = {
  'empty-equivalent':
    'null, {}, [] and "" all mean "not set" (also nested, and a list of one empty block)',
  timeouts: '`timeouts` is a Terraform-only block; the cloud never returns it',
  'terraform-only':
    'an argument only Terraform knows (password, skip_final_snapshot, force_destroy…): the read returns nothing for it',
  'not-returned': 'the read does not include the attribute at all, so it was not compared',
  'not-in-state':
    'the state has no such attribute (an older provider schema): nothing to compare with',
  masked: 'a value the tool masks (`*******`, `(sensitive value)`) cannot be compared',
  'computed-informational':
    'a count the cloud maintains (number_of_record_sets): it reflects activity, not configuration',
  'server-populated':
    'a property Azure fills in itself (provisioningState, kind, privateIPAddress…), reported by what-if as deleted',
  'azure-default':
    'a property the template leaves out that holds the service’s default (a VNet’s privateEndpointVNetPolicies "Disabled"), reported by what-if as deleted',
  'refresh-equal': 'a refresh entry whose before and after are the same',
  'no-effect': 'what-if `NoEffect`: the property would not change',
  'azure-id-case': 'Azure resource ids are case-insensitive',
  'tags-all': '`tags_all` repeats `tags` (plus provider default tags)',
  'json-equivalent': 'a JSON document (a policy) written differently but meaning the same',
  'scalar-as-string': 'the number 8 and the string "8" (or true and "true") from two readers',
  'order-only': 'the same elements in another order (Terraform sets have no order)',
  'duplicate-entry': 'what-if listed the same resource twice',
} as const;
export type TNoiseRule = keyof typeof NOISE_RULES;

export type TNoiseCounts = Record<string, number>;

export function countNoise(counts: TNoiseCounts, rule: TNoiseRule, n = 1): void {
  if (n > 0) counts[rule] = (counts[rule] ?? 0) + n;
}

export function mergeNoise(into: TNoiseCounts, from: Readonly<TNoiseCounts>): void {
  for (const [rule, n] of Object.entries(from)) if (n > 0) into[rule] = (into[rule] ?? 0) + n;
}

/**
 * Arguments the provider keeps in state but the cloud API never returns. A difference on one
 * of them counts as noise only when the read has nothing for it: a read value that differs is
 * still drift.
 */
const TERRAFORM_ONLY_GLOBAL = new Set([
  'password',
  'master_password',
  'admin_password',
  'skip_final_snapshot',
  'final_snapshot_identifier',
  'delete_automated_backups',
  'apply_immediately',
  'allow_major_version_upgrade',
  'force_destroy',
  'force_detach_policies',
  'allow_overwrite',
  'revoke_rules_on_delete',
  'skip_destroy',
  'force_delete',
  'wait_for_capacity_timeout',
  'wait_for_elb_capacity',
  'wait_for_steady_state',
  'force_new_deployment',
  'wait_for_fulfillment',
  'recovery_window_in_days',
  'force_overwrite_replica_secret',
  'user_data_replace_on_change',
  'get_password_data',
  'source_code_hash',
]);

const TERRAFORM_ONLY_BY_TYPE: Readonly<Record<string, readonly string[]>> = {
  aws_lambda_function: ['filename', 'publish', 's3_key', 's3_bucket', 's3_object_version'],
  aws_lambda_layer_version: ['filename', 's3_key', 's3_bucket', 's3_object_version'],
  aws_iam_user: ['pgp_key'],
  aws_iam_access_key: ['pgp_key', 'secret', 'ses_smtp_password_v4'],
  aws_iam_user_login_profile: ['pgp_key', 'password_length'],
  aws_db_instance: ['snapshot_identifier', 'replicate_source_db'],
  aws_rds_cluster: ['snapshot_identifier', 'global_cluster_identifier'],
  aws_s3_object: ['source', 'content', 'content_base64'],
  aws_s3_bucket_object: ['source', 'content', 'content_base64'],
  azurerm_linux_virtual_machine: ['admin_ssh_key'],
  azurerm_key_vault_secret: ['value'],
  google_sql_user: ['password'],
};

export function isTerraformOnly(type: string, key: string): boolean {
  return TERRAFORM_ONLY_GLOBAL.has(key) || (TERRAFORM_ONLY_BY_TYPE[type]?.includes(key) ?? false);
}

/** Counts the cloud maintains; a change there is activity, not drift. */
const COMPUTED_INFORMATIONAL_BY_TYPE: Readonly<Record<string, readonly string[]>> = {
  azurerm_private_dns_zone: [
    'number_of_record_sets',
    'max_number_of_record_sets',
    'max_number_of_virtual_network_links',
    'max_number_of_virtual_network_links_with_registration',
  ],
  azurerm_dns_zone: ['number_of_record_sets', 'max_number_of_record_sets'],
};

export function isComputedInformational(type: string, key: string): boolean {
  return COMPUTED_INFORMATIONAL_BY_TYPE[type]?.includes(key) ?? false;
}

/**
 * Properties Azure resource providers fill in themselves. What-if reports them as `Delete`
 * (the template does not set them, the cloud has them); deploying the template leaves them as
 * they are. Matched on the last segment of the property path, case-insensitively.
 */
const SERVER_POPULATED = new Set(
  [
    'provisioningState',
    'resourceGuid',
    'etag',
    'kind',
    'allowPort25Out',
    'privateIPAddress',
    'privateIPAddressVersion',
    'peeringSyncLevel',
    'peeringState',
    'remoteAddressSpace',
    'remoteVirtualNetworkAddressSpace',
    'remoteBgpCommunities',
    'remoteGateways',
    'macAddress',
    'vmId',
    'timeCreated',
    'uniqueId',
    'virtualMachine',
    'hostedWorkloads',
    'createdTime',
    'changedTime',
  ].map((s) => s.toLowerCase()),
);

export function isServerPopulated(propertyPath: string): boolean {
  const leaf = propertyPath.split('.').pop() ?? propertyPath;
  return SERVER_POPULATED.has(leaf.replace(/\[\d+\]$/, '').toLowerCase());
}

/**
 * Defaults Azure resource providers apply when a template leaves a property out (from the
 * Microsoft.Network REST API reference, 2024-05-01). What-if reports such a property as `Delete`;
 * deploying the template keeps the default, so a deleted value equal to it is not drift, while
 * any other value is (the deployment would reset it). Paths are relative to the resource, without
 * list indexes; a child type's defaults also apply where its parent embeds it.
 */
const PEERING_DEFAULTS: Readonly<Record<string, unknown>> = {
  'properties.peerCompleteVnets': true,
  'properties.enableOnlyIPv6Peering': false,
  'properties.allowVirtualNetworkAccess': true,
  'properties.allowForwardedTraffic': false,
  'properties.allowGatewayTransit': false,
  'properties.useRemoteGateways': false,
};
const SUBNET_DEFAULTS: Readonly<Record<string, unknown>> = {
  'properties.privateEndpointNetworkPolicies': 'Disabled',
  'properties.privateLinkServiceNetworkPolicies': 'Enabled',
};
const embedded = (prefix: string, defaults: Readonly<Record<string, unknown>>) =>
  Object.fromEntries(Object.entries(defaults).map(([k, v]) => [`${prefix}.${k}`, v]));
const AZURE_DEFAULTS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  'Microsoft.Network/virtualNetworks': {
    'properties.privateEndpointVNetPolicies': 'Disabled',
    'properties.enableDdosProtection': false,
    'properties.enableVmProtection': false,
    ...embedded('properties.virtualNetworkPeerings', PEERING_DEFAULTS),
    ...embedded('properties.subnets', SUBNET_DEFAULTS),
  },
  'Microsoft.Network/virtualNetworks/virtualNetworkPeerings': PEERING_DEFAULTS,
  'Microsoft.Network/virtualNetworks/subnets': SUBNET_DEFAULTS,
  'Microsoft.Network/networkInterfaces': {
    'properties.enableAcceleratedNetworking': false,
    'properties.enableIPForwarding': false,
    'properties.disableTcpStateTracking': false,
    'properties.nicType': 'Standard',
    'properties.auxiliaryMode': 'None',
    'properties.auxiliarySku': 'None',
  },
};
const AZURE_DEFAULTS_LOWER = new Map(
  Object.entries(AZURE_DEFAULTS).map(([type, d]) => [
    type.toLowerCase(),
    new Map(Object.entries(d).map(([path, v]) => [path.toLowerCase(), v])),
  ]),
);

/** Whether what-if's deleted `value` at `propertyPath` of a resource of `type` is Azure's default. */
export function isAzureDefault(type: string, propertyPath: string, value: unknown): boolean {
  const defaults = AZURE_DEFAULTS_LOWER.get(type.toLowerCase());
  if (!defaults) return false;
  const path = propertyPath
    .replace(/\[\d+\]/g, '')
    .split('.')
    .filter((seg) => !/^\d+$/.test(seg))
    .join('.')
    .toLowerCase();
  return defaults.has(path) && defaults.get(path) === value;
}

/** `*******` (what-if secure values), `(sensitive value)` / `(sensitive)` (plans, Stratum). */
export function isMasked(v: unknown): boolean {
  return (
    typeof v === 'string' &&
    (/^\*{3,}$/.test(v) || v === '(sensitive value)' || v === '(sensitive)')
  );
}

/** Azure resource ids compare case-insensitively (ARM treats them so). */
export function isAzureId(v: string): boolean {
  return /^\/subscriptions\/[^/]+/i.test(v) || /^\/providers\/[^/]+/i.test(v);
}
