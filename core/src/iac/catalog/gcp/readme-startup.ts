import type { TResolvedDesign } from '../../design/resolve';
import type { TEdge } from '../service';
import { MIG_INITIAL_DELAY, startupProbes, startupScriptVariable } from './mig-startup';

/**
 * README section for managed instance groups (compute.ts, mig-startup.ts): their VMs boot a
 * stock image, so the script that starts the application is given at apply, and what it must
 * answer is what autohealing and the load balancers probe.
 * https://cloud.google.com/compute/docs/instances/startup-scripts/linux
 */
export function migStartupReadme(resolved: TResolvedDesign): string[] {
  const { design, nodes, byId } = resolved;
  const groups = nodes.filter((n) => n.service.id === 'gcp.managed-instance-group');
  if (groups.length === 0) return [];
  const environments = design.environments.map((e) => e.name);
  const first = startupScriptVariable(groups[0]!);
  return [
    '## Startup scripts of instance groups',
    '',
    `The VMs of a managed instance group boot a stock image that runs nothing of yours. Compute Engine runs the script you give in \`TF_VAR_<group>_startup_script\` as root at every boot (metadata key \`startup-script\`): it installs and starts the application, which must answer what judges the VMs, or autohealing recreates each one ${MIG_INITIAL_DELAY} s after it boots, over and over:`,
    '',
    ...groups.map((g) => {
      const incoming: TEdge[] = design.connections.flatMap((c) => {
        const from = byId.get(c.from);
        return c.to === g.id && c.type === 'traffic' && from ? [{ connection: c, node: from }] : [];
      });
      const probes = startupProbes(
        g,
        incoming,
        (e) => e.connection.port ?? g.service.port ?? 443,
        environments,
      );
      return `- \`${g.name}\` (\`TF_VAR_${startupScriptVariable(g)}\`): ${probes.join('; ')}.`;
    }),
    '',
    `Set it from a file in each environment, for example \`export TF_VAR_${first}="$(cat startup.sh)"\`; a plan without one stops. A changed script makes a new instance template, which the group rolls out by replacing its VMs, a few at a time and none taken away before its replacement is up. The script and its output are in the VM's serial console (\`sudo journalctl -u google-startup-scripts.service\` on the VM).`,
    '',
  ];
}
