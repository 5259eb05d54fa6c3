import { attr, ofType, tfHit } from '../query';
import { defineRule } from '../types';

/**
 * Object Storage: the key a bucket is encrypted with. Without `kms_key_id` Oracle manages it:
 * the tenancy cannot rotate it on its own schedule, revoke it to make the data unreadable, or
 * see its use in the audit log.
 */
export const ociBucketCustomerKey = defineRule({
  id: 'oci-bucket-customer-key',
  clouds: ['oci'],
  title: 'Object Storage buckets are encrypted with a customer-managed key',
  checks:
    'Every oci_objectstorage_bucket names a Vault key (kms_key_id): without one Oracle manages the key, which the tenancy can neither rotate on its own schedule, nor disable to make the data unreadable, nor audit. The bucket builder takes the key of a vault the bucket has a data connection to.',
  severity: 'low',
  docs: 'https://docs.oracle.com/iaas/Content/Object/Tasks/managingbuckets_topic-To_assign_a_Vault_master_encryption_key_to_a_bucket.htm',
  source: 'Checkov CKV_OCI_9',
  terraform: (resources) =>
    ofType(resources, 'oci_objectstorage_bucket')
      .filter((r) => {
        // A variable or an expression names a key the user chooses.
        const key = attr(r.body, 'kms_key_id');
        return key === undefined || key === null || key === '';
      })
      .map((r) =>
        tfHit(
          r,
          'the bucket is encrypted with an Oracle-managed key (no kms_key_id): connect it to a vault',
        ),
      ),
});
