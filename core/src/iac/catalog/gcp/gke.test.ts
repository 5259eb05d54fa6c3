import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/** A GKE cluster whose pods read a secret through Workload Identity. */
const design = smallDesign({
  cloud: 'gcp',
  components: [
    { id: 'gke', service: 'gcp.gke', name: 'apps', group: 'sn-0' },
    { id: 'api-key', service: 'gcp.secret-manager', name: 'api-key' },
  ],
  connections: [{ from: 'gke', to: 'api-key', type: 'data' }],
});

describe('gcp: GKE on a new project', () => {
  const hcl = mainTf(design);

  it('binds the workload identity pool only once the cluster that creates the pool exists', () => {
    const binding = resourceBlock(
      hcl,
      'google_service_account_iam_member',
      'gke_workload_identity',
    );
    expect(binding).toContain(
      'member             = "serviceAccount:${var.project_id}.svc.id.goog[default/apps]"',
    );
    expect(binding).toContain('depends_on         = [google_container_cluster.gke]');
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
