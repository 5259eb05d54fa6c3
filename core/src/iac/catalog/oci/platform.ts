import { defineService } from '../service';
import { enumProp, numProp } from '../properties';
import { block, ref } from '../../ir/terraform-ir';
import { compartment } from './shared';

/** OCI platform services: Vault and keys, Queue, Notifications, Logging. */
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
