import type { TDesignIssue } from '../parse';
import { networkView } from './reachability-graph';
import type { TDesignRule } from './rule';

/**
 * A BigQuery dataset encrypted with a Cloud KMS key must be in the key's location, and the
 * catalog's keys live in key rings of the design's region: a multi-region dataset (EU, US)
 * cannot use them, and BigQuery refuses the dataset.
 */
export const bigQueryKeyLocation: TDesignRule = {
  id: 'bigquery-key-location',
  source:
    'BigQuery documentation, "Customer-managed Cloud KMS keys" (the key must be in a location that matches the dataset\'s location)',
  check: (context) => {
    const { design, services } = context;
    const view = networkView(context);
    const issues: TDesignIssue[] = [];
    design.components.forEach((c, i) => {
      if (services.get(c.id)?.id !== 'gcp.bigquery') return;
      const location = String(c.properties['location'] ?? 'region');
      if (location === 'region') return;
      const encrypted = view
        .outgoing(c.id)
        .some((e) => e.type === 'data' && services.get(e.to)?.kind === 'kms');
      if (!encrypted) return;
      issues.push({
        path: `components[${i}].properties.location`,
        message: `location ${location}: a dataset encrypted with a Cloud KMS key must be in the key's location, and the key ring is in the region ${design.region}: set location to region, or remove the key connection`,
        severity: 'error',
      });
    });
    return issues;
  },
};
