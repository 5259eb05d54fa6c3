import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A queue with a traffic connection to a function invokes it with its messages: a Connector Hub
 * connector (Queue source, Functions target), as a Lambda event source mapping or a Pub/Sub push
 * subscription does. Without one the messages piled up. A function with only a data connection
 * to the queue (here the API's, which enqueues) sends to it and is not fed its messages.
 */
const design = smallDesign({
  cloud: 'oci',
  components: [
    { id: 'api', service: 'oci.api-gateway', name: 'api', group: 'sn-0' },
    { id: 'order-fn', service: 'oci.function', name: 'order-fn', group: 'sn-0' },
    { id: 'fulfil-fn', service: 'oci.function', name: 'fulfil-fn', group: 'sn-0' },
    { id: 'jobs', service: 'oci.queue', name: 'jobs' },
  ],
  connections: [
    { from: 'api', to: 'order-fn', type: 'traffic' },
    { from: 'order-fn', to: 'jobs', type: 'data' },
    { from: 'fulfil-fn', to: 'jobs', type: 'data' },
    { from: 'jobs', to: 'fulfil-fn', type: 'traffic' },
  ],
});

describe('oci: a queue that invokes a function', () => {
  it('is invoked with its messages by a connector with a Queue source', () => {
    const connector = resourceBlock(mainTf(design), 'oci_sch_service_connector', 'fulfil_fn_jobs');
    expect(connector).toMatch(
      /source \{\n\s+kind\s+= "plugin"\n\s+plugin_name\s+= "QueueSource"\n\s+config_map\s+= jsonencode\(\{\n?\s*queueId = oci_queue_queue\.jobs\.id/,
    );
    expect(connector).toMatch(
      /target \{\n\s+kind\s+= "functions"\n\s+function_id = oci_functions_function\.fulfil_fn\.id/,
    );
    expect(connector).toContain('depends_on = [oci_identity_policy.fulfil_fn_jobs]');
  });

  it('lets the connector consume that queue only, and invoke the function', () => {
    const policy = resourceBlock(mainTf(design), 'oci_identity_policy', 'fulfil_fn_jobs');
    const who =
      "where all {request.principal.type = 'serviceconnector', request.principal.compartment.id = '${var.compartment_ocid}'";
    expect(policy).toContain(
      `Allow any-user to {QUEUE_READ, QUEUE_CONSUME} in compartment id \${var.compartment_ocid} ${who}, target.queue.id = '\${oci_queue_queue.jobs.id}'}`,
    );
    expect(policy).toContain(
      `Allow any-user to use fn-invocation in compartment id \${var.compartment_ocid} ${who}}`,
    );
  });

  it('leaves a function that only sends to the queue untouched', () => {
    const hcl = mainTf(design);
    expect(hcl.match(/resource "oci_sch_service_connector"/g)).toHaveLength(1);
    expect(hcl).not.toContain('"order_fn_jobs"');
  });

  it('invokes nothing from a data connection alone', () => {
    const dataOnly = smallDesign({
      cloud: 'oci',
      components: [
        { id: 'fulfil-fn', service: 'oci.function', name: 'fulfil-fn', group: 'sn-0' },
        { id: 'jobs', service: 'oci.queue', name: 'jobs' },
      ],
      connections: [{ from: 'fulfil-fn', to: 'jobs', type: 'data' }],
    });
    expect(mainTf(dataOnly)).not.toContain('oci_sch_service_connector');
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
