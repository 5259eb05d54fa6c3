import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * An alert policy or a log sink drawn to one component watches that component, not every
 * resource of its type in the project (a second Cloud Run service, a function, a database).
 */
const design = (watched: string) =>
  smallDesign({
    cloud: 'gcp',
    components: [
      { id: 'api', service: 'gcp.cloud-run', name: 'api' },
      { id: 'worker', service: 'gcp.cloud-function', name: 'worker' },
      { id: 'db', service: 'gcp.cloud-sql-postgres', name: 'orders', group: 'sn-0' },
      { id: 'vm', service: 'gcp.compute-instance', name: 'jobs', group: 'sn-0' },
      { id: 'web', service: 'gcp.managed-instance-group', name: 'web', group: 'sn-1' },
      { id: 'lb', service: 'gcp.http-load-balancer', name: 'front' },
      { id: 'q', service: 'gcp.pubsub-queue', name: 'jobs' },
      { id: 'gke', service: 'gcp.gke', name: 'apps', group: 'sn-1' },
      { id: 'alert', service: 'gcp.alert-policy', name: 'watch' },
      { id: 'logs', service: 'gcp.log-bucket', name: 'logs' },
    ],
    connections: [
      { from: 'lb', to: 'web', type: 'traffic' },
      { from: 'alert', to: watched, type: 'data' },
      { from: 'api', to: 'logs', type: 'data' },
      { from: 'worker', to: 'logs', type: 'data' },
      { from: 'db', to: 'logs', type: 'data' },
    ],
  });

const alertFilter = (watched: string) =>
  /filter\s+= "(.*)"/.exec(
    resourceBlock(mainTf(design(watched)), 'google_monitoring_alert_policy', 'alert'),
  )?.[1] ?? '';

describe('gcp: alert policies and log sinks are scoped to the connected components', () => {
  it.each([
    ['api', 'resource.labels.service_name = \\"${google_cloud_run_v2_service.api.name}\\"'],
    [
      'worker',
      'resource.labels.service_name = \\"${google_cloudfunctions2_function.worker.name}\\"',
    ],
    [
      'db',
      'resource.labels.database_id = \\"${var.project_id}:${google_sql_database_instance.db.name}\\"',
    ],
    ['vm', 'resource.labels.instance_id = \\"${google_compute_instance.vm.instance_id}\\"'],
    [
      'web',
      'metric.labels.instance_name = starts_with(\\"${google_compute_region_instance_group_manager.web.base_instance_name}-\\")',
    ],
    ['lb', 'resource.labels.url_map_name = \\"${google_compute_url_map.lb.name}\\"'],
    ['q', 'resource.labels.subscription_id = \\"${google_pubsub_subscription.q.name}\\"'],
    ['gke', 'resource.labels.cluster_name = \\"${google_container_cluster.gke.name}\\"'],
  ])('an alert on %s filters on that resource', (watched, clause) => {
    expect(alertFilter(watched)).toContain(` AND ${clause}`);
  });

  it('a log sink routes the logs of its sources only', async () => {
    const sink = resourceBlock(mainTf(design('api')), 'google_logging_project_sink', 'logs');
    expect(sink).toContain(
      '(resource.type=\\"cloud_run_revision\\" AND resource.labels.service_name=\\"${google_cloud_run_v2_service.api.name}\\") OR ' +
        '(resource.type=\\"cloud_run_revision\\" AND resource.labels.service_name=\\"${google_cloudfunctions2_function.worker.name}\\") OR ' +
        '(resource.type=\\"cloudsql_database\\" AND resource.labels.database_id=\\"${var.project_id}:${google_sql_database_instance.db.name}\\")',
    );
    expect(await checkOutput(terraformFiles(design('api')))).toEqual([]);
  });
});
