import { describe, expect, it } from 'vitest';
import { globToRegExp, splitDottedPath } from './ignore';

describe('ignore rule syntax', () => {
  it('reads dotted paths and the bracket forms the scan shows', () => {
    expect(splitDottedPath('tags.LastScanned')).toEqual(['tags', 'LastScanned']);
    expect(splitDottedPath('ttl.0.enabled')).toEqual(['ttl', '0', 'enabled']);
    expect(splitDottedPath('ttl[0].enabled')).toEqual(['ttl', '0', 'enabled']);
    expect(splitDottedPath('tags["cost "]')).toEqual(['tags', 'cost ']);
    expect(splitDottedPath('tags["k8s.io/owner"].x')).toEqual(['tags', 'k8s.io/owner', 'x']);
    expect(splitDottedPath('tags["bad \\x escape"]')).toEqual(['tags', 'bad \\x escape']);
  });

  it('globs addresses with literal brackets and dots', () => {
    expect(globToRegExp('module.legacy.*').test('module.legacy.aws_s3_bucket.b["x.y"]')).toBe(true);
    expect(globToRegExp('aws_s3_bucket.logs*').test('aws_s3_bucket.logs[0]')).toBe(true);
    expect(globToRegExp('aws_s3_bucket.b[0]').test('aws_s3_bucket.b[0]')).toBe(true);
    expect(globToRegExp('aws_s3_bucket.b[0]').test('aws_s3_bucket.b0')).toBe(false);
    expect(globToRegExp('aws_s3_bucket.logs').test('aws_s3_bucket.logs2')).toBe(false);
  });
});
