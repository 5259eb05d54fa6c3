import type { TResolvedDesign } from '../../design/resolve';
import type { TNode } from '../service';
import { settingNamer } from '../setting-names';
import { valuesAcrossEnvironments } from '../environment-values';
import { isPullConsumer } from './topic-pull';
import { isExportTarget } from './topic-exports';

/** A topic's delivery to a consumer or store of the design, each once. */
interface TDelivery {
  readonly topic: TNode;
  readonly target: TNode;
}

function deliveries(resolved: TResolvedDesign): TDelivery[] {
  const seen = new Set<string>();
  return resolved.design.connections.flatMap((c) => {
    const topic = resolved.byId.get(c.from);
    const target = resolved.byId.get(c.to);
    if (c.type !== 'traffic' && c.type !== 'data') return [];
    if (topic?.service.id !== 'gcp.pubsub-topic' || !target) return [];
    if (seen.has(`${c.from} ${c.to}`)) return [];
    seen.add(`${c.from} ${c.to}`);
    return [{ topic, target }];
  });
}

/**
 * A workload's setting names as connection-env.ts makes them, among the stores it has data
 * connections to and the topics it pulls from.
 */
export function consumerSettingNamer(
  resolved: TResolvedDesign,
  target: TNode,
  all: readonly TDelivery[] = deliveries(resolved),
): (store: { readonly id: string }, setting: string) => string {
  const stores = resolved.design.connections
    .filter((c) => c.type === 'data' && c.from === target.id)
    .flatMap((c) => resolved.byId.get(c.to) ?? []);
  const topics = isPullConsumer(target)
    ? all.filter((d) => d.target === target).map((d) => d.topic)
    : [];
  return settingNamer([...stores, ...topics]);
}

/** What a consumer's code does with a message, by the topic's settings (messaging.ts). */
function pullItem(
  resolved: TResolvedDesign,
  all: readonly TDelivery[],
  { topic, target }: TDelivery,
): string {
  const environments = resolved.design.environments.map((e) => e.name);
  const setting = consumerSettingNamer(resolved, target, all)(topic, 'SUBSCRIPTION');
  const deadline = valuesAcrossEnvironments(topic, 'ackDeadline', environments).join(' or ');
  const attempts = valuesAcrossEnvironments(topic, 'maxDeliveryAttempts', environments).join(
    ' or ',
  );
  const deadLetter =
    topic.properties['deadLetter'] === true
      ? `, to the topic's dead-letter topic after ${attempts} deliveries`
      : '';
  const who =
    target.service.id === 'gcp.gke'
      ? ` (as the Kubernetes service account \`${target.name}\` of namespace \`${String(target.properties['namespace'])}\`)`
      : '';
  return `- \`${target.name}\`${who} from \`${topic.name}\`: \`${setting}\`, ack deadline ${deadline} s${deadLetter}.`;
}

function exportItem({ topic, target }: TDelivery): string {
  if (target.service.id === 'gcp.bigquery')
    return `- \`${topic.name}\` to the BigQuery dataset \`${target.name}\`: table \`${topic.local}\`, a row per message (\`data\` as text, \`attributes\` as JSON, \`message_id\`, \`publish_time\`, \`subscription_name\`), partitioned by day of \`publish_time\`; a message whose data is not UTF-8 is not written.`;
  return `- \`${topic.name}\` to the bucket \`${target.name}\`: an object every 5 minutes at most under \`${topic.name}/<YYYY-MM-DD>/\`, the messages' data one per line.`;
}

/**
 * README section for what Pub/Sub topics deliver by pull subscription (topic-pull.ts) and
 * export subscription (topic-exports.ts): the code of a VM, instance group or GKE cluster pulls
 * and acknowledges, which nothing generated can do for it.
 */
export function pubsubSubscriptionsReadme(resolved: TResolvedDesign): string[] {
  const all = deliveries(resolved);
  const pulls = all.filter((d) => isPullConsumer(d.target));
  const exports = all.filter((d) => isExportTarget(d.target));
  if (pulls.length + exports.length === 0) return [];
  return [
    '## Pub/Sub subscriptions',
    '',
    ...(pulls.length === 0
      ? []
      : [
          "Each VM, instance group and GKE cluster a topic sends to pulls from a subscription of its own, which only its service account may consume; the connection setting named here holds the subscription's full name (see Connection settings). Pull with a Pub/Sub client library (streaming pull), which extends the ack deadline while a message is handled, and acknowledge each message once it is handled: one not acknowledged is delivered again, 10 s to 10 minutes later, and kept at most 7 days.",
          '',
          ...pulls.map((d) => pullItem(resolved, all, d)),
          '',
        ]),
    ...(exports.length === 0
      ? []
      : [
          "These topics write their messages to BigQuery or Cloud Storage themselves, as Pub/Sub's service agent, with no code to run; a message that cannot be written is retried, then goes to the topic's dead-letter topic when it has one:",
          '',
          ...exports.map(exportItem),
          '',
        ]),
  ];
}
