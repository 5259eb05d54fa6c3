import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A block volume connected to a vault is encrypted with that vault's key, as a bucket is
 * (bucket-key.test.ts), and Block Volume may use that one key: the service encrypts as itself, so
 * without the policy the volume's creation is refused. Before, the connection wrote nothing and
 * the volume kept Oracle-managed keys. A volume without a vault still does.
 */
const design = smallDesign({
  cloud: 'oci',
  components: [
    { id: 'vm', service: 'oci.compute-instance', name: 'db', group: 'sn-0' },
    { id: 'keys', service: 'oci.vault', name: 'keys' },
    { id: 'data', service: 'oci.block-volume', name: 'data' },
    { id: 'scratch', service: 'oci.block-volume', name: 'scratch' },
  ],
  connections: [
    { from: 'vm', to: 'data', type: 'data' },
    { from: 'vm', to: 'scratch', type: 'data' },
    { from: 'data', to: 'keys', type: 'data' },
  ],
});
const hcl = mainTf(design);

describe('oci: a block volume connected to a vault', () => {
  it("is encrypted with the vault's key once Block Volume may use it", () => {
    const volume = resourceBlock(hcl, 'oci_core_volume', 'data');
    expect(volume).toMatch(/kms_key_id\s+= oci_kms_key\.keys\.id\n/);
    expect(volume).toMatch(/depends_on = \[oci_identity_policy\.data_key\]/);
  });

  it('lets the Block Volume service use that one key', () => {
    expect(resourceBlock(hcl, 'oci_identity_policy', 'data_key')).toContain(
      '"Allow service blockstorage to use keys in compartment id ${var.compartment_ocid} where target.key.id = \'${oci_kms_key.keys.id}\'"',
    );
  });

  it('leaves a volume without a vault on Oracle-managed keys', () => {
    expect(resourceBlock(hcl, 'oci_core_volume', 'scratch')).not.toContain('kms_key_id');
    expect(hcl).not.toContain('resource "oci_identity_policy" "scratch_key"');
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
