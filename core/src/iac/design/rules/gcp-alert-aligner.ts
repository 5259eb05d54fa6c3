import type { TDesignIssue } from '../parse';
import type { TDesignRule } from './rule';

/** Components whose alert metric is a latency distribution (DELTA, DISTRIBUTION). */
const DISTRIBUTIONS = new Set(['serverless-container', 'function', 'load-balancer']);
/** The other watched kinds' metrics are numeric gauges; GKE's restart count is aligned by the builder. */
const CUMULATIVE = new Set(['kubernetes']);

/**
 * Cloud Monitoring refuses an alert whose per-series aligner does not fit its metric: a
 * percentile needs a distribution (Cloud Run, function and load balancer latencies), and the
 * minimum and maximum need a gauge (CPU, backlog age, memory ratio). The policy would fail at
 * apply, so the combination is refused here, for the design and for each environment.
 */
export const gcpAlertAligner: TDesignRule = {
  id: 'gcp-alert-aligner',
  source:
    'Cloud Monitoring API reference, Aggregation.Aligner (ALIGN_PERCENTILE_99: GAUGE and DELTA metrics with distribution values; ALIGN_MIN, ALIGN_MAX: GAUGE metrics with numeric values)',
  check: ({ design, services }) => {
    if (design.provider !== 'gcp') return [];
    const issues: TDesignIssue[] = [];
    design.components.forEach((alert, i) => {
      if (services.get(alert.id)?.id !== 'gcp.alert-policy') return;
      const watched = design.connections
        .filter((e) => e.from === alert.id)
        .map((e) => design.components.find((c) => c.id === e.to))
        .find((c) => c !== undefined && services.get(c.id)?.kind !== 'topic');
      const kind = watched ? (services.get(watched.id)?.kind ?? '') : '';
      if (CUMULATIVE.has(kind)) return;
      const isDistribution = DISTRIBUTIONS.has(kind);
      const refuse = (aligner: unknown, path: string) => {
        const bad = isDistribution
          ? aligner === 'ALIGN_MIN' || aligner === 'ALIGN_MAX'
          : aligner === 'ALIGN_PERCENTILE_99';
        if (!bad) return;
        const what = watched ? `the metric of ${watched.name}` : 'the default metric (VM CPU)';
        issues.push({
          path,
          message: isDistribution
            ? `aligner ${String(aligner)} needs a gauge, and ${what} is a latency distribution: use ALIGN_PERCENTILE_99, ALIGN_MEAN or ALIGN_SUM`
            : `aligner ALIGN_PERCENTILE_99 needs a distribution, and ${what} is a number: use ALIGN_MEAN, ALIGN_MAX, ALIGN_MIN or ALIGN_SUM`,
          severity: 'error',
        });
      };
      refuse(alert.properties['aligner'], `components[${i}].properties.aligner`);
      design.environments.forEach((env, k) => {
        const own = env.overrides[alert.id]?.['aligner'];
        if (own !== undefined) refuse(own, `environments[${k}].overrides.${alert.id}.aligner`);
      });
    });
    return issues;
  },
};
