import { defineService } from '../service';
import { enumProp, strProp } from '../properties';
import { block, call, ref } from '../../ir/terraform-ir';
import { compartment } from './shared';

/** OCI security: Vault master keys and Vault secrets. */

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
