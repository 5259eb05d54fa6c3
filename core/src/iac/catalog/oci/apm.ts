import { defineService } from '../service';
import { boolProp } from '../properties';
import { ref } from '../../ir/terraform-ir';
import { compartment } from './shared';

/**
 * Application Performance Monitoring domain: where the APM agents and OpenTelemetry exporters of
 * the connected workloads send traces and metrics. Agents authenticate with the domain's data
 * keys, which stay in the domain (read them with `oci apm-control-plane data-key list`), not in
 * the Terraform state.
 */
export const ociApmDomain = defineService({
  id: 'oci.apm-domain',
  cloud: 'oci',
  kind: 'apm',
  name: 'APM domain',
  category: 'monitoring',
  description:
    'Application Performance Monitoring domain for traces, spans and real-user metrics; components connected to it get its data upload endpoint.',
  icon: 'oci-apm',
  properties: [
    // Always Free domains keep 1,000 tracing events an hour and no synthetic monitors.
    boolProp('freeTier', 'Always Free domain', false),
  ],
  placement: 'none',
  naming: { rule: 'oci-display', abbreviation: 'apm' },
  emits: { terraform: ['oci_apm_apm_domain'] },
  terraform: (ctx) => {
    const domain = ctx.resource('oci_apm_apm_domain', ctx.node.local, {
      compartment_id: compartment(),
      display_name: ctx.name(),
      description: `Traces and metrics of ${ctx.node.name}`,
      // Changing the tier replaces the domain: it is one value for every environment.
      is_free_tier: ctx.value<boolean>('freeTier'),
      freeform_tags: ctx.tags(),
    });
    ctx.output(
      'data_upload_endpoint',
      `Data upload endpoint of APM domain ${ctx.node.name}`,
      ref(domain.address, 'data_upload_endpoint'),
    );
  },
});
