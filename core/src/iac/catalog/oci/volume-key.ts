import type { TTfBuildContext } from '../service';
import { ref, tpl, type TTfValue } from '../../ir/terraform-ir';
import { compartment, vaultOf } from './shared';

/**
 * The Vault key of a block volume with a data connection to a vault, as a bucket's
 * (object-storage.ts), and the policy that lets Block Volume use that one key: the service
 * encrypts as itself (`blockstorage`), so without it creating the volume is refused; the volume
 * waits for it. The identity applying also needs `use key-delegate` on the key. IAM "Common
 * Policies", "Let Block Volume, Object Storage, File Storage, Kubernetes Engine, and Streaming
 * services encrypt and decrypt volumes, buckets, file systems, cluster secrets, and stream
 * pools"; Block Volume, "Block Volume Encryption".
 */
export function volumeKey(ctx: TTfBuildContext): { id: TTfValue; policy: string } | undefined {
  return serviceKey(
    ctx,
    ['blockstorage'],
    `Block Volume may use the Vault key of volume ${ctx.node.name}`,
  );
}

/**
 * The Vault key of the component's vault (its data connection to one), and a policy that lets
 * one OCI service (`service`, the parts of its principal name) use that key only, which the
 * component waits for (`policy`, an address): a volume's or a bucket's.
 */
export function serviceKey(
  ctx: TTfBuildContext,
  service: readonly TTfValue[],
  description: string,
): { id: TTfValue; policy: string } | undefined {
  const vault = vaultOf(ctx, ctx.node);
  if (!vault) return undefined;
  const id = ref(ctx.address(vault, 'oci_kms_key'), 'id');
  const policy = ctx.resource('oci_identity_policy', `${ctx.node.local}_key`, {
    compartment_id: compartment(),
    name: ctx.name('key', 'oci-iam'),
    description,
    statements: [
      tpl(
        'Allow service ',
        ...service,
        ' to use keys in compartment id ',
        compartment(),
        " where target.key.id = '",
        id,
        "'",
      ),
    ],
    freeform_tags: ctx.tags(),
  });
  return { id, policy: policy.address };
}
