import { defineService, type TTfBuildContext } from '../service';
import { boolProp, enumProp } from '../properties';
import { ref, tfVar, type TTfValue } from '../../ir/terraform-ir';
import { compartment } from './shared';
import { serviceLog, serviceLogGroup } from './service-logs';
import { serviceKey } from './volume-key';

/**
 * OCI Object Storage: a private bucket, encrypted with the key of a vault it is connected to;
 * without one Oracle manages the key (policy oci-bucket-customer-key).
 */
export const ociBucket = defineService({
  id: 'oci.object-storage',
  cloud: 'oci',
  kind: 'object-storage',
  name: 'Object Storage bucket',
  category: 'storage',
  description:
    'Private bucket with versioning in the tenancy namespace and a write log, encrypted with a Vault key when connected to a vault.',
  icon: 'oci-object-storage',
  properties: [
    enumProp('tier', 'Storage tier', ['Standard', 'Archive'], 'Standard'),
    boolProp('versioning', 'Versioning', true),
  ],
  placement: 'none',
  naming: { rule: 'oci-bucket', abbreviation: 'bkt' },
  emits: {
    terraform: [
      'oci_objectstorage_bucket',
      'oci_identity_policy',
      'oci_logging_log_group',
      'oci_logging_log',
    ],
  },
  terraform: (ctx) => {
    const ns = ctx.data('oci_objectstorage_namespace', 'this', { compartment_id: compartment() });
    const key = bucketKey(ctx);
    const bucket = ctx.resource(
      'oci_objectstorage_bucket',
      ctx.node.local,
      {
        compartment_id: compartment(),
        name: ctx.name(),
        namespace: ref(ns.address, 'namespace'),
        access_type: 'NoPublicAccess',
        storage_tier: ctx.prop('tier'),
        versioning: ctx.prop('versioning', (v) => (v === true ? 'Enabled' : 'Disabled')),
        ...(key ? { kms_key_id: key.id } : {}),
        // Object events (create, update, delete) go to the Events service, free of charge, for an
        // Events rule or a Connector Hub source to react to; without them a rule watching the
        // bucket matches nothing, including one added later outside this code.
        object_events_enabled: true,
        freeform_tags: ctx.tags(),
      },
      key ? [key.policy] : undefined,
    );
    // Who wrote, overwrote or deleted an object is recorded only in a service log of category
    // `write` on the bucket, by name ("Object Storage" in "Supported Services", Logging docs);
    // CIS OCI Foundations Benchmark: "Ensure write level Object Storage logging is enabled for
    // all buckets". Reads are left out: a log line per GET, billed by volume.
    serviceLog(ctx, serviceLogGroup(ctx, `Service logs of bucket ${ctx.node.name}`), {
      service: 'objectstorage',
      category: 'write',
      resource: ref(bucket.address, 'name'),
    });
    ctx.output('bucket', `Name of bucket ${ctx.node.name}`, ref(bucket.address, 'name'));
  },
});

/**
 * The Vault key of a bucket with a data connection to a vault, and the policy that lets Object
 * Storage use that one key: the service encrypts as itself (`objectstorage-<region>`), so without
 * it creating the bucket is refused; the bucket waits for it. The identity applying also needs
 * `use key-delegate` on the key. Object Storage, "Managing Buckets" (Vault key).
 * https://docs.oracle.com/iaas/Content/Identity/Reference/objectstoragepolicyreference.htm
 */
function bucketKey(ctx: TTfBuildContext): { id: TTfValue; policy: string } | undefined {
  return serviceKey(
    ctx,
    ['objectstorage-', tfVar('region')],
    `Object Storage may use the Vault key of bucket ${ctx.node.name}`,
  );
}
