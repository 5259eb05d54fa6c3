import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A bucket connected to a vault is encrypted with that vault's key, and Object Storage may use
 * that one key: the service encrypts as itself, so without the policy the bucket's creation is
 * refused. A bucket without a vault keeps Oracle-managed keys.
 */
const design = smallDesign({
  cloud: 'oci',
  components: [
    { id: 'keys', service: 'oci.vault', name: 'keys' },
    { id: 'exports', service: 'oci.object-storage', name: 'exports' },
    { id: 'scratch', service: 'oci.object-storage', name: 'scratch' },
  ],
  connections: [{ from: 'exports', to: 'keys', type: 'data' }],
});
const hcl = mainTf(design);

describe('oci: a bucket connected to a vault', () => {
  it("is encrypted with the vault's key once Object Storage may use it", () => {
    const bucket = resourceBlock(hcl, 'oci_objectstorage_bucket', 'exports');
    expect(bucket).toMatch(/kms_key_id\s+= oci_kms_key\.keys\.id\n/);
    expect(bucket).toMatch(/depends_on = \[oci_identity_policy\.exports_key\]/);
  });

  it('lets the Object Storage service of the region use that one key', () => {
    expect(resourceBlock(hcl, 'oci_identity_policy', 'exports_key')).toContain(
      '"Allow service objectstorage-${var.region} to use keys in compartment id ${var.compartment_ocid} where target.key.id = \'${oci_kms_key.keys.id}\'"',
    );
  });

  it('leaves a bucket without a vault on Oracle-managed keys', () => {
    expect(resourceBlock(hcl, 'oci_objectstorage_bucket', 'scratch')).not.toContain('kms_key_id');
    expect(hcl).not.toContain('resource "oci_identity_policy" "scratch_key"');
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
