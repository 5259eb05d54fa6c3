import { generate, type TGenerateResult } from '@stratum/core/iac/generate';
import type { TFormat } from '@stratum/core/iac/emit/emitter';
import { formatsFor, plannerDesign, type TPlannerState } from '@stratum/core/planner/state';

/** The format to generate: the chosen one when the provider supports it, else Terraform. */
export function effectiveFormat(plan: TPlannerState): TFormat {
  const formats = formatsFor(plan.selectedProvider ?? 'aws');
  return formats.includes(plan.fileStructureConfig.format)
    ? plan.fileStructureConfig.format
    : 'terraform';
}

export function layoutFor(plan: TPlannerState, format: TFormat): string {
  if (format === 'arm') return 'single';
  return format === 'bicep' ? plan.fileStructureConfig.bicep : plan.fileStructureConfig.terraform;
}

/** The engine in the browser: exactly what the server will generate for this plan. */
export function generateLocally(plan: TPlannerState): TGenerateResult {
  const format = effectiveFormat(plan);
  return generate(plannerDesign(plan), {
    format,
    layout: layoutFor(plan, format),
    ci: plan.fileStructureConfig.ci,
    readme: plan.fileStructureConfig.readme,
  });
}
