import { address, attr, groupByRef, ofType, tfHit } from '../query';
import { defineRule } from '../types';
import type { TTfResource, TTfValue } from '../../ir/terraform-ir';

/** Identity scoping: who a dynamic group (and so its policy) covers. */

/** The literal text of a matching rule, with expressions as placeholders. */
function text(v: TTfValue | undefined): string {
  if (typeof v === 'string') return v;
  if (v !== null && typeof v === 'object' && !Array.isArray(v) && '$' in v && v.$ === 'tpl')
    return v.parts.map((p) => (typeof p === 'string' ? p : '…')).join('');
  return '';
}

export const ociDynamicGroupScoped = defineRule({
  id: 'oci-dynamic-group-scoped',
  clouds: ['oci'],
  title: 'OCI dynamic groups do not match every instance of the compartment',
  checks:
    'A matching rule names the members (resource ids, or a defined tag) rather than only a compartment: with compartment-only rules, any instance or function anyone later starts in the compartment gets the group’s policies.',
  severity: 'high',
  docs: 'https://docs.oracle.com/iaas/Content/Identity/dynamicgroups/Writing_Matching_Rules_to_Define_Dynamic_Groups.htm',
  source: 'CIS OCI Foundations 1.x (least privilege); OCI IAM best practices',
  terraform: (resources) => {
    const policies = groupByRef(ofType(resources, 'oci_identity_policy'), 'statements');
    return ofType(resources, 'oci_identity_dynamic_group')
      .filter((r) => {
        const rule = text(attr(r.body, 'matching_rule'));
        if (/\b(instance|resource)\.id\b|\btag\./.test(rule)) return false;
        return !(isContainerInstances(rule) && onlyPulls(policies.get(address(r)) ?? []));
      })
      .map((r) => tfHit(r, 'the matching rule selects by compartment only'));
  },
});

/**
 * A container instance pulls its image while it is created, before its OCID exists, so the group
 * that lets it pull can only name the container instances of the compartment (oci/image-pull.ts).
 * Such a group passes when every statement granting it only reads repositories.
 */
const isContainerInstances = (rule: string) =>
  /resource\.type = 'computecontainerinstance'/.test(rule);

function onlyPulls(policies: readonly TTfResource[]): boolean {
  const statements = policies.flatMap((p) => {
    const list = attr(p.body, 'statements');
    return Array.isArray(list) ? list.map((s: TTfValue) => text(s)) : [];
  });
  return (
    statements.length > 0 &&
    statements.every((s) => /^Allow dynamic-group \S+ to read repos in /.test(s))
  );
}
