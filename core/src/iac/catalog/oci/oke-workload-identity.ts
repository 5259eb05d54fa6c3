import type { TNode, TTfBuildContext } from '../service';
import { tpl, type TTfRef, type TTfValue } from '../../ir/terraform-ir';
import { BuildError } from '../../build/terraform-build';
import { isEnhancedEverywhere, isWorkloadKind, OCI_MEMBERS_OF } from './grants';
import { accessGrants, compartment } from './shared';
import { K8S_LABEL, K8S_SUBDOMAIN } from '../kubernetes-names';

/**
 * OKE Workload Identity: the stores an OKE cluster has data connections to (Object Storage, Vault
 * secrets and keys, Streaming, Queue, Logging, a database's admin password…) are granted to the
 * pods of one Kubernetes service account of one namespace of this cluster, with statements
 * `Allow any-user to <verb> <resource> in compartment id <c> where all {request.principal.type =
 * 'workload', request.principal.namespace = '<ns>', request.principal.service_account = '<sa>',
 * request.principal.cluster_id = '<cluster OCID>'}` ("Granting Workloads Access to OCI
 * Resources", Container Engine for Kubernetes docs; enhanced clusters only).
 *
 * Before, the only grant was the dynamic group of instances the node pool's instances belong to
 * (dynamic-group.ts, by its member tag): every pod on every node could use it through the
 * instance metadata service, so one compromised pod read every store and the database's password.
 * Now, on an enhanced cluster, the cluster writes its own policy for its workloads, and a dynamic
 * group of instances stops granting a store that only such clusters among its members use
 * (`leftToWorkloads`); rule oci-dynamic-group-grant no longer asks for one. The nodes keep what
 * they use themselves: `read repos` on a registry, which a kubelet image credential provider
 * signs in with as the instance principal (readme-oke.ts), and whatever the group is connected to
 * that no enhanced cluster is. A basic cluster cannot use workload identity: its pods keep using
 * the nodes' grants, and the rule warns.
 */

/** An OKE cluster whose pods take a workload identity (an enhanced cluster in every environment). */
export const hasWorkloadIdentity = (node: TNode): boolean =>
  node.service.id === 'oci.oke' &&
  isEnhancedEverywhere([
    node.properties['type'],
    ...Object.values(node.overrides).map((o) => o['type']),
  ]);

/** The stores the workloads of a cluster with workload identity get grants to. */
function workloadStores(ctx: TTfBuildContext, cluster: TNode): TNode[] {
  if (!hasWorkloadIdentity(cluster)) return [];
  return ctx
    .edgesOf(cluster, 'out', 'data')
    .map((e) => e.node)
    .filter((t) => isWorkloadKind(t.service.kind) && accessGrants(ctx, t).length > 0);
}

/**
 * Whether a dynamic group of instances leaves a store to OKE workload identity: the store is the
 * workloads' of an enhanced cluster, and no other instance, pool or basic cluster uses it. Where
 * one does, the group still grants it, and the enhanced cluster's nodes are members too.
 */
export function leftToWorkloads(ctx: TTfBuildContext, store: TNode): boolean {
  if (!isWorkloadKind(store.service.kind)) return false;
  const users = ctx
    .edgesOf(store, 'in', 'data')
    .map((e) => e.node)
    .filter((n) => OCI_MEMBERS_OF[n.service.id] === 'instances');
  return users.length > 0 && users.every(hasWorkloadIdentity);
}

function k8sName(ctx: TTfBuildContext, key: string, pattern: RegExp, what: string): string {
  const value = ctx.value(key);
  // Written between quotes into the policy: anything else would be refused, or widen it.
  if (!pattern.test(value)) {
    throw new BuildError(
      `${ctx.node.name}: ${key} “${value}” is not a Kubernetes ${what} name (lower-case letters, digits and '-')`,
    );
  }
  return value;
}

/**
 * The policy of an enhanced cluster's workloads: per store, the verbs and resources a dynamic
 * group would get (accessGrants), for service account `workloadServiceAccount` of namespace
 * `workloadNamespace` of this cluster only. Nothing when the cluster has no such store.
 */
export function okeWorkloadPolicy(ctx: TTfBuildContext, cluster: TTfRef): void {
  const stores = workloadStores(ctx, ctx.node);
  if (stores.length === 0) return;
  const namespace = k8sName(ctx, 'workloadNamespace', K8S_LABEL, 'namespace');
  const account = k8sName(ctx, 'workloadServiceAccount', K8S_SUBDOMAIN, 'service account');
  const statement = (verb: string, condition: TTfValue[]) =>
    tpl(
      `Allow any-user to ${verb} in compartment id `,
      compartment(),
      ` where all {request.principal.type = 'workload', request.principal.namespace = '${namespace}', request.principal.service_account = '${account}', request.principal.cluster_id = '`,
      cluster,
      "'",
      ...condition,
      '}',
    );
  const statements = stores.flatMap((store) =>
    accessGrants(ctx, store).map(({ grant, value }) =>
      statement(
        grant.verb,
        grant.where && value !== undefined ? [`, ${grant.where.variable} = '`, value, "'"] : [],
      ),
    ),
  );
  ctx.resource('oci_identity_policy', `${ctx.node.local}_workload`, {
    compartment_id: compartment(),
    name: ctx.name('workload-policy', 'oci-iam'),
    description: `Pods of service account ${account} in namespace ${namespace} of ${ctx.node.name} may use its connected stores (OKE workload identity)`,
    statements,
    freeform_tags: ctx.tags(),
  });
}
