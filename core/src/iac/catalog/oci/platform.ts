import { defineService, type TNode, type TTfBuildContext } from '../service';
import { enumProp, listProp, numProp, strProp } from '../properties';
import {
  block,
  call,
  obj,
  ref,
  tfVar,
  tpl,
  type TTfBlock,
  type TTfValue,
} from '../../ir/terraform-ir';
import { OCI_MEMBERS_OF } from './grants';
import { accessOf, compartment, isPooled, MEMBER_TAG, primary } from './shared';

/**
 * OCI platform services: Vault keys and secrets, dynamic groups and policies, Queue, Notifications,
 * Events, Logging, Monitoring alarms (API Gateway: api-gateway.ts).
 */
export const ociVault = defineService({
  id: 'oci.vault',
  cloud: 'oci',
  kind: 'kms',
  name: 'Vault and master key',
  category: 'security',
  description: 'Vault with an AES-256 master encryption key.',
  icon: 'oci-vault',
  properties: [
    enumProp('vaultType', 'Vault type', ['DEFAULT', 'VIRTUAL_PRIVATE'], 'DEFAULT'),
    enumProp('protection', 'Key protection', ['HSM', 'SOFTWARE'], 'HSM'),
  ],
  placement: 'none',
  naming: { rule: 'oci-display', abbreviation: 'kv' },
  emits: { terraform: ['oci_kms_vault', 'oci_kms_key'] },
  terraform: (ctx) => {
    const vault = ctx.resource('oci_kms_vault', ctx.node.local, {
      compartment_id: compartment(),
      display_name: ctx.name(),
      vault_type: ctx.prop('vaultType'),
      freeform_tags: ctx.tags(),
    });
    const key = ctx.resource('oci_kms_key', ctx.node.local, {
      compartment_id: compartment(),
      display_name: ctx.name('key'),
      management_endpoint: ref(vault.address, 'management_endpoint'),
      protection_mode: ctx.prop('protection'),
      freeform_tags: ctx.tags(),
      key_shape: block({ algorithm: 'AES', length: 32 }),
    });
    ctx.output('key_id', `OCID of key ${ctx.node.name}`, ref(key.address, 'id'));
  },
});

export const ociQueue = defineService({
  id: 'oci.queue',
  cloud: 'oci',
  kind: 'queue',
  name: 'Queue',
  category: 'messaging',
  description: 'Queue with retention, visibility timeout and dead-letter delivery count.',
  icon: 'oci-queue',
  properties: [
    numProp('retentionSeconds', 'Retention (s)', 86400, 10, 604800),
    numProp('visibilitySeconds', 'Visibility timeout (s)', 30, 0, 43200),
    numProp('deadLetterCount', 'Deliveries before dead-letter', 5, 0, 20),
  ],
  placement: 'none',
  naming: { rule: 'oci-display', abbreviation: 'q' },
  emits: { terraform: ['oci_queue_queue'] },
  terraform: (ctx) => {
    const q = ctx.resource('oci_queue_queue', ctx.node.local, {
      compartment_id: compartment(),
      display_name: ctx.name(),
      retention_in_seconds: ctx.prop('retentionSeconds'),
      visibility_in_seconds: ctx.prop('visibilitySeconds'),
      dead_letter_queue_delivery_count: ctx.prop('deadLetterCount'),
      freeform_tags: ctx.tags(),
    });
    ctx.output(
      'messages_endpoint',
      `Endpoint of ${ctx.node.name}`,
      ref(q.address, 'messages_endpoint'),
    );
  },
});

export const ociTopic = defineService({
  id: 'oci.notification-topic',
  cloud: 'oci',
  kind: 'topic',
  name: 'Notifications topic',
  category: 'messaging',
  description: 'Notifications service topic.',
  icon: 'oci-notifications',
  properties: [],
  placement: 'none',
  naming: { rule: 'oci-display', abbreviation: 'ons' },
  emits: { terraform: ['oci_ons_notification_topic'] },
  terraform: (ctx) => {
    const topic = ctx.resource('oci_ons_notification_topic', ctx.node.local, {
      compartment_id: compartment(),
      name: ctx.name(undefined, 'oci-topic'),
      description: `Topic ${ctx.node.name}`,
      freeform_tags: ctx.tags(),
    });
    ctx.output('topic_id', `OCID of topic ${ctx.node.name}`, ref(topic.address, 'topic_id'));
  },
});

export const ociLogGroup = defineService({
  id: 'oci.log-group',
  cloud: 'oci',
  kind: 'log-group',
  name: 'Logging log group',
  category: 'monitoring',
  description: 'Log group for service and custom logs.',
  icon: 'oci-logging',
  properties: [],
  placement: 'none',
  naming: { rule: 'oci-display', abbreviation: 'log' },
  emits: { terraform: ['oci_logging_log_group'] },
  terraform: (ctx) => {
    const group = ctx.resource('oci_logging_log_group', ctx.node.local, {
      compartment_id: compartment(),
      display_name: ctx.name(),
      description: `Logs of ${ctx.node.name}`,
      freeform_tags: ctx.tags(),
    });
    ctx.output('log_group_id', `OCID of ${ctx.node.name}`, ref(group.address, 'id'));
  },
});

export const ociSecret = defineService({
  id: 'oci.vault-secret',
  cloud: 'oci',
  kind: 'secret',
  name: 'Vault secret',
  category: 'security',
  description:
    'Secret in the vault it is connected to (else a vault of its own), encrypted with its master key; the value comes from a sensitive variable.',
  icon: 'oci-vault-secret',
  properties: [strProp('description', 'Description', 'Application secret')],
  placement: 'none',
  naming: { rule: 'oci-display', abbreviation: 'sec' },
  emits: { terraform: ['oci_vault_secret', 'oci_kms_vault', 'oci_kms_key'] },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const kms = ctx.outgoing().find((e) => e.node.service.kind === 'kms')?.node;
    let vault: string;
    let key: string;
    if (kms) {
      vault = ctx.address(kms, 'oci_kms_vault');
      key = ctx.address(kms, 'oci_kms_key');
    } else {
      vault = ctx.resource('oci_kms_vault', local, {
        compartment_id: compartment(),
        display_name: ctx.name('kv'),
        vault_type: 'DEFAULT',
        freeform_tags: ctx.tags(),
      }).address;
      key = ctx.resource('oci_kms_key', local, {
        compartment_id: compartment(),
        display_name: ctx.name('key'),
        management_endpoint: ref(vault, 'management_endpoint'),
        protection_mode: 'HSM',
        freeform_tags: ctx.tags(),
        key_shape: block({ algorithm: 'AES', length: 32 }),
      }).address;
    }
    const secret = ctx.resource('oci_vault_secret', local, {
      compartment_id: compartment(),
      vault_id: ref(vault, 'id'),
      key_id: ref(key, 'id'),
      secret_name: ctx.name(),
      description: ctx.prop('description'),
      freeform_tags: ctx.tags(),
      secret_content: block({
        content_type: 'BASE64',
        content: call(
          'base64encode',
          ctx.variable({
            name: `${local}_value`,
            type: 'string',
            description: `Value of secret ${ctx.node.name}.`,
            sensitive: true,
          }),
        ),
      }),
    });
    ctx.output('secret_id', `OCID of secret ${ctx.node.name}`, ref(secret.address, 'id'));
  },
});

/**
 * Members of a dynamic group, named rather than "everything in the compartment" (policy
 * oci-dynamic-group-scoped): the design's resources of that type by OCID, and for instances of
 * pools and OKE node pools (OCIDs unknown until they launch) a defined tag the group owns.
 * https://docs.oracle.com/iaas/Content/Identity/dynamicgroups/Writing_Matching_Rules_to_Define_Dynamic_Groups.htm
 */
/** How a dynamic group's matching rule names its members (which services: OCI_MEMBERS_OF). */
interface TMembers {
  readonly type: string;
  readonly variable: string;
  readonly compartmentRule: string;
}
const MEMBERS: Readonly<Record<string, TMembers>> = {
  instances: {
    type: 'oci_core_instance',
    variable: 'instance.id',
    compartmentRule: 'instance.compartment.id',
  },
  functions: {
    type: 'oci_functions_function',
    variable: 'resource.id',
    compartmentRule: "resource.type = 'fnfunc', resource.compartment.id",
  },
  'container-instances': {
    type: 'oci_container_instances_container_instance',
    variable: 'resource.id',
    compartmentRule: "resource.type = 'computecontainerinstance', resource.compartment.id",
  },
  'api-gateways': {
    type: 'oci_apigateway_gateway',
    variable: 'resource.id',
    compartmentRule: "resource.type = 'ApiGateway', resource.compartment.id",
  },
};

function matchingRule(ctx: TTfBuildContext): TTfValue {
  const members = MEMBERS[ctx.value('members')] ? ctx.value('members') : 'instances';
  const m = MEMBERS[members]!;
  // Pooled instances have no OCID before they launch: they are matched by a tag below.
  const conditions: TTfValue[] = ctx
    .nodes()
    .filter((n) => OCI_MEMBERS_OF[n.service.id] === members && !isPooled(n))
    .map((n) => tpl(`${m.variable} = '`, ref(ctx.address(n, m.type), 'id'), "'"));
  if (members === 'instances' && ctx.nodes().some(isPooled)) {
    const ns = ctx.resource('oci_identity_tag_namespace', ctx.node.local, {
      compartment_id: compartment(),
      name: ctx.name('tags', 'oci-tag-namespace'),
      description: `Marks the pooled instances that belong to dynamic group ${ctx.node.name}`,
      freeform_tags: ctx.tags(),
    });
    const tag = ctx.resource('oci_identity_tag', ctx.node.local, {
      tag_namespace_id: ref(ns.address, 'id'),
      name: MEMBER_TAG,
      description: `Members of dynamic group ${ctx.node.name}`,
      freeform_tags: ctx.tags(),
    });
    conditions.push(
      tpl('tag.', ref(ns.address, 'name'), '.', ref(tag.address, 'name'), ".value = 'true'"),
    );
  }
  // No such member in the design: the whole compartment's, which policy reports.
  if (conditions.length === 0) return tpl(`ALL {${m.compartmentRule} = '`, compartment(), "'}");
  return tpl('ANY {', ...conditions.flatMap((c, i) => (i === 0 ? [c] : [', ', c])), '}');
}

export const ociIdentity = defineService({
  id: 'oci.dynamic-group',
  cloud: 'oci',
  kind: 'identity',
  name: 'Dynamic group and policy',
  category: 'security',
  description:
    'Dynamic group of the instances, functions or container instances of the compartment, with a policy that grants least-privilege access to each connected resource.',
  icon: 'oci-iam',
  properties: [enumProp('members', 'Members', Object.keys(MEMBERS), 'instances')],
  placement: 'none',
  naming: { rule: 'oci-iam', abbreviation: 'dg' },
  emits: {
    terraform: [
      'oci_identity_dynamic_group',
      'oci_identity_policy',
      'oci_identity_tag_namespace',
      'oci_identity_tag',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const group = ctx.resource('oci_identity_dynamic_group', local, {
      compartment_id: tfVar('tenancy_ocid'),
      name: ctx.name(),
      description: `${ctx.node.name}: the ${ctx.value('members')} of this deployment`,
      matching_rule: matchingRule(ctx),
      freeform_tags: ctx.tags(),
    });
    const statements = ctx
      .outgoing('data')
      .flatMap((e) => accessOf(ctx, e.node))
      .map((grant) => tpl('Allow dynamic-group ', ref(group.address, 'name'), ' to ', grant));
    if (statements.length > 0) {
      ctx.resource('oci_identity_policy', local, {
        compartment_id: compartment(),
        name: ctx.name('policy', 'oci-iam'),
        description: `Access of ${ctx.node.name} to its connected resources`,
        statements,
        freeform_tags: ctx.tags(),
      });
    }
    ctx.output('dynamic_group_id', `OCID of ${ctx.node.name}`, ref(group.address, 'id'));
  },
});

/** Topics of the node's connections, else a topic of its own (alarms and rules need one). */
function topicsOrOwn(ctx: TTfBuildContext): TTfValue[] {
  const topics = ctx
    .outgoing()
    .filter((e) => e.node.service.kind === 'topic')
    .map((e) => ref(ctx.address(e.node, 'oci_ons_notification_topic'), 'id'));
  if (topics.length > 0) return topics;
  const own = ctx.resource('oci_ons_notification_topic', ctx.node.local, {
    compartment_id: compartment(),
    name: ctx.name('topic', 'oci-topic'),
    description: `Notifications of ${ctx.node.name}`,
    freeform_tags: ctx.tags(),
  });
  return [ref(own.address, 'id')];
}

export const ociEventsRule = defineService({
  id: 'oci.events-rule',
  cloud: 'oci',
  kind: 'event-bus',
  name: 'Events rule',
  category: 'messaging',
  description:
    'Events rule on event types (filtered on the buckets it watches) that notifies topics and invokes functions it is connected to.',
  icon: 'oci-events',
  properties: [
    listProp('eventTypes', 'Event types', ['com.oraclecloud.objectstorage.createobject']),
  ],
  placement: 'none',
  naming: { rule: 'oci-display', abbreviation: 'evt' },
  emits: { terraform: ['oci_events_rule', 'oci_ons_notification_topic'] },
  terraform: (ctx) => {
    const out = ctx.outgoing();
    const buckets = out.filter((e) => e.node.service.kind === 'object-storage');
    const functions = out.filter((e) => e.node.service.kind === 'function');
    const actions: TTfBlock[] = functions.map((e) =>
      block({
        action_type: 'FAAS',
        is_enabled: true,
        function_id: ref(ctx.address(e.node, 'oci_functions_function'), 'id'),
      }),
    );
    if (actions.length === 0 || out.some((e) => e.node.service.kind === 'topic')) {
      for (const topic of topicsOrOwn(ctx))
        actions.push(block({ action_type: 'ONS', is_enabled: true, topic_id: topic }));
    }
    const condition = obj({
      eventType: ctx.value<string[]>('eventTypes'),
      ...(buckets.length > 0
        ? {
            data: obj({
              additionalDetails: obj({
                bucketName: buckets.map((b) => primary(ctx, b.node, 'name')),
              }),
            }),
          }
        : {}),
    });
    const rule = ctx.resource('oci_events_rule', ctx.node.local, {
      compartment_id: compartment(),
      display_name: ctx.name(),
      description: `Events rule ${ctx.node.name}`,
      condition: call('jsonencode', condition),
      is_enabled: true,
      freeform_tags: ctx.tags(),
      actions: block({ actions }),
    });
    ctx.output('rule_id', `OCID of ${ctx.node.name}`, ref(rule.address, 'id'));
  },
});

/** Monitoring metric (namespace, metric, dimension, statistic) of a watched component. */
function metricOf(
  ctx: TTfBuildContext,
  target: TNode | undefined,
): { namespace: string; query: (stat: string, interval: string) => TTfValue } | undefined {
  if (!target) return undefined;
  const q = (namespace: string, metric: string, dim: string, id: TTfValue, extra = '') => ({
    namespace,
    query: (stat: string, interval: string) =>
      tpl(`${metric}[${interval}]{${dim} = "`, id, `"${extra}}.${stat}()`),
  });
  const id = primary(ctx, target, 'id');
  switch (target.service.kind) {
    case 'vm':
      return q('oci_computeagent', 'CpuUtilization', 'resourceId', id);
    case 'autoscaling-group':
      return q('oci_computeagent', 'CpuUtilization', 'instancePoolId', id);
    case 'load-balancer':
      return q('oci_lbaas', 'HttpResponses5xx', 'resourceId', id);
    case 'function':
      return q('oci_faas', 'FunctionResponseCount', 'resourceId', id, ', responseType = "Error"');
    case 'queue':
      return q('oci_queue', 'MessagesInQueueCount', 'resourceId', id);
    case 'mysql':
      return q('oci_mysql_database', 'CPUUtilization', 'resourceId', id);
    case 'postgresql':
      return q('oci_postgresql', 'CpuUtilization', 'resourceId', id);
    // 1 while the targets answer, 0 when they do not ("Health Checks Metrics").
    case 'health-check':
      return q('oci_healthchecks', 'HTTP.isHealthy', 'resourceId', id);
    default:
      return undefined;
  }
}

export const ociAlarm = defineService({
  id: 'oci.monitoring-alarm',
  cloud: 'oci',
  kind: 'alarm',
  name: 'Monitoring alarm',
  category: 'monitoring',
  description:
    'Metric alarm (MQL query) on the component it watches; notifies the topics it is connected to, else a topic of its own.',
  icon: 'oci-monitoring',
  properties: [
    enumProp('operator', 'Comparison', ['>', '>=', '<', '<='], '>'),
    numProp('threshold', 'Threshold', 80, 0, 1e9),
    enumProp('statistic', 'Statistic', ['mean', 'max', 'min', 'sum', 'count'], 'mean'),
    enumProp('interval', 'Interval', ['1m', '5m', '15m', '1h'], '1m'),
    enumProp('pending', 'Pending duration', ['PT1M', 'PT5M', 'PT15M', 'PT1H'], 'PT5M'),
    enumProp('severity', 'Severity', ['CRITICAL', 'ERROR', 'WARNING', 'INFO'], 'CRITICAL'),
  ],
  placement: 'none',
  naming: { rule: 'oci-display', abbreviation: 'alarm' },
  emits: { terraform: ['oci_monitoring_alarm', 'oci_ons_notification_topic'] },
  terraform: (ctx) => {
    const watched = ctx.outgoing().find((e) => e.node.service.kind !== 'topic')?.node;
    const metric = metricOf(ctx, watched) ?? {
      namespace: 'oci_computeagent',
      query: (stat: string, interval: string) => `CpuUtilization[${interval}].${stat}()`,
    };
    const query = tpl(
      metric.query(ctx.value('statistic'), ctx.value('interval')),
      ` ${ctx.value('operator')} `,
      ctx.prop('threshold'),
    );
    ctx.resource('oci_monitoring_alarm', ctx.node.local, {
      compartment_id: compartment(),
      display_name: ctx.name(),
      metric_compartment_id: compartment(),
      namespace: metric.namespace,
      query,
      severity: ctx.prop('severity'),
      pending_duration: ctx.prop('pending'),
      is_enabled: true,
      body: watched ? `Alarm on ${watched.name}` : 'Alarm',
      destinations: topicsOrOwn(ctx),
      message_format: 'ONS_OPTIMIZED',
      freeform_tags: ctx.tags(),
    });
  },
});
