import { describe, expect, it } from 'vitest';
import { compareScans } from './compare-scans';

describe('compareScans', () => {
  it('says which drifts appeared, which were resolved and which moved bucket', () => {
    const previous = [
      { address: 'aws_s3_bucket.logs', status: 'changed' as const },
      { address: 'aws_instance.web', status: 'changed' as const },
      { address: 'aws_iam_role.old', status: 'unmanaged' as const },
    ];
    const current = [
      { address: 'aws_instance.web', status: 'missing' as const },
      { address: 'aws_s3_bucket.logs', status: 'changed' as const },
      { address: 'aws_ebs_volume.new', status: 'unmanaged' as const },
    ];
    expect(compareScans(previous, current)).toEqual({
      appeared: ['aws_ebs_volume.new'],
      resolved: ['aws_iam_role.old'],
      statusChanged: [{ address: 'aws_instance.web', from: 'changed', to: 'missing' }],
    });
  });
});
