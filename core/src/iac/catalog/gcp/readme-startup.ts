import { trafficInto, type TResolvedDesign } from '../../design/resolve';
import type { TEdge, TNode } from '../service';
import {
  MIG_INITIAL_DELAY,
  needsStartupScript,
  startupProbes,
  startupScriptVariable,
} from './startup-script';

/**
 * README sections for managed instance groups and for VMs behind a load balancer (compute.ts,
 * startup-script.ts): they boot a stock image, so the script that starts the application is
 * given at apply, and what it must answer is what autohealing and the load balancers probe.
 * https://cloud.google.com/compute/docs/instances/startup-scripts/linux
 */
export function gcpStartupReadme(resolved: TResolvedDesign): string[] {
  const { design, nodes } = resolved;
  const environments = design.environments.map((e) => e.name);
  const incomingOf = (n: TNode): TEdge[] => trafficInto(resolved, n);
  const item = (n: TNode) => {
    const probes = startupProbes(
      n,
      incomingOf(n),
      (e) => e.connection.port ?? n.service.port ?? 443,
      environments,
    );
    return `- \`${n.name}\` (\`TF_VAR_${startupScriptVariable(n)}\`): ${probes.join('; ')}.`;
  };
  const example = (n: TNode) =>
    `Set it from a file in each environment, for example \`export TF_VAR_${startupScriptVariable(n)}="$(cat startup.sh)"\`; a plan without one stops.`;
  const logs = `The script and its output are in the VM's serial console (\`sudo journalctl -u google-startup-scripts.service\` on the VM).`;
  const groups = nodes.filter((n) => n.service.id === 'gcp.managed-instance-group');
  const vms = nodes.filter(
    (n) => n.service.id === 'gcp.compute-instance' && needsStartupScript(n, incomingOf(n)),
  );
  return [
    ...(groups.length === 0
      ? []
      : [
          '## Startup scripts of instance groups',
          '',
          `The VMs of a managed instance group boot a stock image that runs nothing of yours. Compute Engine runs the script you give in \`TF_VAR_<group>_startup_script\` as root at every boot (metadata key \`startup-script\`): it installs and starts the application, which must answer what judges the VMs, or autohealing recreates each one ${MIG_INITIAL_DELAY} s after it boots, over and over:`,
          '',
          ...groups.map(item),
          '',
          `${example(groups[0]!)} A changed script makes a new instance template, which the group rolls out by replacing its VMs, a few at a time and none taken away before its replacement is up. ${logs}`,
          '',
        ]),
    ...(vms.length === 0
      ? []
      : [
          '## Startup scripts of load-balanced VMs',
          '',
          "A VM that a load balancer sends traffic to boots a stock image that runs nothing of yours. Compute Engine runs the script you give in `TF_VAR_<vm>_startup_script` as root at every boot (metadata key `startup-script`): it installs and starts the application, which must answer the load balancer's health check, or the load balancer judges the VM unhealthy and sends it nothing:",
          '',
          ...vms.map(item),
          '',
          `${example(vms[0]!)} A changed script is written to the running VM's metadata in place and runs at its next boot (restart the VM, or run \`sudo google_metadata_script_runner startup\` on it). ${logs}`,
          '',
        ]),
  ];
}
