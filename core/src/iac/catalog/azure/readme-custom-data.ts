import { trafficInto, type TResolvedDesign } from '../../design/resolve';
import type { TEdge, TNode } from '../service';
import {
  customDataEnvVar,
  customDataProbes,
  customDataVariable,
  needsCustomData,
} from './custom-data';

/**
 * README section for Linux VMs and scale sets behind a load balancer or Application Gateway
 * (custom-data.ts): they boot a stock image, so the script that starts the application is given
 * at deployment, and what it must answer is what each load balancer or gateway probes.
 * https://learn.microsoft.com/azure/virtual-machines/custom-data
 */
export function customDataReadme(
  resolved: TResolvedDesign,
  format: 'terraform' | 'bicep' | 'arm',
): string[] {
  const { design, nodes, byId } = resolved;
  const environments = design.environments.map((e) => e.name);
  const incomingOf = (n: TNode): TEdge[] => trafficInto(resolved, n);
  const targetsOf = (balancer: TNode): TEdge[] =>
    design.connections.flatMap((c) => {
      const to = byId.get(c.to);
      return c.from === balancer.id && c.type === 'traffic' && to
        ? [{ connection: c, node: to }]
        : [];
    });
  const needing = nodes.filter((n) => needsCustomData(n, incomingOf(n)));
  if (needing.length === 0) return [];
  const isTerraform = format === 'terraform';
  const input = (n: TNode) =>
    isTerraform ? `TF_VAR_${customDataVariable(n)}` : customDataEnvVar(n);
  const item = (n: TNode) => {
    const probes = customDataProbes(
      incomingOf(n),
      targetsOf,
      (e) => e.connection.port ?? e.node.service.port ?? 443,
      environments,
    );
    return `- \`${n.name}\` (\`${input(n)}\`): ${probes.join('; ')}.`;
  };
  const hasSets = needing.some((n) => n.service.id === 'azure.vm-scale-set');
  const hasVms = needing.some((n) => n.service.id === 'azure.linux-vm');
  return [
    '## Boot scripts of load-balanced VMs',
    '',
    `A Linux VM or scale set that a load balancer or Application Gateway sends traffic to boots a stock image that runs nothing of yours. cloud-init runs the script you give as its custom data (at most 64 KB, a secret: it may hold credentials) as root at its first boot: it installs and starts the application, which must answer the health probes, or they send it nothing:`,
    '',
    ...needing.map(item),
    '',
    `Set it from a file in each environment, for example \`export ${input(needing[0]!)}="$(cat cloud-init.sh)"\`; ${isTerraform ? 'a plan without one stops' : 'a deployment without one stops'}. The script's output is in \`/var/log/cloud-init-output.log\` on the VM.`,
    ...(hasSets
      ? [
          '',
          "A changed script updates a scale set's model: instances created afterwards run it; reimage the running ones (`az vmss reimage --resource-group <resource group> --name <scale set>`), which rebuilds their OS disks.",
        ]
      : []),
    ...(hasVms
      ? [
          '',
          isTerraform
            ? 'A VM reads its custom data at its first boot only, and azurerm replaces a VM whose custom data changes, so a changed script is left out of the plan (`ignore_changes`) rather than destroying the VM and its disk for nothing: run it on the VM, or replace the VM with `terraform apply -replace=<its azurerm_linux_virtual_machine address>`.'
            : 'A VM reads its custom data at its first boot only, and Azure does not change the custom data of an existing VM: deploy with the script it was created with, and run a new one on the VM, or delete the VM (`az vm delete`) and deploy again, which loses its OS disk.',
        ]
      : []),
    '',
  ];
}
