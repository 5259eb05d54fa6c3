import type {
  TCostSummary,
  TDeployResource,
  TDeploymentDetail,
  TDeploymentExecution,
} from '@stratum/core/contract/planner/deployment';
import type {
  TGeneration,
  TGenerationReport,
  TGenerationSummary,
} from '@stratum/core/contract/planner/generation';
import type { TPlannerState } from '@stratum/core/contract/planner/planner-state';
import type {
  TProject,
  TProjectSummary,
  TProjectUsage,
} from '@stratum/core/contract/planner/project';
import type { TSnapshot, TSnapshotSummary } from '@stratum/core/contract/planner/snapshot';
import { remainingOf } from '@stratum/core/plans';
import type { DeploymentRow } from './deployments-repository';
import type { GenerationRow, GenerationSummaryRow, SnapshotSummaryRow } from './history-repository';
import type { TProjectInvitation, TProjectMember } from '@stratum/core/contract/planner/members';
import type { ProjectRole } from './membership';
import type { MemberRow } from './members-repository';
import type { ProjectInvitationRow } from './tables';
import type { ProjectRow } from './repository';
import { simulate } from './simulation';

/** A project row with the caller's role in it. */
export type AccessedProject = ProjectRow & { role: ProjectRole };

export function presentProjectSummary(row: AccessedProject, state: TPlannerState): TProjectSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    provider: state.selectedProvider,
    currentStep: state.currentStep,
    componentCount: state.architectureConfig.components.length,
    revision: row.revision,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    lastGeneratedAt: row.last_generated_at ? new Date(row.last_generated_at).toISOString() : null,
    role: row.role,
    owner: { id: row.user_id, name: row.owner_name, email: row.owner_email },
    memberCount: row.member_count,
  };
}

export function presentProject(row: AccessedProject, state: TPlannerState): TProject {
  return { ...presentProjectSummary(row, state), state };
}

/** `limit`: the account's project limit (-1 none: Enterprise, or staff by decision 0010). */
export function presentUsage(limit: number, count: number): TProjectUsage {
  return { count, limit, remaining: remainingOf(limit, count) };
}

export function presentGenerationSummary(row: GenerationSummaryRow): TGenerationSummary {
  return {
    id: row.id,
    projectId: row.project_id,
    format: row.format,
    layout: row.layout,
    options: row.options,
    revision: row.revision,
    fileCount: row.file_count,
    warningCount: row.warning_count,
    createdAt: row.created_at.toISOString(),
  };
}

/** A generation with its files as given (the stored JSON text is spliced in: `answerWithJson`). */
export function presentGeneration(
  row: Omit<GenerationRow, 'files'>,
  files: TGeneration['files'],
): TGeneration {
  return {
    ...presentGenerationSummary(row),
    files,
    // Generations stored before the policy rules have no `policy` list.
    report: { policy: [], ...(row.report as Omit<TGenerationReport, 'policy'>) },
  };
}

export function presentSnapshotSummary(row: SnapshotSummaryRow): TSnapshotSummary {
  return {
    id: row.id,
    projectId: row.project_id,
    timestamp: row.created_at.toISOString(),
    description: row.description,
    type: row.type,
    tags: row.tags,
    revision: row.revision,
    generationId: row.generation_id,
  };
}

export function presentSnapshot(row: SnapshotSummaryRow, data: TPlannerState): TSnapshot {
  return { ...presentSnapshotSummary(row), data };
}

export function presentDeployment(row: DeploymentRow, now: Date): TDeploymentExecution {
  const resources = row.resources as TDeployResource[];
  const costSummary = row.cost_summary as TCostSummary;
  const state = simulate(
    {
      startedAt: row.started_at,
      rollbackRequestedAt: row.rollback_requested_at,
      provider: row.provider,
      environment: row.environment,
      resources,
      costSummary,
    },
    now,
  );
  return {
    id: row.id,
    configId: row.project_id,
    provider: row.provider,
    environment: row.environment,
    status: state.status,
    startTime: row.started_at.toISOString(),
    endTime: state.endTime?.toISOString() ?? null,
    logs: state.logs,
    rollbackAvailable: state.rollbackAvailable,
    cost: state.cost,
    resourceCount: resources.length,
    unpricedCount: costSummary.unpricedCount,
    rollback: state.rollback && {
      status: state.rollback.status,
      startTime: state.rollback.startTime.toISOString(),
      endTime: state.rollback.endTime?.toISOString() ?? null,
    },
    revision: row.revision,
    simulation: true,
  };
}

export function presentDeploymentDetail(row: DeploymentRow, now: Date): TDeploymentDetail {
  return {
    ...presentDeployment(row, now),
    resources: row.resources as TDeployResource[],
    costSummary: row.cost_summary as TCostSummary,
  };
}

export function presentMember(row: MemberRow): TProjectMember {
  return {
    userId: row.user_id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    role: row.role,
    addedAt: row.created_at.toISOString(),
  };
}

export function presentInvitation(row: ProjectInvitationRow): TProjectInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
  };
}
