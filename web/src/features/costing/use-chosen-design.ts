import { useQuery } from '@tanstack/react-query';
import type { TDesign } from '@stratum/core/iac/design/schema-v2';
import { projectDesignQuery } from './api/project-design';
import { projectIdOf, type TOpenDesign, type TSourceId } from './design-source';

export type TChosenDesign =
  | { status: 'ready'; design: TDesign; name: string }
  | { status: 'loading' }
  | { status: 'error'; error: unknown; retry: () => void }
  | { status: 'none' };

/** The design to price: the planner's open one, or a saved project's (fetched). */
export function useChosenDesign(source: TSourceId | null, open: TOpenDesign | null): TChosenDesign {
  const projectId = projectIdOf(source);
  const project = useQuery({ ...projectDesignQuery(projectId ?? ''), enabled: projectId !== null });
  if (source === 'planner' && open)
    return { status: 'ready', design: open.design, name: open.name };
  if (projectId === null) return { status: 'none' };
  if (project.data) {
    return { status: 'ready', design: project.data.design, name: project.data.project.name };
  }
  if (project.isError) {
    return { status: 'error', error: project.error, retry: () => void project.refetch() };
  }
  return { status: 'loading' };
}
