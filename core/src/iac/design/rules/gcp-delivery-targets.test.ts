import { describe, expect, it } from 'vitest';
import { completeDesign } from '../complete';
import { parseDesign } from '../parse';
import { validateDesign } from '../validate';

/** The warnings of rule gcp-delivery-targets for a Google Cloud design. */
function deliveryWarnings(components: object[], connections: object[]) {
  const parsed = parseDesign({
    v: 2,
    name: 'deliveries',
    provider: 'gcp',
    region: 'europe-west1',
    components,
    connections,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return validateDesign(completeDesign(parsed.design).design)
    .filter((i) => i.message.includes('does not deliver to'))
    .map((i) => `${i.path}: ${i.message}`);
}

const c = (id: string, service: string) => ({ id, service, name: id });
const to = (from: string, target: string, type = 'traffic') => ({ from, to: target, type });

describe('rule gcp-delivery-targets', () => {
  it('says a topic connected to a Firestore database delivers nothing to it', () => {
    expect(
      deliveryWarnings(
        [c('events', 'gcp.pubsub-topic'), c('profiles', 'gcp.firestore')],
        [to('events', 'profiles', 'data')],
      ),
    ).toEqual([
      'connections[0]: Pub/Sub topic “events” does not deliver to “profiles” (Firestore database): nothing is generated for this connection, so nothing reaches it; it delivers to Cloud Run services, functions (push subscriptions), workflows (Eventarc triggers), VMs, instance groups and GKE clusters (pull subscriptions), BigQuery datasets and Cloud Storage buckets (export subscriptions)',
    ]);
  });

  it('says a task queue dispatches to its first target only', () => {
    const warnings = deliveryWarnings(
      [c('tasks', 'gcp.cloud-tasks'), c('api', 'gcp.cloud-run'), c('worker', 'gcp.cloud-function')],
      [to('tasks', 'api'), to('tasks', 'worker')],
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^connections\[1\]: .* “tasks” does not deliver to “worker”/);
  });

  it('says a queue sends to a function only through the function’s data connection', () => {
    const components = [c('jobs', 'gcp.pubsub-queue'), c('worker', 'gcp.cloud-function')];
    expect(deliveryWarnings(components, [to('jobs', 'worker')])).toHaveLength(1);
    expect(
      deliveryWarnings(components, [to('jobs', 'worker'), to('worker', 'jobs', 'data')]),
    ).toEqual([]);
  });

  it('is satisfied by what each sender delivers to', () => {
    expect(
      deliveryWarnings(
        [
          c('bus', 'gcp.eventarc-bus'),
          c('events', 'gcp.pubsub-topic'),
          c('jobs', 'gcp.pubsub-queue'),
          c('nightly', 'gcp.cloud-scheduler'),
          c('tasks', 'gcp.cloud-tasks'),
          c('api', 'gcp.cloud-run'),
          c('flow', 'gcp.workflows'),
          c('worker', 'gcp.compute-instance'),
          c('fleet', 'gcp.managed-instance-group'),
          c('apps', 'gcp.gke'),
          c('warehouse', 'gcp.bigquery'),
          c('archive', 'gcp.cloud-storage'),
        ],
        [
          to('bus', 'api'),
          to('bus', 'flow', 'data'),
          to('bus', 'jobs'),
          to('events', 'api'),
          to('events', 'flow'),
          to('events', 'worker'),
          to('events', 'fleet', 'data'),
          to('events', 'apps'),
          to('events', 'warehouse', 'data'),
          to('events', 'archive'),
          to('jobs', 'flow'),
          to('nightly', 'flow'),
          to('nightly', 'events'),
          to('tasks', 'api'),
        ],
      ),
    ).toEqual([]);
  });
});
