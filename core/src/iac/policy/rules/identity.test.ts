import { describe, expect, it } from 'vitest';
import { ref, tfVar, tpl } from '../../ir/terraform-ir';
import { tf, tfAddresses } from '../testing/ir';
import { ociDynamicGroupScoped } from './identity';

describe('oci-dynamic-group-scoped', () => {
  it('flags a matching rule that selects a whole compartment', () => {
    const group = tf('oci_identity_dynamic_group', 'dg', {
      matching_rule: tpl("ALL {instance.compartment.id = '", tfVar('compartment_ocid'), "'}"),
    });
    expect(tfAddresses(ociDynamicGroupScoped, [group])).toEqual(['oci_identity_dynamic_group.dg']);
  });

  it('passes rules that name members by OCID or defined tag', () => {
    const byId = tf('oci_identity_dynamic_group', 'a', {
      matching_rule: tpl("ANY {resource.id = '", ref('oci_functions_function.fn', 'id'), "'}"),
    });
    const byTag = tf('oci_identity_dynamic_group', 'b', {
      matching_rule: tpl(
        'ANY {tag.',
        ref('oci_identity_tag_namespace.ns', 'name'),
        ".member.value = 'true'}",
      ),
    });
    expect(tfAddresses(ociDynamicGroupScoped, [byId, byTag])).toEqual([]);
  });

  it('passes a group of the compartment’s container instances that may only pull images', () => {
    const group = tf('oci_identity_dynamic_group', 'pull', {
      matching_rule: tpl(
        "ALL {resource.type = 'computecontainerinstance', resource.compartment.id = '",
        tfVar('compartment_ocid'),
        "'}",
      ),
    });
    const grant = (...more: string[]) =>
      tf('oci_identity_policy', 'pull', {
        statements: ['read repos in tenancy', ...more].map((s) =>
          tpl('Allow dynamic-group ', ref('oci_identity_dynamic_group.pull', 'name'), ` to ${s}`),
        ),
      });
    expect(tfAddresses(ociDynamicGroupScoped, [group, grant()])).toEqual([]);
    // Any other grant, or none, and the whole compartment's container instances get it.
    expect(tfAddresses(ociDynamicGroupScoped, [group, grant('use queues in tenancy')])).toEqual([
      'oci_identity_dynamic_group.pull',
    ]);
    expect(tfAddresses(ociDynamicGroupScoped, [group])).toEqual([
      'oci_identity_dynamic_group.pull',
    ]);
  });
});
