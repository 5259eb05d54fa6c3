import type { TFormat } from '@stratum/core/iac/emit/emitter';
import type { TPlannerState } from '@stratum/core/planner/state';

/** The layout the files of `format` come in (ARM has one: a single template). */
export function layoutFor(plan: TPlannerState, format: TFormat): string {
  if (format === 'arm') return 'single';
  return format === 'bicep' ? plan.fileStructureConfig.bicep : plan.fileStructureConfig.terraform;
}
