import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A dynamic group with a data connection to a vault may use that vault's key, not every key of
 * the compartment: the statement names the key (`target.key.id`, OCI IAM "Details for the Vault
 * Service"), as the ones for secrets and buckets name theirs.
 */
const design = smallDesign({
  cloud: 'oci',
  components: [
    { id: 'app', service: 'oci.compute-instance', name: 'app', group: 'sn-0' },
    { id: 'vault', service: 'oci.vault', name: 'keys' },
    {
      id: 'identity',
      service: 'oci.dynamic-group',
      name: 'app',
      properties: { members: 'instances' },
    },
  ],
  connections: [{ from: 'identity', to: 'vault', type: 'data' }],
});

describe('oci: a dynamic group connected to a vault', () => {
  it('may use the key of that vault only', () => {
    const policy = resourceBlock(mainTf(design), 'oci_identity_policy', 'identity');
    expect(policy).toContain(
      "to use keys in compartment id ${var.compartment_ocid} where target.key.id = '${oci_kms_key.vault.id}'",
    );
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
