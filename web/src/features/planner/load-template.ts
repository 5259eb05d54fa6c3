import { findService } from '@stratum/core/iac/catalog/registry';
import { parseDesign } from '@stratum/core/iac/design/parse';
import type { TPlannerState } from '@stratum/core/planner/state';

/**
 * A plan started from one of the engine's examples: its board (placed by the automatic layout),
 * its services selected, its naming and file layout; the step stays where it is.
 */
export function planFromTemplate(plan: TPlannerState, template: unknown): TPlannerState | string {
  const parsed = parseDesign(template);
  if (!parsed.ok) return parsed.issues.map((i) => `${i.path}: ${i.message}`).join('; ');
  const d = parsed.design;
  const used = [...d.groups, ...d.components].map((n) => n.service);
  const services = [...new Set([...plan.selectedServices, ...used])].filter(
    (id) => findService(id)?.cloud === d.provider,
  );
  return {
    ...plan,
    selectedProvider: d.provider,
    selectedServices: services,
    architectureConfig: {
      name: d.name,
      ...(d.description ? { description: d.description } : {}),
      region: d.region,
      environments: d.environments,
      tags: d.tags,
      groups: d.groups,
      components: d.components,
      connections: d.connections,
      positions: {},
    },
    namingConvention: d.naming,
    fileStructureConfig: {
      ...plan.fileStructureConfig,
      terraform: d.layout.terraform,
      bicep: d.layout.bicep,
      ci: d.layout.ci,
      readme: d.layout.readme,
    },
  };
}
