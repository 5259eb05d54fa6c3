import { findService } from '@stratum/core/iac/catalog/registry';
import { parseDesign } from '@stratum/core/iac/design/parse';
import { resolveDesign } from '@stratum/core/iac/design/resolve';
import { nameNodes, type TNameViolation } from '@stratum/core/iac/naming/naming';
import { ruleFor } from '@stratum/core/iac/naming/rules';
import { renderName } from '@stratum/core/iac/naming/resolve';
import { GROUP_KINDS } from '@stratum/core/iac/types';
import { designFromState } from '@stratum/core/planner/design-from-state';
import type { TPlannerState } from '@stratum/core/planner/state';

export interface TNameRow {
  readonly id: string;
  /** The node's own `{name}`. */
  readonly name: string;
  readonly serviceName: string;
  readonly rule: string;
  /** The final name per environment, as the generated code will use it. */
  readonly names: Readonly<Record<string, string>>;
  readonly violations: readonly TNameViolation[];
}

export interface TNamePreview {
  readonly rows: readonly TNameRow[];
  readonly environments: readonly string[];
  /** True when the board is empty and the rows show one example per selected service. */
  readonly isExample: boolean;
  readonly error?: string;
}

/** A plan with one example component per selected service: names to look at before a board exists. */
function examplePlan(plan: TPlannerState): TPlannerState {
  const services = plan.selectedServices.flatMap((id) => {
    const s = findService(id);
    return s && !GROUP_KINDS.includes(s.kind) ? [s] : [];
  });
  return {
    ...plan,
    architectureConfig: {
      ...plan.architectureConfig,
      groups: [],
      components: services.map((s, i) => ({
        id: `example-${i}`,
        service: s.id,
        name: s.kind.split('-')[0] ?? 'app',
        properties: {},
      })),
      connections: [],
    },
  };
}

/** Every item's final name under the convention, with the engine's rule violations and fixes. */
export function previewNames(plan: TPlannerState): TNamePreview {
  const arch = plan.architectureConfig;
  const isExample = arch.groups.length + arch.components.length === 0;
  const parsed = parseDesign(designFromState(isExample ? examplePlan(plan) : plan));
  const environments = arch.environments.map((e) => e.name);
  if (!parsed.ok) {
    return {
      rows: [],
      environments,
      isExample,
      error: parsed.issues.map((i) => `${i.path}: ${i.message}`).join('; '),
    };
  }
  try {
    const resolved = resolveDesign(parsed.design);
    const names = nameNodes(resolved);
    const rows = resolved.nodes.map((node) => {
      const named = names.get(node.id);
      return {
        id: node.id,
        name: node.name,
        serviceName: node.service.name,
        rule: ruleFor(node.service.naming.rule).label,
        names: Object.fromEntries(
          environments.map((env) => [env, renderName(named?.parts ?? [], env)]),
        ),
        violations: named?.violations ?? [],
      };
    });
    return { rows, environments, isExample };
  } catch (error) {
    return {
      rows: [],
      environments,
      isExample,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}
