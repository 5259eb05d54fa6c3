import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * Events delivers to functions and topics as a service principal: without a policy letting it,
 * the rule matches and every delivery is refused ("Allow the Events Service to Deliver Events to
 * Action Resources", OCI Events docs).
 */
const design = (connections: Record<string, unknown>[]) =>
  smallDesign({
    cloud: 'oci',
    components: [
      { id: 'uploads', service: 'oci.object-storage', name: 'uploads' },
      { id: 'on-upload', service: 'oci.events-rule', name: 'on-upload' },
      { id: 'resize', service: 'oci.function', name: 'resize', group: 'sn-0' },
      { id: 'alerts', service: 'oci.notification-topic', name: 'alerts' },
    ],
    connections: [{ from: 'on-upload', to: 'uploads', type: 'data' }, ...connections],
  });
const toFunction = design([{ from: 'on-upload', to: 'resize', type: 'traffic' }]);

describe('oci: an events rule', () => {
  it('lets Events invoke the functions it is connected to, and waits for that', () => {
    const hcl = mainTf(toFunction);
    const policy = resourceBlock(hcl, 'oci_identity_policy', 'on_upload_delivery');
    expect(policy).toContain(
      'statements     = ["Allow service cloudEvents to use fn-function in compartment id ${var.compartment_ocid}", "Allow service cloudEvents to use fn-invocation in compartment id ${var.compartment_ocid}"]',
    );
    expect(resourceBlock(hcl, 'oci_events_rule', 'on_upload')).toContain(
      'depends_on = [oci_identity_policy.on_upload_delivery]',
    );
  });

  it('lets Events publish to its topics only when it notifies one', () => {
    const policy = resourceBlock(
      mainTf(design([{ from: 'on-upload', to: 'alerts', type: 'traffic' }])),
      'oci_identity_policy',
      'on_upload_delivery',
    );
    expect(policy).toContain(
      'statements     = ["Allow service cloudEvents to use ons-topics in compartment id ${var.compartment_ocid}"]',
    );
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(toFunction))).toEqual([]);
  });
});
