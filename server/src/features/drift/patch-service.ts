import { buildDriftPatch } from '@stratum/core/drift/patch';
import { hasTwinCapability } from '@stratum/core/plans-gating';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { visibleTo } from '../../lib/project-visibility';
import * as repo from './repository';
import type { ScanService } from './scan-service';
import { SCAN_NOT_FOUND } from './scan-service';

/**
 * Enterprise (`autopr`): a pull-request patch that reconciles a scan in the code the planner
 * generated for the project the scan names (its latest Terraform generation).
 */
export class PatchService {
  constructor(
    private readonly db: Db,
    private readonly scans: ScanService,
  ) {}

  async patch(userId: string, scanId: string) {
    const plan = await this.scans.plan(userId);
    if (!hasTwinCapability(plan, 'autopr')) {
      throw new AppError(
        'drift/feature_not_allowed',
        'Pull-request patches for drift come with the Enterprise plan.',
      );
    }
    const scan = await repo.findOwnScan(this.scans.db, userId, scanId);
    if (!scan) throw new AppError('drift/scan_not_found', SCAN_NOT_FOUND);
    if (!scan.project_id) {
      throw new AppError(
        'drift/invalid_scan',
        'This scan names no project: run it with the project whose generated code the patch is for.',
      );
    }
    const project = await this.db
      .selectFrom('projects')
      .select(['id'])
      .where('id', '=', scan.project_id)
      .where(visibleTo(userId))
      .executeTakeFirst();
    if (!project) throw new AppError('planner/not_found', 'Project not found');
    const generation = await this.db
      .selectFrom('project_generations')
      .select(['id', 'files'])
      .where('project_id', '=', project.id)
      .where('format', '=', 'terraform')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!generation) {
      throw new AppError(
        'drift/invalid_scan',
        'The project has no generated Terraform yet: generate it in the planner first.',
      );
    }
    const files = Object.fromEntries(generation.files.map((f) => [f.path, f.content]));
    const result = buildDriftPatch(scan.changes, files);
    return {
      projectId: project.id,
      generationId: generation.id,
      diff: result.diff,
      files: result.files,
      title: result.title,
      body: result.body,
    };
  }
}
