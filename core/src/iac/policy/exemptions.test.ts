import { describe, expect, it } from 'vitest';
import { generate } from '../generate';
import type { TDesignInput } from '../design/schema-v2';

/**
 * Exemptions end to end: a design waives a rule for one component with a reason; the finding
 * stays in the result, marked. A dynamic group of functions in a design without functions can
 * only match the compartment, which is the finding used here.
 */
const design = (exempt?: { rule: string; reason: string }[]): TDesignInput => ({
  v: 2,
  name: 'exemptions',
  provider: 'oci',
  region: 'eu-frankfurt-1',
  components: [
    {
      id: 'fn-identity',
      service: 'oci.dynamic-group',
      name: 'fn',
      properties: { members: 'functions' },
      ...(exempt ? { policy: { exempt } } : {}),
    },
  ],
});

describe('policy exemptions', () => {
  it('reports an unexempted finding with its component', () => {
    const r = generate(design(), { format: 'terraform' });
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.policy.map((f) => [f.rule, f.node, f.exempted])).toEqual([
      ['oci-dynamic-group-scoped', 'fn-identity', undefined],
    ]);
  });

  it('keeps an exempted finding, marked with the design’s reason', () => {
    const reason = 'the functions of this compartment are deployed by another pipeline';
    const r = generate(design([{ rule: 'oci-dynamic-group-scoped', reason }]), {
      format: 'terraform',
    });
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.policy.map((f) => [f.rule, f.exempted])).toEqual([
      ['oci-dynamic-group-scoped', reason],
    ]);
  });

  it('refuses an unknown rule id and an empty reason', () => {
    const unknown = generate(design([{ rule: 'oci-no-such-rule', reason: 'x' }]), {
      format: 'terraform',
    });
    const empty = generate(design([{ rule: 'oci-dynamic-group-scoped', reason: ' ' }]), {
      format: 'terraform',
    });
    expect(unknown.ok ? [] : unknown.issues.map((i) => i.path)).toEqual([
      'components[0].policy.exempt[0].rule',
    ]);
    expect(unknown.ok ? '' : unknown.issues[0]?.message).toMatch(/must be a policy rule id/);
    expect(empty.ok ? [] : empty.issues.map((i) => i.message)).toEqual([
      'say why the rule does not apply',
    ]);
  });
});
