import type { TGenerationReport } from '@stratum/core/contract/planner/generation';
import { PLANNER_MSG } from '@stratum/core/contract/planner/planner-messages';
import { EMITTERS } from '@stratum/core/iac/emit/registry';
import type { TFormat } from '@stratum/core/iac/emit/emitter';
import { generatePrepared } from '@stratum/core/iac/generate';
import { preparePlan } from '@stratum/core/planner/design-from-state';
import type { TTagPolicy } from '@stratum/core/tags/model';
import { AppError } from '../../lib/errors';
import { invalidDesign, stateOf } from './context';

export interface TGenerationJobInput {
  /** The project's stored planner state, as read from its row. */
  state: unknown;
  projectName: string;
  format: TFormat;
  tagPolicies: readonly TTagPolicy[];
}

export interface TGenerationJobResult {
  /**
   * The files as the JSON the database stores and the answer carries, written here: a
   * 10,000-component design has 21 MB of them, which the event loop neither copies as objects
   * nor serialises.
   */
  filesJson: string;
  fileCount: number;
  layout: string;
  report: TGenerationReport;
  /** Policy findings not exempted, counted as warnings in the history. */
  openFindings: number;
  options: { ci: boolean; readme: boolean };
}

/**
 * The engine on a project's stored state, in a worker thread (lib/jobs): a 10,000-component
 * design takes seconds, which must not hold the event loop (decision 0032). Refusals are the
 * AppErrors the route answers; storing the result stays with the caller's transaction.
 */
export function generationJob(input: TGenerationJobInput): TGenerationJobResult {
  // The saved state, read once; the design is built from it, completed and checked once.
  const prepared = preparePlan(stateOf(input.state, input.projectName), input.format);
  if (!prepared.ok) throw invalidDesign(prepared.issues);
  const emitter = EMITTERS[input.format];
  if (!emitter.clouds.includes(prepared.design.provider)) {
    throw new AppError(
      'planner/format_unavailable',
      PLANNER_MSG.formatUnavailable(input.format, emitter.clouds),
    );
  }
  // The policies the generation step shows in the browser hold here too, for any client.
  const result = generatePrepared(prepared, {
    format: input.format,
    tagPolicies: input.tagPolicies,
  });
  if (!result.ok) throw invalidDesign(result.issues);
  return {
    filesJson: JSON.stringify(result.files),
    fileCount: result.files.length,
    layout: result.layout,
    report: {
      valid: true,
      upgradedFrom: prepared.upgradedFrom ?? null,
      completions: [...result.completions],
      warnings: [...result.warnings],
      naming: [...result.naming],
      policy: [...result.policy],
    },
    openFindings: result.policy.filter((f) => f.exempted === undefined).length,
    options: {
      ci: prepared.design.layout.ci,
      readme: prepared.design.layout.readme,
    },
  };
}

/** The planner's jobs, run by the worker pool (server/src/jobs-worker.ts). */
export const PLANNER_JOBS = { generate: generationJob };
export type TPlannerJobs = typeof PLANNER_JOBS;
