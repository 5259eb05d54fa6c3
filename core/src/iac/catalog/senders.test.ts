import { describe, expect, it } from 'vitest';
import { generate } from '../generate';
import { resourceBlock, smallDesign } from '../testing/small-design';
import type { TCloud } from '../types';

/**
 * A queue with a producer and a consumer, both with a data connection to it (a connection
 * carries no direction): the API enqueues jobs, the worker runs them. Listed in the queue's
 * `senders`, the API is no longer fed the queue's messages, and may only send; without the
 * property it took the worker's jobs (a Lambda event source mapping, a Pub/Sub push
 * subscription of its own) and was granted to receive them.
 */
function queueDesign(cloud: TCloud, queue: string, fn: string, senders: string[]) {
  return smallDesign({
    cloud,
    components: [
      { id: 'api', service: fn, name: 'api' },
      { id: 'worker', service: fn, name: 'worker' },
      { id: 'jobs', service: queue, name: 'jobs', properties: { senders } },
    ],
    connections: [
      { from: 'api', to: 'jobs', type: 'data' },
      { from: 'worker', to: 'jobs', type: 'data' },
    ],
  });
}

function main(d: Record<string, unknown>, format: 'terraform' | 'bicep' = 'terraform'): string {
  const r = generate(d, { format, layout: 'single', readme: true });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r.files
    .filter((f) => f.path.endsWith('.tf') || f.path.endsWith('.bicep') || f.path === 'README.md')
    .map((f) => f.content)
    .join('\n');
}

describe('aws: an SQS queue’s senders', () => {
  const hcl = main(queueDesign('aws', 'aws.sqs', 'aws.lambda', ['api']));

  it('invokes its readers only', () => {
    expect(hcl).toContain('resource "aws_lambda_event_source_mapping" "worker_jobs"');
    expect(hcl).not.toContain('resource "aws_lambda_event_source_mapping" "api_jobs"');
  });

  it('lets a sender send and read the queue’s attributes, and its readers receive', () => {
    const api = resourceBlock(hcl, 'aws_iam_role_policy', 'api_data');
    expect(api).toMatch(/"sqs:SendMessage",\s*"sqs:GetQueueAttributes",?\s*\]/);
    expect(api).not.toContain('sqs:ReceiveMessage');
    const worker = resourceBlock(hcl, 'aws_iam_role_policy', 'worker_data');
    expect(worker).toContain('sqs:ReceiveMessage');
    expect(worker).toContain('sqs:DeleteMessage');
  });

  it('without the property, both functions consume', () => {
    const both = main(queueDesign('aws', 'aws.sqs', 'aws.lambda', []));
    expect(both).toContain('resource "aws_lambda_event_source_mapping" "api_jobs"');
    expect(both).toContain('resource "aws_lambda_event_source_mapping" "worker_jobs"');
  });
});

describe('gcp: a Pub/Sub queue’s senders', () => {
  const hcl = main(queueDesign('gcp', 'gcp.pubsub-queue', 'gcp.cloud-function', ['api']));

  it('pushes to its readers only', () => {
    expect(hcl).toContain('resource "google_pubsub_subscription" "jobs_worker"');
    expect(hcl).not.toContain('resource "google_pubsub_subscription" "jobs_api"');
  });

  it('lets a sender publish, not consume, and does not name the subscription to it', () => {
    expect(hcl).toContain('resource "google_pubsub_topic_iam_member" "api_to_jobs"');
    expect(hcl).not.toContain('resource "google_pubsub_subscription_iam_member" "api_to_jobs"');
    expect(hcl).toContain('resource "google_pubsub_subscription_iam_member" "worker_to_jobs"');
    const api = resourceBlock(hcl, 'google_cloudfunctions2_function', 'api');
    expect(api).toContain('JOBS_TOPIC');
    expect(api).not.toContain('JOBS_SUBSCRIPTION');
  });
});

describe('azure: a Service Bus queue’s senders', () => {
  const design = smallDesign({
    cloud: 'azure',
    components: [
      { id: 'api', service: 'azure.function-app', name: 'api' },
      { id: 'worker', service: 'azure.function-app', name: 'worker' },
      {
        id: 'jobs',
        service: 'azure.service-bus-queue',
        name: 'jobs',
        properties: { senders: ['api'] },
      },
    ],
    connections: [
      { from: 'api', to: 'jobs', type: 'data' },
      { from: 'worker', to: 'jobs', type: 'data' },
    ],
  });
  const hcl = main(design);

  it('gives a sender the Data Sender role only, its readers both', () => {
    const roles = (who: string) =>
      [
        ...hcl.matchAll(
          /resource "azurerm_role_assignment" "(\w+)" \{[^}]*?role_definition_name = "([^"]+)"/g,
        ),
      ]
        .filter(([, name, role]) => name!.startsWith(`${who}_`) && role!.includes('Service Bus'))
        .map(([, , role]) => role);
    expect(roles('api')).toEqual(['Azure Service Bus Data Sender']);
    expect(roles('worker')).toEqual([
      'Azure Service Bus Data Sender',
      'Azure Service Bus Data Receiver',
    ]);
  });

  it('tells the README that a sender binds an output, not a trigger', () => {
    expect(hcl).toMatch(/`api` sends to the .*`jobs` \(an output binding\).*queue's `senders`/);
    expect(hcl).toMatch(/`worker` on the .*`jobs`/);
  });

  it('lets a message wait 14 days, then dead-letters it', () => {
    const queue = resourceBlock(hcl, 'azurerm_servicebus_queue', 'jobs');
    expect(queue).toContain('default_message_ttl                  = "P14D"');
    expect(main(design, 'bicep')).toContain("defaultMessageTimeToLive: 'P14D'");
  });
});
