/**
 * OCI IAM facts shared by the builders and the design rules: what a policy must allow for a data
 * connection to a node of each kind (OCI IAM "Policy Reference", verbs and resource types), and
 * which dynamic group members each service's principals are ("Managing Dynamic Groups").
 * https://docs.oracle.com/iaas/Content/Identity/Reference/policyreference.htm
 */
export interface TOciGrant {
  /** Verb and resource type, as a policy statement writes them. */
  readonly verb: string;
  /**
   * Narrows the statement to the one resource: the condition variable and the attribute, of the
   * node's primary resource or of its resource of `type` (a vault's key).
   */
  readonly where?: {
    readonly variable: string;
    readonly attribute: 'name' | 'id' | 'display_name';
    readonly type?: string;
  };
}

/** Kinds reached through the API with a principal; the others (databases, caches, NFS) by network. */
export const OCI_GRANTS: Readonly<Record<string, TOciGrant>> = {
  'object-storage': {
    verb: 'manage objects',
    where: { variable: 'target.bucket.name', attribute: 'name' },
  },
  queue: { verb: 'use queues' },
  secret: { verb: 'read secret-bundles', where: { variable: 'target.secret.id', attribute: 'id' } },
  kms: {
    verb: 'use keys',
    where: { variable: 'target.key.id', attribute: 'id', type: 'oci_kms_key' },
  },
  topic: { verb: 'use ons-topics' },
  nosql: { verb: 'use nosql-rows' },
  'log-group': { verb: 'use log-content' },
  // Pull only, as on the other clouds (ECR pull actions, Artifact Registry reader): `use repos`
  // would also let the workload push ("Policies to Control Repository Access", Registry docs).
  'container-registry': {
    verb: 'read repos',
    where: { variable: 'target.repo.name', attribute: 'display_name' },
  },
  function: { verb: 'use fn-invocation' },
  email: { verb: 'use email-family' },
  stream: { verb: 'use stream-family' },
  // Downloading the mutual TLS wallet (GenerateAutonomousDatabaseWallet) takes
  // AUTONOMOUS_DATABASE_CONTENT_READ, the `read` verb ("Policy Details for Autonomous Database").
  'data-warehouse': { verb: 'read autonomous-databases' },
  kafka: { verb: 'use stream-family' },
};

/** The dynamic group `members` whose matching rule selects a service's principals. */
export const OCI_MEMBERS_OF: Readonly<Record<string, string>> = {
  'oci.compute-instance': 'instances',
  'oci.instance-pool': 'instances',
  'oci.oke': 'instances',
  'oci.function': 'functions',
  'oci.container-instance': 'container-instances',
  'oci.api-gateway': 'api-gateways',
};

/**
 * Kinds an OKE cluster's nodes use themselves, as the instance principal, where its other stores
 * are its workloads' (oke-workload-identity.ts): a registry, whose images kubelet pulls.
 */
const OKE_NODE_KINDS: ReadonlySet<string> = new Set(['container-registry']);

/** Whether a data connection of an enhanced OKE cluster to a store of this kind is its pods'. */
export const isWorkloadKind = (kind: string): boolean => !OKE_NODE_KINDS.has(kind);

/**
 * Whether OKE cluster types (the base value, then each environment's) all allow workload
 * identity, which only enhanced clusters have: a cluster basic in one environment keeps the
 * nodes' grants in all, so every environment runs the same workloads the same way.
 */
export const isEnhancedEverywhere = (types: readonly unknown[]): boolean =>
  types.every((t) => t === undefined || t === 'ENHANCED_CLUSTER');
