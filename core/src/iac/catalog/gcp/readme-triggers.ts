import type { TResolvedDesign } from '../../design/resolve';
import type { TNode } from '../service';
import { valuesAcrossEnvironments } from '../environment-values';

/** The services whose messages start the workflows they send to (workflow-triggers.ts). */
const SOURCES = new Set(['gcp.pubsub-topic', 'gcp.pubsub-queue']);

/** Each topic or queue with the workflows it starts, each pair once. */
function triggers(resolved: TResolvedDesign): { source: TNode; workflow: TNode }[] {
  const seen = new Set<string>();
  return resolved.design.connections.flatMap((c) => {
    const source = resolved.byId.get(c.from);
    const workflow = resolved.byId.get(c.to);
    if (c.type !== 'traffic' && c.type !== 'data') return [];
    if (!source || !SOURCES.has(source.service.id) || workflow?.service.kind !== 'workflow')
      return [];
    if (seen.has(`${c.from} ${c.to}`)) return [];
    seen.add(`${c.from} ${c.to}`);
    return [{ source, workflow }];
  });
}

/**
 * README section for the Eventarc triggers that start workflows from Pub/Sub messages: Eventarc
 * delivers through a subscription it makes itself, which Terraform cannot give a dead-letter
 * topic, so the reader sets it with gcloud once per environment (and again after a trigger is
 * replaced, which makes a new subscription). The Pub/Sub service agent must publish to the
 * dead-letter topic and consume the subscription, or nothing moves.
 * https://cloud.google.com/eventarc/docs/retry-events
 * https://cloud.google.com/pubsub/docs/handling-failures#grant_forwarding_permissions
 */
export function workflowTriggersReadme(resolved: TResolvedDesign): string[] {
  const all = triggers(resolved);
  if (all.length === 0) return [];
  const environments = resolved.design.environments.map((e) => e.name);
  const withDlq = all.filter(({ source }) => source.properties['deadLetter'] === true);
  const without = all.filter(({ source }) => source.properties['deadLetter'] !== true);
  const output = ({ source, workflow }: { source: TNode; workflow: TNode }) =>
    `${source.local}_${workflow.local}_trigger`;
  const attemptsOf = (source: TNode) =>
    valuesAcrossEnvironments(
      source,
      source.service.kind === 'queue' ? 'maxReceiveCount' : 'maxDeliveryAttempts',
      environments,
    ).join(' or ');
  return [
    '## Eventarc triggers',
    '',
    "A topic or queue starts each workflow it sends to through an Eventarc trigger, which delivers through a Pub/Sub subscription Eventarc makes on the topic itself (`eventarc-<region>-…`). A message whose execution cannot start (the workflow refuses it, or it was deleted) is retried with backoff, 10 s to 10 minutes apart, until the subscription's retention of 24 hours ends, then dropped; Workflows acknowledges a message once its execution starts, so a failed execution is not retried. Terraform cannot give that subscription a dead-letter topic, since Eventarc owns it:",
    '',
    ...all.map(
      (t) =>
        `- \`${t.source.name}\` to \`${t.workflow.name}\`: output \`${output(t)}\`${t.source.properties['deadLetter'] === true ? `, to the dead-letter topic after ${attemptsOf(t.source)} deliveries` : ', no dead-letter topic (`deadLetter` is off)'}.`,
    ),
    '',
    ...(withDlq.length > 0
      ? [
          "Give it the dead-letter topic once in each environment, after `terraform apply` and again whenever the trigger is replaced (a new trigger has a new subscription). Pub/Sub's service agent moves the messages, so it must publish to the dead-letter topic and consume the subscription:",
          '',
          '```sh',
          `AGENT="serviceAccount:service-$(gcloud projects describe "$TF_VAR_project_id" --format='value(projectNumber)')@gcp-sa-pubsub.iam.gserviceaccount.com"`,
          `for trigger in ${withDlq.map(output).join(' ')}; do`,
          '  sub="$(terraform output -json "$trigger" | jq -r .subscription)"',
          '  dlq="$(terraform output -json "$trigger" | jq -r .dead_letter_topic)"',
          '  attempts="$(terraform output -json "$trigger" | jq -r .max_delivery_attempts)"',
          '  gcloud pubsub topics add-iam-policy-binding "$dlq" --member="$AGENT" --role=roles/pubsub.publisher',
          '  gcloud pubsub subscriptions add-iam-policy-binding "$sub" --member="$AGENT" --role=roles/pubsub.subscriber',
          '  gcloud pubsub subscriptions update "$sub" --dead-letter-topic="$dlq" --max-delivery-attempts="$attempts"',
          'done',
          '```',
          '',
          "A message that failed every delivery then waits 7 days in the dead-letter topic's own subscription (`…-dlq-sub`), whose alert policy fires while it holds one, as for the topic's other subscriptions.",
          '',
        ]
      : []),
    ...(without.length > 0
      ? [
          `${[...new Set(without.map((t) => `\`${t.source.name}\``))].join(', ')}: turn \`deadLetter\` on to keep a message whose execution never starts, instead of dropping it after 24 hours.`,
          '',
        ]
      : []),
  ];
}
