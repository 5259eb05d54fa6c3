import { describe, expect, it } from 'vitest';
import { resourceBlock, mainTf, smallDesign } from '../../testing/small-design';
import { parseDesign } from '../parse';
import { validateDesign } from '../validate';

const design = (watched: string, aligner: string, prodAligner?: string) => ({
  v: 2,
  name: 'ops',
  provider: 'gcp',
  region: 'europe-west1',
  environments: [
    { name: 'dev' },
    { name: 'prod', overrides: prodAligner ? { alert: { aligner: prodAligner } } : {} },
  ],
  components: [
    { id: 'api', service: 'gcp.cloud-run', name: 'api' },
    { id: 'q', service: 'gcp.pubsub-queue', name: 'jobs' },
    { id: 'alert', service: 'gcp.alert-policy', name: 'watch', properties: { aligner } },
  ],
  connections: [{ from: 'alert', to: watched, type: 'data' }],
});

function errors(d: unknown): string[] {
  const parsed = parseDesign(d);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return validateDesign(parsed.design)
    .filter((i) => i.severity === 'error')
    .map((i) => `${i.path}: ${i.message}`);
}

describe('gcp-alert-aligner', () => {
  it('refuses a percentile on a numeric gauge (a subscription backlog age)', () => {
    expect(errors(design('q', 'ALIGN_PERCENTILE_99'))).toEqual([
      'components[2].properties.aligner: aligner ALIGN_PERCENTILE_99 needs a distribution, and the metric of jobs is a number: use ALIGN_MEAN, ALIGN_MAX, ALIGN_MIN or ALIGN_SUM',
    ]);
  });

  it("refuses a maximum on a latency distribution, in an environment's override too", () => {
    expect(errors(design('api', 'ALIGN_MEAN', 'ALIGN_MAX'))).toEqual([
      'environments[1].overrides.alert.aligner: aligner ALIGN_MAX needs a gauge, and the metric of api is a latency distribution: use ALIGN_PERCENTILE_99, ALIGN_MEAN or ALIGN_SUM',
    ]);
  });

  it('accepts aligners that fit their metric', () => {
    expect(errors(design('api', 'ALIGN_PERCENTILE_99'))).toEqual([]);
    expect(errors(design('q', 'ALIGN_MAX'))).toEqual([]);
  });

  it("aligns GKE's cumulative restart count by its change in each period", () => {
    const hcl = mainTf(
      smallDesign({
        cloud: 'gcp',
        components: [
          { id: 'gke', service: 'gcp.gke', name: 'apps', group: 'sn-0' },
          { id: 'alert', service: 'gcp.alert-policy', name: 'restarts' },
        ],
        connections: [{ from: 'alert', to: 'gke', type: 'data' }],
      }),
    );
    expect(resourceBlock(hcl, 'google_monitoring_alert_policy', 'alert')).toMatch(
      /per_series_aligner = "ALIGN_DELTA"/,
    );
  });
});
