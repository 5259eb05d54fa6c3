import { describe, expect, it } from 'vitest';
import { findService } from '../../catalog/registry';
import { propertyFindings } from './cross-field';
import { CROSS_FIELD_DESIGN_RULES, PROPERTY_RULES, REACHABILITY_RULES } from './index';

describe('design rule registry', () => {
  it('keys every property rule on services the catalog has', () => {
    const missing = PROPERTY_RULES.flatMap((rule) =>
      rule.services.filter((id) => findService(id) === undefined).map((id) => `${rule.id}: ${id}`),
    );
    // A renamed service would silently turn its rule off.
    expect(missing).toEqual([]);
  });

  it('gives every rule a unique id and a documentation source', () => {
    const rules = [...PROPERTY_RULES, ...CROSS_FIELD_DESIGN_RULES, ...REACHABILITY_RULES];
    expect(new Set(rules.map((r) => r.id)).size).toBe(rules.length);
    expect(rules.filter((r) => r.source.length < 20).map((r) => r.id)).toEqual([]);
  });

  it('ignores a service no rule names (a generic resource with the same fields, say)', () => {
    const asg = findService('aws.autoscaling-group')!;
    const refused = { minSize: 9, maxSize: 1, desired: 5 };
    expect(propertyFindings(asg, refused)).toHaveLength(1);
    expect(propertyFindings({ ...asg, id: 'aws.generic-resource' }, refused)).toEqual([]);
  });
});
