import { describe, expect, it } from 'vitest';
import { affixExample } from './resource-values';

describe('affixExample', () => {
  it('suggests the text a Google IAM member and a statement resource take', () => {
    expect(affixExample('member', 'prefix')).toBe('serviceAccount:');
    expect(affixExample('members', 'prefix')).toBe('serviceAccount:');
    expect(affixExample('resources', 'suffix')).toBe('/*');
  });

  it('suggests nothing from another cloud for other arguments', () => {
    expect(affixExample('load_balancer_arn', 'prefix')).toBe('optional');
    expect(affixExample('resource_arn', 'suffix')).toBe('optional');
    expect(affixExample('role', 'prefix')).toBe('optional');
    expect(affixExample('member', 'suffix')).toBe('optional');
  });
});
