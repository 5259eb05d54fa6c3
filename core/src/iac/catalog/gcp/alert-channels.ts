import type { TNode, TTfBuildContext } from '../service';
import { obj, ref, tpl, type TTfRef, type TTfValue } from '../../ir/terraform-ir';
import { primaryRef } from './shared';

/**
 * Cloud Monitoring notification channels: an alert policy or an uptime check notifies the
 * Pub/Sub topics it connects to, each through a channel of its own. One definition of which
 * topics those are, for the builders that make the channels and those that reuse them.
 */

/** The topics a node's alerts go to: an alert policy's, an uptime check's data connections. */
export function alertTopicsOf(ctx: TTfBuildContext, node: TNode): TNode[] {
  const edges =
    node.service.id === 'gcp.alert-policy'
      ? ctx.outgoingOf(node)
      : node.service.id === 'gcp.uptime-check'
        ? ctx.outgoingOf(node, 'data')
        : [];
  return edges.filter((e) => e.node.service.kind === 'topic').map((e) => e.node);
}

/**
 * Cloud Monitoring's service agent of the project (`google_project` data source at `project`),
 * as an IAM member: it publishes notifications and signs the OIDC tokens of uptime checks.
 */
export const monitoringAgent = (project: string): TTfValue =>
  tpl(
    'serviceAccount:service-',
    ref(project, 'number'),
    '@gcp-sa-monitoring-notification.iam.gserviceaccount.com',
  );

/**
 * The channels of this node to its alert topics, made here with the grant that lets Cloud
 * Monitoring's service agent publish to each topic.
 */
export function notificationChannels(ctx: TTfBuildContext): TTfRef[] {
  const local = ctx.node.local;
  const topics = alertTopicsOf(ctx, ctx.node);
  const project = topics.length > 0 ? ctx.data('google_project', 'current', {}) : undefined;
  return topics.map((t) => {
    ctx.resource('google_pubsub_topic_iam_member', `${local}_${t.local}_notifications`, {
      topic: primaryRef(ctx, t, 'name'),
      role: 'roles/pubsub.publisher',
      member: monitoringAgent(project!.address),
    });
    const channel = ctx.resource('google_monitoring_notification_channel', `${local}_${t.local}`, {
      display_name: tpl(ctx.name(), ` to ${t.name}`),
      type: 'pubsub',
      labels: obj({ topic: primaryRef(ctx, t, 'id') }),
      user_labels: ctx.tags(),
    });
    return ref(channel.address, 'id');
  });
}

/** The ids of the channels other nodes make (`notificationChannels`), each once. */
export function channelsOf(ctx: TTfBuildContext, alerting: readonly TNode[]): TTfRef[] {
  return alerting.flatMap((n) =>
    alertTopicsOf(ctx, n).map((t) =>
      ref(ctx.address(n, 'google_monitoring_notification_channel', `_${t.local}`), 'id'),
    ),
  );
}
