import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * OCI records who wrote, overwrote or deleted an object of a bucket only in a service log of
 * category `write`: without one nothing told who changed a bucket's content, and CIS OCI
 * Foundations Benchmark ("Ensure write level Object Storage logging is enabled for all buckets")
 * failed each bucket.
 */
const bucket = { id: 'exports', service: 'oci.object-storage', name: 'exports' };

describe('oci: the write log of a bucket', () => {
  const design = smallDesign({ cloud: 'oci', components: [bucket] });
  const hcl = mainTf(design);

  it('is an objectstorage service log of category write on the bucket, in a group of its own', () => {
    const log = resourceBlock(hcl, 'oci_logging_log', 'exports_write');
    expect(log).toContain('log_group_id       = oci_logging_log_group.exports_logs.id');
    expect(log).toContain('log_type           = "SERVICE"');
    expect(log).toContain('is_enabled         = true');
    expect(log).toMatch(
      /source \{\s+category\s+= "write"\s+resource\s+= oci_objectstorage_bucket\.exports\.name\s+service\s+= "objectstorage"\s+source_type = "OCISERVICE"/,
    );
  });

  it('goes to the log group the bucket is connected to', () => {
    const connected = mainTf(
      smallDesign({
        cloud: 'oci',
        components: [bucket, { id: 'logs', service: 'oci.log-group', name: 'audit' }],
        connections: [{ from: 'exports', to: 'logs', type: 'data' }],
      }),
    );
    expect(resourceBlock(connected, 'oci_logging_log', 'exports_write')).toContain(
      'log_group_id       = oci_logging_log_group.logs.id',
    );
    expect(connected).not.toContain('resource "oci_logging_log_group" "exports_logs"');
  });

  it('validates against the provider schema', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
