import {
  isEnhancedEverywhere,
  isWorkloadKind,
  OCI_GRANTS,
  OCI_MEMBERS_OF,
} from '../../catalog/oci/grants';
import { VAULT_PASSWORD_DATABASES } from '../../catalog/oci/shared';
import type { TDesignIssue } from '../parse';
import { networkView } from './reachability-graph';
import type { TDesignRule } from './rule';

/**
 * On OCI an instance, function or container instance calls Object Storage, Streaming, Vault and
 * the other API services as its own principal only when a dynamic group matches it and a policy
 * grants that group the access: a data connection alone writes neither, so the workload would be
 * refused at run time. The dynamic group component writes both; this says which to add.
 *
 * An enhanced OKE cluster needs none for its stores: it grants them to one service account of its
 * own through OKE workload identity (oci/oke-workload-identity.ts, "Granting Workloads Access to
 * OCI Resources", OKE docs); only its nodes' own use, pulling from a registry, still takes one. A
 * basic cluster cannot use workload identity: its pods use the nodes' grants, so any pod on any
 * node can read the store, which this warns of.
 */
export const ociDynamicGroupGrant: TDesignRule = {
  id: 'oci-dynamic-group-grant',
  source:
    'OCI Identity and Access Management, "Calling Services from an Instance" and "Managing Dynamic Groups" (instance and resource principals are authorised through dynamic groups and policies)',
  check: (context) => {
    const { design, services } = context;
    const view = networkView(context);
    const issues: TDesignIssue[] = [];
    const names = new Map(design.components.map((c) => [c.id, c.name]));
    const groups = design.components.filter((c) => services.get(c.id)?.id === 'oci.dynamic-group');
    const granted = (members: string, target: string) =>
      groups.some(
        (g) =>
          String(g.properties['members'] ?? 'instances') === members &&
          view.outgoing(g.id).some((c) => c.to === target && c.type === 'data'),
      );
    // A PostgreSQL or HeatWave MySQL DB system connected to a vault keeps its admin password
    // there: its clients read the secret's bundle (oci/data.ts, oci/shared.ts accessOf).
    const vaultPassword = (id: string) =>
      VAULT_PASSWORD_DATABASES.has(services.get(id)?.id ?? '') &&
      view.outgoing(id).some((c) => c.type === 'data' && services.get(c.to)?.id === 'oci.vault');
    // The cluster's type in every environment: workload identity needs an enhanced one in all.
    const enhanced = (id: string) =>
      isEnhancedEverywhere([
        design.components.find((x) => x.id === id)?.properties['type'],
        ...(design.environments ?? []).map((e) => e.overrides?.[id]?.['type']),
      ]);
    design.connections.forEach((c, i) => {
      if (c.type !== 'data') return;
      const members = OCI_MEMBERS_OF[services.get(c.from)?.id ?? ''];
      const target = services.get(c.to);
      if (!members || !target) return;
      const isOke = services.get(c.from)?.id === 'oci.oke';
      const isWorkloads = isOke && isWorkloadKind(target.kind);
      if (isWorkloads && enhanced(c.from)) return;
      const to = names.get(c.to) ?? c.to;
      const from = names.get(c.from) ?? c.from;
      if (isWorkloads && (OCI_GRANTS[target.kind] || vaultPassword(c.to))) {
        issues.push({
          path: `connections[${i}]`,
          message: `“${from}” is a basic OKE cluster (in at least one environment), which has no workload identity: its pods use ${target.name} “${to}” through the nodes' dynamic group, so every pod on its nodes can; set its type to ENHANCED_CLUSTER to grant “${to}” to one service account only`,
          severity: 'warning',
        });
      }
      if (granted(members, c.to)) return;
      // A container instance is let pull from a registry it connects to by its own builder.
      if (members === 'container-instances' && target.kind === 'container-registry') return;
      const needs = OCI_GRANTS[target.kind]
        ? 'no dynamic group grants it'
        : vaultPassword(c.to)
          ? 'no dynamic group grants reading its admin password from Vault'
          : undefined;
      if (!needs) return;
      issues.push({
        path: `connections[${i}]`,
        message: `“${from}” uses ${target.name} “${to}”, but ${needs}: add a dynamic group (members: ${members}) with a data connection to “${to}”, or connect an existing one`,
        severity: 'warning',
      });
    });
    return issues;
  },
};
