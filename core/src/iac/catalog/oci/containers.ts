import { defineService } from '../service';
import { boolProp, enumProp, numProp, strProp } from '../properties';
import { block, obj, ref, tpl } from '../../ir/terraform-ir';
import { availabilityDomain, compartment, connectionConfig, subnetId } from './shared';
import { imagePullGrant } from './image-pull';
import { tcp, workloadNsgIds } from './client-rules';
import { queueTriggers } from './queue-trigger';
import { functionInvokeLog } from './function-logs';
import { volumeKey } from './volume-key';

/** OCI containers, functions and block volumes: Container Instances, Registry, Functions. */

/** Container Instances shapes (Container Instances documentation). */
const CI_SHAPES = ['CI.Standard.E4.Flex', 'CI.Standard.E3.Flex', 'CI.Standard.A1.Flex'] as const;

export const ociContainerInstance = defineService({
  id: 'oci.container-instance',
  cloud: 'oci',
  kind: 'serverless-container',
  name: 'Container instance',
  category: 'containers',
  description:
    'Serverless container instance with its VNIC in a private subnet; connected stores become environment variables.',
  icon: 'oci-container-instances',
  properties: [
    enumProp('shape', 'Shape', CI_SHAPES, 'CI.Standard.E4.Flex'),
    numProp('ocpus', 'OCPUs', 1, 1, 64),
    numProp('memoryGb', 'Memory (GB)', 4, 1, 1024),
    strProp('image', 'Image URL', 'docker.io/library/nginx:stable'),
    numProp('port', 'Container port', 80, 1, 65535),
    enumProp('restart', 'Restart policy', ['ALWAYS', 'ON_FAILURE', 'NEVER'], 'ALWAYS'),
  ],
  placement: 'subnet',
  port: 80,
  naming: { rule: 'oci-display', abbreviation: 'ci' },
  emits: {
    terraform: [
      'oci_container_instances_container_instance',
      'oci_identity_dynamic_group',
      'oci_identity_policy',
      'oci_core_network_security_group',
      'oci_core_network_security_group_security_rule',
    ],
  },
  terraform: (ctx) => {
    const env = connectionConfig(ctx);
    const nsgs = workloadNsgIds(ctx, [tcp(ctx.value<number>('port'))], ['traffic']);
    const pull = imagePullGrant(ctx);
    const ci = ctx.resource(
      'oci_container_instances_container_instance',
      ctx.node.local,
      {
        availability_domain: availabilityDomain(ctx),
        compartment_id: compartment(),
        display_name: ctx.name(),
        shape: ctx.prop('shape'),
        container_restart_policy: ctx.prop('restart'),
        freeform_tags: ctx.tags(),
        shape_config: block({ ocpus: ctx.prop('ocpus'), memory_in_gbs: ctx.prop('memoryGb') }),
        containers: block({
          display_name: ctx.node.name,
          image_url: ctx.prop('image'),
          ...(Object.keys(env).length > 0 ? { environment_variables: obj(env) } : {}),
        }),
        vnics: block({
          subnet_id: subnetId(ctx, ctx.subnets()[0]!),
          is_public_ip_assigned: false,
          nsg_ids: nsgs,
        }),
      },
      // The image is pulled while the instance is created: the policy must exist by then.
      pull,
    );
    ctx.output('container_instance_id', `OCID of ${ctx.node.name}`, ref(ci.address, 'id'));
  },
});

export const ociContainerRegistry = defineService({
  id: 'oci.container-registry',
  cloud: 'oci',
  kind: 'container-registry',
  name: 'Container Registry repository',
  category: 'containers',
  description: 'Private OCIR repository in the tenancy namespace, optionally immutable.',
  icon: 'oci-registry',
  properties: [boolProp('immutable', 'Immutable tags', true)],
  placement: 'none',
  naming: { rule: 'oci-ocir-repo', abbreviation: 'cr' },
  emits: { terraform: ['oci_artifacts_container_repository'] },
  terraform: (ctx) => {
    const repo = ctx.resource('oci_artifacts_container_repository', ctx.node.local, {
      compartment_id: compartment(),
      display_name: ctx.name(),
      is_public: false,
      is_immutable: ctx.prop('immutable'),
      freeform_tags: ctx.tags(),
    });
    ctx.output(
      'repository_path',
      `Path of ${ctx.node.name} in the registry (push to <region-key>.ocir.io/<path>)`,
      tpl(ref(repo.address, 'namespace'), '/', ref(repo.address, 'display_name')),
    );
  },
});

export const ociFunction = defineService({
  id: 'oci.function',
  cloud: 'oci',
  kind: 'function',
  name: 'Functions application and function',
  category: 'functions',
  description:
    'OCI Functions application in a private subnet with one function; its image comes from a variable, connected stores become configuration.',
  icon: 'oci-functions',
  properties: [
    enumProp('memory', 'Memory (MB)', ['128', '256', '512', '1024', '2048'], '256'),
    numProp('timeout', 'Timeout (s)', 30, 5, 300),
    enumProp(
      'shape',
      'Architecture',
      ['GENERIC_X86', 'GENERIC_ARM', 'GENERIC_X86_ARM'],
      'GENERIC_X86',
    ),
  ],
  placement: 'subnet',
  naming: { rule: 'oci-function', abbreviation: 'fn' },
  emits: {
    terraform: [
      'oci_functions_function',
      'oci_functions_application',
      'oci_core_network_security_group',
      'oci_sch_service_connector',
      'oci_identity_policy',
      'oci_logging_log_group',
      'oci_logging_log',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    // Invoked through the Functions service: its NSG only marks its traffic for what it reaches.
    const nsgs = workloadNsgIds(ctx, [], []);
    const app = ctx.resource('oci_functions_application', local, {
      compartment_id: compartment(),
      display_name: ctx.name('app'),
      subnet_ids: ctx.subnets().map((s) => subnetId(ctx, s)),
      shape: ctx.value('shape'),
      network_security_group_ids: nsgs,
      freeform_tags: ctx.tags(),
    });
    functionInvokeLog(ctx, app);
    const config = connectionConfig(ctx);
    const fn = ctx.resource('oci_functions_function', local, {
      application_id: ref(app.address, 'id'),
      display_name: ctx.name(),
      image: ctx.variable({
        name: `${local}_image`,
        type: 'string',
        description: `Image of function ${ctx.node.name} in OCIR (<region>.ocir.io/<namespace>/<repo>:<tag>).`,
      }),
      memory_in_mbs: ctx.prop('memory'),
      timeout_in_seconds: ctx.prop('timeout'),
      ...(Object.keys(config).length > 0 ? { config: obj(config) } : {}),
      freeform_tags: ctx.tags(),
    });
    // A queue with a traffic connection to it invokes it with its messages (queue-trigger.ts).
    queueTriggers(ctx, fn);
    ctx.output(
      'invoke_endpoint',
      `Invoke endpoint of ${ctx.node.name}`,
      ref(fn.address, 'invoke_endpoint'),
    );
  },
});

export const ociBlockVolume = defineService({
  id: 'oci.block-volume',
  cloud: 'oci',
  kind: 'block-storage',
  name: 'Block volume',
  category: 'storage',
  description:
    'Block volume with a performance level, attached (paravirtualized) to the instance that connects to it; encrypted with a Vault key when connected to a vault.',
  icon: 'oci-block-volume',
  properties: [
    numProp('sizeGb', 'Size (GB)', 100, 50, 32768),
    enumProp(
      'vpusPerGb',
      'Performance (VPUs/GB)',
      ['0', '10', '20', '30', '40', '50', '60', '70', '80', '90', '100', '110', '120'],
      '10',
      '0 lower cost, 10 balanced, 20 higher performance, 30-120 ultra high performance',
    ),
  ],
  placement: 'none',
  naming: { rule: 'oci-display', abbreviation: 'vol' },
  emits: { terraform: ['oci_core_volume', 'oci_core_volume_attachment', 'oci_identity_policy'] },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const key = volumeKey(ctx);
    const volume = ctx.resource(
      'oci_core_volume',
      local,
      {
        availability_domain: availabilityDomain(ctx),
        compartment_id: compartment(),
        display_name: ctx.name(),
        size_in_gbs: ctx.prop('sizeGb', (v) => String(v)),
        vpus_per_gb: ctx.prop('vpusPerGb'),
        ...(key ? { kms_key_id: key.id } : {}),
        freeform_tags: ctx.tags(),
      },
      key ? [key.policy] : undefined,
    );
    const vm = ctx.incoming().find((e) => e.node.service.kind === 'vm')?.node;
    if (vm) {
      ctx.resource('oci_core_volume_attachment', local, {
        attachment_type: 'paravirtualized',
        // Encrypted in transit like the instance's boot volume (compute.ts PV_IN_TRANSIT).
        is_pv_encryption_in_transit_enabled: true,
        instance_id: ref(ctx.address(vm, 'oci_core_instance'), 'id'),
        volume_id: ref(volume.address, 'id'),
        display_name: ctx.name('attachment'),
      });
    }
    ctx.output('volume_id', `OCID of ${ctx.node.name}`, ref(volume.address, 'id'));
  },
});
