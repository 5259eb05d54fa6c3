import { OCI_MEMBERS_OF } from '../../catalog/oci/grants';
import { VAULT_PASSWORD_DATABASES } from '../../catalog/oci/shared';
import type { TDesignIssue } from '../parse';
import { networkView } from './reachability-graph';
import type { TDesignRule } from './rule';

/**
 * An OCI PostgreSQL or HeatWave MySQL DB system or an Autonomous Database keeps its admin password
 * in a vault only when it has a data connection to one; then the workloads using it are told the
 * secret's OCID (`<DB>_SECRET_ID`, oci/shared.ts). Without one the password is only a Terraform
 * variable, and they are told where to connect and as whom but have nothing to sign in with.
 */
export const ociDatabasePassword: TDesignRule = {
  id: 'oci-database-password',
  source:
    'OCI Vault, "Managing Secrets"; OCI Database with PostgreSQL and HeatWave MySQL, "Creating a DB System" (admin credentials); Autonomous Database, "Manage the Administrator Account"',
  check: (context) => {
    const { design, services } = context;
    const view = networkView(context);
    const names = new Map(design.components.map((c) => [c.id, c.name]));
    const hasVault = (id: string) =>
      view.outgoing(id).some((c) => c.type === 'data' && services.get(c.to)?.id === 'oci.vault');
    const issues: TDesignIssue[] = [];
    design.connections.forEach((c, i) => {
      if (c.type !== 'data' || !OCI_MEMBERS_OF[services.get(c.from)?.id ?? '']) return;
      const db = services.get(c.to);
      if (!db || !VAULT_PASSWORD_DATABASES.has(db.id) || hasVault(c.to)) return;
      const to = names.get(c.to) ?? c.to;
      issues.push({
        path: `connections[${i}]`,
        message: `“${names.get(c.from) ?? c.from}” uses ${db.name} “${to}”, whose admin password is only a Terraform variable: it is told where to connect and as whom but no password. Connect “${to}” to a vault (a data connection) to keep the password there and give it the secret's OCID`,
        severity: 'warning',
      });
    });
    return issues;
  },
};
