import { defineService, type TNode, type TTfBuildContext } from '../service';
import { numProp, strProp } from '../properties';
import { block, ref, tpl, type TTfBody, type TTfValue } from '../../ir/terraform-ir';
import { BuildError } from '../../build/terraform-build';
import { compartment, primary } from './shared';

/**
 * A policy statement that lets the connectors of the compartment, and no other principal, use
 * `grant` (on one resource when `condition` names it): `any-user` narrowed by
 * `request.principal.type = 'serviceconnector'` ("Connector Hub" › Access to Source and Target
 * Services).
 */
export function connectorGrant(grant: string, condition?: [string, TTfValue]): TTfValue {
  return tpl(
    `Allow any-user to ${grant} in compartment id `,
    compartment(),
    " where all {request.principal.type = 'serviceconnector', request.principal.compartment.id = '",
    compartment(),
    "'",
    ...(condition ? [`, ${condition[0]} = '`, condition[1], "'"] : []),
    '}',
  );
}

/** The grants a connector needs to invoke a function (Functions target). */
export const FUNCTION_TARGET_GRANTS = ['use fn-function', 'use fn-invocation'] as const;

/** Where a connector delivers, its target body and the grant the service needs there. */
interface TTarget {
  readonly body: TTfBody;
  readonly grants: readonly string[];
  readonly condition?: [variable: string, value: TTfValue];
}

const TARGET_KINDS = ['object-storage', 'stream', 'function', 'topic'];

function targetOf(ctx: TTfBuildContext, node: TNode): TTarget {
  switch (node.service.kind) {
    case 'object-storage':
      return {
        body: {
          kind: 'objectStorage',
          bucket: primary(ctx, node, 'name'),
          object_name_prefix: ctx.prop('objectPrefix'),
          batch_rollover_size_in_mbs: 100,
          batch_rollover_time_in_ms: ctx.prop('batchMinutes', (v) => Number(v) * 60_000),
        },
        grants: ['manage objects'],
        condition: ['target.bucket.name', primary(ctx, node, 'name')],
      };
    case 'stream':
      return {
        body: { kind: 'streaming', stream_id: primary(ctx, node, 'id') },
        grants: ['use stream-push'],
        condition: ['target.stream.id', primary(ctx, node, 'id')],
      };
    case 'function':
      return {
        body: { kind: 'functions', function_id: primary(ctx, node, 'id') },
        grants: FUNCTION_TARGET_GRANTS,
      };
    default:
      return {
        body: {
          kind: 'notifications',
          topic_id: primary(ctx, node, 'topic_id'),
          enable_formatted_messaging: true,
        },
        grants: ['use ons-topics'],
      };
  }
}

/**
 * Connector Hub (Service Connector Hub): moves the logs of the log groups it is connected to (the
 * compartment's audit logs when none) to a bucket, a stream, a function or a topic, with the
 * policy that lets the connector write there and nowhere else ("Connector Hub" › Access to
 * Target Services).
 */
export const ociServiceConnector = defineService({
  id: 'oci.service-connector',
  cloud: 'oci',
  kind: 'log-router',
  name: 'Connector Hub log connector',
  category: 'monitoring',
  description:
    'Service connector that routes the logs of its connected log groups (else the compartment’s audit logs) to the bucket, stream, function or topic it is connected to, with a policy scoped to that target.',
  icon: 'oci-connector-hub',
  properties: [
    strProp('objectPrefix', 'Object name prefix (bucket target)', 'logs'),
    // Batches roll over after 1 to 7 minutes (batch_rollover_time_in_ms 60,000-420,000).
    numProp('batchMinutes', 'Batch window (minutes, bucket target)', 7, 1, 7),
  ],
  placement: 'none',
  naming: { rule: 'oci-display', abbreviation: 'sch' },
  emits: { terraform: ['oci_sch_service_connector', 'oci_identity_policy'] },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const out = ctx.outgoing('data');
    const targetEdge = out.find((e) => TARGET_KINDS.includes(e.node.service.kind));
    if (!targetEdge) {
      throw new BuildError(
        `log connector ${ctx.node.id} has nowhere to deliver: connect it to a bucket, a stream, a function or a notifications topic`,
      );
    }
    const target = targetOf(ctx, targetEdge.node);
    const groups = out.filter((e) => e.node.service.kind === 'log-group');
    const sources = groups.length
      ? groups.map((e) =>
          block({ compartment_id: compartment(), log_group_id: primary(ctx, e.node, 'id') }),
        )
      : // The compartment's audit logs ("_Audit"), which CIS OCI 4.x asks to keep.
        [block({ compartment_id: compartment(), log_group_id: '_Audit' })];
    const policy = ctx.resource('oci_identity_policy', local, {
      compartment_id: compartment(),
      name: ctx.name('policy', 'oci-iam'),
      description: `Lets connector ${ctx.node.name} deliver to ${targetEdge.node.name}`,
      statements: target.grants.map((grant) => connectorGrant(grant, target.condition)),
      freeform_tags: ctx.tags(),
    });
    const connector = ctx.resource(
      'oci_sch_service_connector',
      local,
      {
        compartment_id: compartment(),
        display_name: ctx.name(),
        description: `Routes logs to ${targetEdge.node.name}`,
        source: block({ kind: 'logging', log_sources: sources }),
        target: block(target.body),
        freeform_tags: ctx.tags(),
      },
      [policy.address],
    );
    ctx.output('connector_id', `OCID of connector ${ctx.node.name}`, ref(connector.address, 'id'));
  },
});
