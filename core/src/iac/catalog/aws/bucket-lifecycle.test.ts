import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/** A bucket deletes replaced versions and unfinished uploads instead of keeping them forever. */
const design = (properties: Record<string, unknown> = {}, prod: Record<string, unknown> = {}) => ({
  ...smallDesign({
    cloud: 'aws',
    components: [{ id: 'files', service: 'aws.s3', name: 'files', properties }],
  }),
  environments: [{ name: 'dev' }, { name: 'prod', overrides: { files: prod } }],
});

describe('aws: S3 bucket lifecycle', () => {
  it('expires noncurrent versions after 90 days and aborts uploads after 7, whole bucket', async () => {
    const hcl = mainTf(design());
    const rules = resourceBlock(hcl, 'aws_s3_bucket_lifecycle_configuration', 'files');
    expect(rules).toMatch(/bucket\s+= aws_s3_bucket\.files\.id/);
    expect(rules).toMatch(/status\s+= "Enabled"/);
    expect(rules).toMatch(/filter \{\s+prefix = ""\s+\}/);
    expect(rules).toMatch(/noncurrent_version_expiration \{\s+noncurrent_days = 90\s+\}/);
    expect(rules).toMatch(/expiration \{\s+expired_object_delete_marker = true\s+\}/);
    expect(rules).toMatch(/abort_incomplete_multipart_upload \{\s+days_after_initiation = 7\s+\}/);
    expect(rules).toMatch(/depends_on = \[aws_s3_bucket_versioning\.files\]/);
    expect(await checkOutput(terraformFiles(design()), sharedOrBundledSchemas())).toEqual([]);
  });

  it('keeps replaced versions as long as each environment says', () => {
    const hcl = mainTf(design({ noncurrentDays: 30 }, { noncurrentDays: 365 }));
    expect(resourceBlock(hcl, 'aws_s3_bucket_lifecycle_configuration', 'files')).toMatch(
      /noncurrent_days = var\.files_noncurrent_days/,
    );
  });
});
