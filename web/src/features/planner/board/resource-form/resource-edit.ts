import type { TComponent } from '@stratum/core/iac/design/schema-v2';
import type { TArchitectureConfig, TBoardPosition } from '@stratum/core/planner/state';
import { freeId, idsOf } from '../../board/board-edit';
import type { TGenericService } from './generic-service';
import type { TArgs } from './resource-schema';

/** The type a user picked for a new generic component (ARM: with its newest API version). */
export interface TResourceChoice {
  readonly type: string;
  readonly apiVersion?: string;
}

/** A short base for ids and names: `aws_sqs_queue` → `sqs-queue`, `Microsoft.Web/sites` → `sites`. */
export function nameBase(type: string): string {
  const last = type.split('/').at(-1) ?? type;
  return last
    .replace(/^(aws|azurerm|google|oci)_/, '')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
}

/** Adds a generic component of the chosen type at a position (relative to `parent` when given). */
export function addResource(
  arch: TArchitectureConfig,
  service: TGenericService,
  choice: TResourceChoice,
  position: { x: number; y: number },
  parent?: string,
): { arch: TArchitectureConfig; id: string } {
  const base = nameBase(choice.type);
  const id = freeId(idsOf(arch), base);
  const name = freeId(new Set(arch.components.map((c) => c.name)), base.slice(0, 30));
  const component: TComponent = {
    id,
    service: service.id,
    name,
    ...(parent !== undefined ? { group: parent } : {}),
    properties: {},
    resource: {
      type: choice.type,
      ...(choice.apiVersion !== undefined ? { apiVersion: choice.apiVersion } : {}),
      arguments: {},
    },
  };
  const pos: TBoardPosition = { x: Math.round(position.x), y: Math.round(position.y) };
  return {
    arch: {
      ...arch,
      components: [...arch.components, component],
      positions: { ...arch.positions, [id]: pos },
    },
    id,
  };
}

/** Replaces a generic component's arguments. */
export function updateResourceArgs(
  arch: TArchitectureConfig,
  id: string,
  args: TArgs,
): TArchitectureConfig {
  return {
    ...arch,
    components: arch.components.map((c) =>
      c.id === id && c.resource ? { ...c, resource: { ...c.resource, arguments: args } } : c,
    ),
  };
}
