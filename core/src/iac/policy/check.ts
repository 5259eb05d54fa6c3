import type { TPolicyFinding, TPolicyModel } from './types';
import { POLICY_RULES } from './registry';

/** Exemptions a design grants: node id → rule id → reason. */
export type TPolicyExemptions = ReadonlyMap<string, ReadonlyMap<string, string>>;

/**
 * Runs every rule over a built model. Exempted findings stay in the list with the design's
 * reason, so the report says what was waived and why instead of hiding it.
 */
export function checkPolicy(
  model: TPolicyModel,
  exemptions: TPolicyExemptions = new Map(),
): TPolicyFinding[] {
  const findings: TPolicyFinding[] = [];
  for (const rule of POLICY_RULES) {
    if (!rule.clouds.includes(model.cloud)) continue;
    const hits =
      model.format === 'terraform'
        ? (rule.terraform?.(model.resources) ?? [])
        : (rule.arm?.(model.resources) ?? []);
    for (const hit of hits) {
      const reason = exemptions.get(hit.node)?.get(rule.id);
      findings.push({
        rule: rule.id,
        title: rule.title,
        severity: rule.severity,
        docs: rule.docs,
        ...hit,
        ...(reason !== undefined ? { exempted: reason } : {}),
      });
    }
  }
  return findings;
}

/** Findings the design has not waived: what a clean generation must not have. */
export const openFindings = (findings: readonly TPolicyFinding[]): TPolicyFinding[] =>
  findings.filter((f) => f.exempted === undefined);
