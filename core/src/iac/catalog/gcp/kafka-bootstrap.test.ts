import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A workload with a data connection to a Managed Kafka cluster is told its bootstrap address,
 * the one Google documents (the provider exposes none). Before, it was told nothing: it had the
 * client role on the project but no address to connect to.
 */
describe('gcp: clients of a Managed Kafka cluster are told its bootstrap address', () => {
  const design = smallDesign({
    cloud: 'gcp',
    components: [
      { id: 'api', service: 'gcp.cloud-run', name: 'api', group: 'sn-0' },
      { id: 'app', service: 'gcp.compute-instance', name: 'app', group: 'sn-0' },
      { id: 'events', service: 'gcp.managed-kafka', name: 'events', group: 'sn-1' },
    ],
    connections: [
      { from: 'api', to: 'events', type: 'data' },
      { from: 'app', to: 'events', type: 'data' },
    ],
  });
  const hcl = mainTf(design);
  const address =
    '"bootstrap.${google_managed_kafka_cluster.events.cluster_id}.${var.region}.managedkafka.${var.project_id}.cloud.goog:9092"';

  it('tells a Cloud Run service <KAFKA>_BOOTSTRAP_SERVERS', () => {
    const run = resourceBlock(hcl, 'google_cloud_run_v2_service', 'api');
    const env = [...run.matchAll(/env \{\s*name\s+= "(\w+)"\s*value = ([^\n]+)/g)].map(
      ([, name, value]) => `${name}=${value}`,
    );
    expect(env).toEqual([`EVENTS_BOOTSTRAP_SERVERS=${address}`]);
  });

  it('tells a VM the same in its metadata', () => {
    const vm = resourceBlock(hcl, 'google_compute_instance', 'app');
    expect(vm).toContain(`EVENTS_BOOTSTRAP_SERVERS = ${address}`);
  });

  it('validates against the provider schema', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
