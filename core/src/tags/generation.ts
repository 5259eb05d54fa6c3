import type { TDesignIssue } from '../iac/design/parse';
import type { TDesign } from '../iac/design/schema-v2';
import { designTagReport, type TComponentTagReport } from './design-tags';
import type { TTagPolicy, TTagViolation } from './model';

export interface TTagGenerationCheck {
  /** Violations of `block` policies and tag sets the cloud cannot take: generation stops. */
  readonly errors: readonly TDesignIssue[];
  readonly report: readonly TComponentTagReport[];
}

/** The line a person reads in the generation step: the component, what is wrong, the fix. */
export function violationText(componentName: string, v: TTagViolation): string {
  const policy = v.policyName ? ` (policy “${v.policyName}”)` : '';
  return `Component “${componentName}”: ${v.message}${policy} Fix: ${v.fix}.`;
}

/** The design's tags checked before emitting (see `generatePrepared`). */
export function checkDesignTags(
  design: Pick<TDesign, 'provider' | 'tags' | 'components'>,
  policies: readonly TTagPolicy[],
): TTagGenerationCheck {
  const report = designTagReport(design, policies);
  const errors: TDesignIssue[] = [];
  for (const r of report) {
    const index = design.components.findIndex((c) => c.id === r.componentId);
    for (const v of r.violations) {
      if (v.severity !== 'error') continue;
      errors.push({
        path: `components[${index}].tags`,
        message: violationText(r.componentName, v),
        severity: 'error',
      });
    }
  }
  return { errors, report };
}
