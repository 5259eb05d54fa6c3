import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * An Eventarc bus or a Pub/Sub topic connected to a workflow starts it with each event or
 * message. Before, both connections were dropped without a word: no pipeline, no trigger, no role.
 */
const design = smallDesign({
  cloud: 'gcp',
  components: [
    { id: 'bus', service: 'gcp.eventarc-bus', name: 'orders' },
    { id: 'events', service: 'gcp.pubsub-topic', name: 'events' },
    { id: 'fulfil', service: 'gcp.workflows', name: 'fulfil' },
    { id: 'audit', service: 'gcp.workflows', name: 'audit' },
  ],
  connections: [
    { from: 'bus', to: 'fulfil', type: 'traffic' },
    { from: 'bus', to: 'audit', type: 'data' },
    { from: 'events', to: 'fulfil', type: 'traffic' },
    { from: 'events', to: 'fulfil', type: 'data' },
  ],
});
const hcl = mainTf(design);

describe('gcp: a bus runs the workflows it delivers to', () => {
  it.each(['fulfil', 'audit'])('has a pipeline to %s and an enrollment on the bus', (wf) => {
    const pipeline = resourceBlock(hcl, 'google_eventarc_pipeline', `bus_${wf}`);
    expect(pipeline).toContain(`workflow = google_workflows_workflow.${wf}.id`);
    expect(pipeline).toMatch(
      /oauth_token \{\s+service_account = google_service_account\.bus_pipeline\.email/,
    );
    expect(resourceBlock(hcl, 'google_eventarc_enrollment', `bus_${wf}`)).toContain(
      `destination   = google_eventarc_pipeline.bus_${wf}.id`,
    );
  });

  it('lets the pipeline account start executions, and Eventarc sign its tokens', () => {
    const grant = resourceBlock(hcl, 'google_project_iam_member', 'bus_workflows_invoker');
    expect(grant).toMatch(/role\s+= "roles\/workflows\.invoker"/);
    expect(grant).toContain('google_service_account.bus_pipeline.email');
    expect(hcl.match(/"bus_workflows_invoker"/g)).toHaveLength(1);
    const tokens = resourceBlock(
      hcl,
      'google_service_account_iam_member',
      'bus_pipeline_eventarc_tokens',
    );
    expect(tokens).toContain('@gcp-sa-eventarc.iam.gserviceaccount.com');
  });
});

describe('gcp: a topic runs the workflows it sends to through an Eventarc trigger', () => {
  const trigger = resourceBlock(hcl, 'google_eventarc_trigger', 'events_fulfil');

  it('matches the messages published to the topic and starts the workflow, once', () => {
    expect(trigger).toMatch(/attribute = "type"/);
    expect(trigger).toMatch(/value\s+= "google\.cloud\.pubsub\.topic\.v1\.messagePublished"/);
    expect(trigger).toContain('workflow = google_workflows_workflow.fulfil.id');
    expect(trigger).toMatch(/pubsub \{\s+topic = google_pubsub_topic\.events\.id/);
    expect(hcl.match(/resource "google_eventarc_trigger"/g)).toHaveLength(1);
  });

  it('runs as an account that may start executions and whose tokens Pub/Sub may sign', () => {
    expect(trigger).toMatch(/service_account\s+= google_service_account\.events_push\.email/);
    const grant = resourceBlock(hcl, 'google_project_iam_member', 'events_workflows_invoker');
    expect(grant).toMatch(/role\s+= "roles\/workflows\.invoker"/);
    expect(grant).toContain('google_service_account.events_push.email');
    expect(trigger).toContain('google_project_iam_member.events_workflows_invoker');
    expect(
      resourceBlock(hcl, 'google_service_account_iam_member', 'events_push_pubsub_tokens'),
    ).toContain('@gcp-sa-pubsub.iam.gserviceaccount.com');
  });

  it('makes no pull subscription nobody reads', () => {
    expect(hcl).not.toContain('resource "google_pubsub_subscription" "events"');
  });
});

describe('gcp: a queue runs the workflows it sends to through a trigger on its topic', () => {
  const queued = mainTf(
    smallDesign({
      cloud: 'gcp',
      components: [
        { id: 'jobs', service: 'gcp.pubsub-queue', name: 'jobs' },
        { id: 'fulfil', service: 'gcp.workflows', name: 'fulfil' },
      ],
      connections: [{ from: 'jobs', to: 'fulfil', type: 'traffic' }],
    }),
  );

  it('starts the workflow with each message, as a push account that may run it', () => {
    const trigger = resourceBlock(queued, 'google_eventarc_trigger', 'jobs_fulfil');
    expect(trigger).toContain('workflow = google_workflows_workflow.fulfil.id');
    expect(trigger).toMatch(/pubsub \{\s+topic = google_pubsub_topic\.jobs\.id/);
    expect(trigger).toMatch(/service_account\s+= google_service_account\.jobs_push\.email/);
    expect(resourceBlock(queued, 'google_project_iam_member', 'jobs_workflows_invoker')).toContain(
      'google_service_account.jobs_push.email',
    );
    expect(
      resourceBlock(queued, 'google_service_account_iam_member', 'jobs_push_pubsub_tokens'),
    ).toContain('@gcp-sa-pubsub.iam.gserviceaccount.com');
  });
});

describe('gcp: README and schema of workflow deliveries', () => {
  it('has the README enable Eventarc, Workflows and Workflow Executions', () => {
    const readme = terraformFiles(design).find((f) => f.path === 'README.md')?.content ?? '';
    for (const api of ['eventarc', 'workflows', 'workflowexecutions'])
      expect(readme).toMatch(new RegExp(`^ {2}${api}\\.googleapis\\.com`, 'm'));
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});

/**
 * The subscription an Eventarc trigger delivers through is Eventarc's own, and had no dead-letter
 * topic: a message whose execution could not start was retried for 24 hours and dropped, and
 * nothing said so. Terraform cannot set its policy; the code names it and the README sets it.
 */
describe('gcp: the dead-letter topic of an Eventarc trigger', () => {
  const withQueue = smallDesign({
    cloud: 'gcp',
    components: [
      { id: 'jobs', service: 'gcp.pubsub-queue', name: 'jobs', properties: { maxReceiveCount: 7 } },
      {
        id: 'events',
        service: 'gcp.pubsub-topic',
        name: 'events',
        properties: { deadLetter: false },
      },
      { id: 'fulfil', service: 'gcp.workflows', name: 'fulfil' },
    ],
    connections: [
      { from: 'jobs', to: 'fulfil', type: 'traffic' },
      { from: 'events', to: 'fulfil', type: 'traffic' },
    ],
  });
  const files = terraformFiles(withQueue);
  const main = files.find((f) => f.path === 'main.tf')!.content;
  const readme = files.find((f) => f.path === 'README.md')!.content;

  it("outputs the trigger's subscription with the queue's dead-letter topic and attempts", () => {
    expect(main).toContain(
      [
        'output "jobs_fulfil_trigger" {',
        '  description = "Subscription Eventarc made for the trigger of fulfil on jobs, and the dead-letter topic the README sets on it"',
        '  value = {',
        '    subscription          = google_eventarc_trigger.jobs_fulfil.transport[0].pubsub[0].subscription',
        '    dead_letter_topic     = google_pubsub_topic.jobs_dlq.id',
        '    max_delivery_attempts = 7',
        '  }',
        '}',
      ].join('\n'),
    );
    // A topic without a dead-letter topic: the subscription only.
    expect(main).toMatch(
      /output "events_fulfil_trigger" \{[^}]*value = \{\n\s+subscription = google_eventarc_trigger\.events_fulfil\.transport\[0\]\.pubsub\[0\]\.subscription\n\s+\}/,
    );
  });

  it('gives the README the gcloud commands that set the dead-letter policy, with its grants', () => {
    const section = readme.slice(readme.indexOf('## Eventarc triggers'));
    expect(section).toContain(
      '- `jobs` to `fulfil`: output `jobs_fulfil_trigger`, to the dead-letter topic after 7 deliveries.',
    );
    expect(section).toContain(
      '- `events` to `fulfil`: output `events_fulfil_trigger`, no dead-letter topic (`deadLetter` is off).',
    );
    expect(section).toContain('for trigger in jobs_fulfil_trigger; do');
    expect(section).toContain(
      '  gcloud pubsub topics add-iam-policy-binding "$dlq" --member="$AGENT" --role=roles/pubsub.publisher',
    );
    expect(section).toContain(
      '  gcloud pubsub subscriptions add-iam-policy-binding "$sub" --member="$AGENT" --role=roles/pubsub.subscriber',
    );
    expect(section).toContain(
      '  gcloud pubsub subscriptions update "$sub" --dead-letter-topic="$dlq" --max-delivery-attempts="$attempts"',
    );
    expect(section).toContain(
      '  attempts="$(terraform output -json "$trigger" | jq -r .max_delivery_attempts)"',
    );
    expect(section).toContain('`events`: turn `deadLetter` on');
  });

  it('writes no such section without a trigger', () => {
    const plain = smallDesign({
      cloud: 'gcp',
      components: [{ id: 'jobs', service: 'gcp.pubsub-queue', name: 'jobs' }],
      connections: [],
    });
    const r = terraformFiles(plain).find((f) => f.path === 'README.md')!.content;
    expect(r).not.toContain('Eventarc triggers');
  });

  it('passes the schema check, in both layouts', async () => {
    expect(await checkOutput(files, sharedOrBundledSchemas())).toEqual([]);
    expect(
      await checkOutput(terraformFiles(withQueue, 'modules'), sharedOrBundledSchemas()),
    ).toEqual([]);
  });
});
