import type { TDesign } from '@stratum/core/iac/design/schema-v2';
import type { TProjectSummary } from '@stratum/core/contract/planner/project';

/** The design the planner has open in this browser (saved or not), as the shell reads it. */
export interface TOpenDesign {
  design: TDesign;
  /** The saved project's name, or the design's own when it is not saved. */
  name: string;
  projectId: string | null;
}

/** `planner`: the open design; otherwise a saved project's id. */
export type TSourceId = 'planner' | `project:${string}`;

/** The design the address names (`?design=planner`, `?project=<id>`), else the best default. */
export function chooseSource(
  params: URLSearchParams,
  open: TOpenDesign | null,
  projects: readonly TProjectSummary[] | undefined,
): TSourceId | null {
  const project = params.get('project');
  if (project) return `project:${project}`;
  if (params.get('design') === 'planner' && open) return 'planner';
  if (open && open.design.components.length > 0) return 'planner';
  const first = projects?.[0];
  if (first) return `project:${first.id}`;
  return open ? 'planner' : null;
}

export const projectIdOf = (source: TSourceId | null): string | null =>
  source?.startsWith('project:') ? source.slice('project:'.length) : null;

/** The address parameters that name a source. */
export const paramsFor = (source: TSourceId): Record<string, string> =>
  source === 'planner' ? { design: 'planner' } : { project: source.slice('project:'.length) };

/** A file name's stem from a design or project name: `Shop API` → `shop-api`. */
export const fileStem = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'design';
