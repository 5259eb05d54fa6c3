import { findService } from '@stratum/core/iac/catalog/registry';
import type { TSchemaProvider } from '@stratum/core/iac/catalog/generic/schema-source';
import type { TArchitectureConfig } from '@stratum/core/planner/state';
import { findGenericService } from './generic-service';

/** Another node on the board that an argument can reference. */
export interface TRefTarget {
  readonly id: string;
  readonly label: string;
  /** A generic component's type: its attributes come from its schema. */
  readonly resource?: { readonly provider: TSchemaProvider; readonly type: string };
}

/** What a curated component exposes to a reference (the contract's fixed list). */
export const CURATED_ATTRIBUTES = ['id', 'arn', 'name'] as const;

/** Every node on the board but `selfId`, networks and subnets included (`vpc_id`, `subnet_id`). */
export function referenceTargets(arch: TArchitectureConfig, selfId: string): TRefTarget[] {
  const targets: TRefTarget[] = [];
  for (const node of [...arch.groups, ...arch.components]) {
    if (node.id === selfId) continue;
    const generic = findGenericService(node.service);
    const resource = 'resource' in node ? node.resource : undefined;
    if (generic && resource) {
      targets.push({
        id: node.id,
        label: `${node.name} (${resource.type})`,
        resource: { provider: generic.provider, type: resource.type },
      });
    } else {
      targets.push({
        id: node.id,
        label: `${node.name} (${findService(node.service)?.name ?? node.service})`,
      });
    }
  }
  return targets;
}
