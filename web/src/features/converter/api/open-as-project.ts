import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createProject } from '@stratum/core/contract/planner/create-project';
import type { TPlannerStateInput } from '@stratum/core/contract/planner/planner-state';
import type { TDesign } from '@stratum/core/iac/design/schema-v2';
import { callApi } from '../../../lib/api-client';
import { PROJECTS_QUERY_KEY } from '../../../lib/api/projects';

/** The board step of the planner: a converted design opens on it. */
const BOARD_STEP = 2;

/** The planner state holding a design: its board, naming and file layout, at the board step. */
export function plannerStateOf(design: TDesign): TPlannerStateInput {
  const { backend, ...layout } = design.layout;
  return {
    v: 2,
    currentStep: BOARD_STEP,
    selectedProvider: design.provider,
    selectedServices: [...new Set([...design.groups, ...design.components].map((n) => n.service))],
    architectureConfig: {
      name: design.name,
      ...(design.description !== undefined && { description: design.description }),
      region: design.region,
      environments: design.environments,
      tags: design.tags,
      groups: design.groups,
      components: design.components,
      connections: design.connections,
    },
    namingConvention: design.naming,
    fileStructureConfig: { ...layout, ...(backend && { backend }) },
  };
}

/** POST /api/projects with the design: answers the new project's id. */
export function useOpenAsProject() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; design: TDesign }) =>
      callApi(createProject, {
        body: {
          name: input.name,
          description: 'Converted with the IaC converter',
          state: plannerStateOf(input.design),
        },
      }).then((r) => r.data.project.id),
    onSuccess: () => queries.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY }),
  });
}
