import type { TResolvedDesign } from '../../design/resolve';

/**
 * README section for stream pools that Kafka clients use (kafka.ts, the Kafka endpoint of
 * analytics.ts): how a client signs in, and what its user may need. Streaming authenticates Kafka
 * clients as an IAM user (SASL PLAIN with an auth token), which no stack here creates, so the
 * user's group policy is the reader's to write; a pool whose clients create topics needs
 * `manage streams` (CreateStream is STREAM_CREATE: "Details for the Streaming Service", OCI IAM
 * policy reference; "Using Streaming with Apache Kafka").
 */
export function kafkaClientsReadme(resolved: TResolvedDesign): string[] {
  const pools = resolved.nodes.filter(
    (n) => n.service.id === 'oci.streaming-kafka' || n.service.id === 'oci.streaming',
  );
  if (pools.length === 0) return [];
  const creatingTopics = pools.filter((n) => n.service.id === 'oci.streaming-kafka');
  return [
    '## Kafka clients',
    '',
    'Kafka clients connect to the bootstrap servers of a stream pool with `security.protocol=SASL_SSL` and `sasl.mechanism=PLAIN`. The user name is `<tenancy name>/<user name>/<stream pool OCID>` and the password an auth token of that user (Identity, "Managing User Credentials"):',
    '',
    ...pools.map(
      (n) =>
        `- \`${n.name}\`: \`terraform output -raw ${n.local}_bootstrap_servers\`, pool \`terraform output -raw ${n.local}_stream_pool_id\``,
    ),
    '',
    "Streaming authorises the user, which this code does not create. Give the user's group a policy in the tenancy:",
    '',
    '```',
    'Allow group <kafka-clients> to use stream-family in compartment id <compartment OCID>',
    ...(creatingTopics.length > 0
      ? ['Allow group <kafka-clients> to manage streams in compartment id <compartment OCID>']
      : []),
    '```',
    '',
    ...(creatingTopics.length > 0
      ? [
          `Clients of ${creatingTopics.map((n) => `\`${n.name}\``).join(', ')} create their topics (a topic is a stream of the pool), which takes \`manage streams\`; without it, producing to a new topic fails with an authorisation error. Drop that line where topics are created beforehand.`,
          '',
        ]
      : []),
  ];
}
