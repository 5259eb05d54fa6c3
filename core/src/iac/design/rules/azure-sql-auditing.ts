import type { TDesignIssue } from '../parse';
import { networkView } from './reachability-graph';
import type { TDesignRule } from './rule';

/**
 * An Azure SQL Database audits to the Log Analytics workspace it has a data connection to
 * (catalog/azure/sql-audit.ts): sign-ins, failed ones, permission and schema changes and the
 * statements run. Without one the server keeps no audit, so nobody could tell who read or changed
 * the data (Microsoft cloud security benchmark LT-3, Checkov CKV_AZURE_23).
 */
export const azureSqlAuditing: TDesignRule = {
  id: 'azure-sql-auditing',
  source:
    'Microsoft Learn, "Set up auditing for Azure SQL Database" (Log Analytics destination); Microsoft cloud security benchmark LT-3',
  check: (context) => {
    const { design, services } = context;
    const view = networkView(context);
    const issues: TDesignIssue[] = [];
    for (const component of design.components) {
      if (services.get(component.id)?.id !== 'azure.sql-database') continue;
      const audited = view
        .outgoing(component.id)
        .some((c) => c.type === 'data' && services.get(c.to)?.id === 'azure.log-analytics');
      if (audited) continue;
      issues.push({
        path: view.pathOf(component),
        message: `${view.label(component)} keeps no audit of who signed in, what they ran and which permissions changed: connect it to a Log Analytics workspace (a data connection) to turn auditing on there`,
        severity: 'warning',
      });
    }
    return issues;
  },
};
