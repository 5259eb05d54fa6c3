import type { TServiceDefinition } from '../../catalog/service';
import type { TDesignIssue } from '../parse';
import type { TDesign } from '../schema-v2';
import { CROSS_FIELD_DESIGN_RULES, PROPERTY_RULES } from './index';
import type { TDesignContext, TPropertyFinding, TProps } from './rule';

const rulesByService = new Map<string, (typeof PROPERTY_RULES)[number][]>();
for (const rule of PROPERTY_RULES) {
  for (const id of rule.services) rulesByService.set(id, [...(rulesByService.get(id) ?? []), rule]);
}

/** Findings of the property rules for one component's properties (defaults applied here). */
export function propertyFindings(
  service: TServiceDefinition,
  properties: TProps,
): TPropertyFinding[] {
  const rules = rulesByService.get(service.id) ?? [];
  if (rules.length === 0) return [];
  const props: TProps = {
    ...Object.fromEntries(service.properties.map((p) => [p.key, p.default])),
    ...properties,
  };
  return rules.flatMap((r) => r.check(props, { service: service.id }));
}

/**
 * The combinations the cloud refuses, as errors on the property to change: each component's own
 * values, then each environment's overrides (reported on the override when it causes them).
 */
export function checkCrossField(
  design: TDesign,
  services: ReadonlyMap<string, TServiceDefinition>,
  // The design rules share one context with the other rules of a validation (checkRules), so
  // the view of the design they ask for (reachability-graph.ts) is built once.
  context: TDesignContext = { design, services },
): TDesignIssue[] {
  const issues: TDesignIssue[] = [];
  design.components.forEach((c, i) => {
    const service = services.get(c.id);
    if (!service) return;
    const base = propertyFindings(service, c.properties);
    const seen = new Set(base.map((f) => f.message));
    for (const f of base)
      issues.push({
        path: `components[${i}].properties.${f.key}`,
        message: f.message,
        severity: 'error',
      });
    design.environments.forEach((env, j) => {
      const overrides = env.overrides[c.id];
      if (!overrides) return;
      const merged = { ...c.properties, ...overrides };
      for (const f of propertyFindings(service, merged)) {
        if (seen.has(f.message)) continue;
        const path = `environments[${j}].overrides.${c.id}`;
        issues.push({
          path: f.key in overrides ? `${path}.${f.key}` : path,
          message: f.message,
          severity: 'error',
        });
      }
    });
  });
  for (const rule of CROSS_FIELD_DESIGN_RULES) issues.push(...rule.check(context));
  return issues;
}
