import type { TNameViolation } from '@stratum/core/iac/naming/naming';
import type { TPlannerState } from '@stratum/core/planner/state';

/** A one-click change of the convention (or of a component's name) that removes a violation. */
export interface TNameFix {
  readonly label: string;
  readonly apply: (plan: TPlannerState) => TPlannerState;
}

const setNaming = (plan: TPlannerState, patch: Partial<TPlannerState['namingConvention']>) => ({
  ...plan,
  namingConvention: { ...plan.namingConvention, ...patch },
});

/** Letters and digits only, as `org` and `project` require. */
export const compact = (text: string, max: number): string =>
  text
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, max)
    .toLowerCase();

const LONGER = /^longer than (\d+) characters \((\d+)\)$/;

/**
 * The fixes that apply to a violation, most specific first; none when only the engine's own fix
 * helps. `related` are the node's other violations (a name too long in several environments is
 * shortened for the longest).
 */
export function fixesFor(
  violation: TNameViolation,
  plan: TPlannerState,
  related: readonly TNameViolation[] = [violation],
): TNameFix[] {
  const conv = plan.namingConvention;
  const reason = violation.reason;
  const fixes: TNameFix[] = [];
  if (reason.includes('names are global')) {
    const project = conv.project || compact(plan.architectureConfig.name, 30) || 'app';
    const hasToken = /\{(org|project)\}/.test(conv.pattern);
    fixes.push({
      label: conv.project
        ? 'Add {project} to the pattern'
        : `Use project “${project}”${hasToken && /\{project\}/.test(conv.pattern) ? '' : ' in the pattern'}`,
      apply: (p) =>
        setNaming(p, {
          project,
          pattern: /\{project\}/.test(p.namingConvention.pattern)
            ? p.namingConvention.pattern
            : `{project}-${p.namingConvention.pattern}`,
        }),
    });
  }
  if (reason === 'must be lowercase' && conv.case !== 'lower') {
    fixes.push({ label: 'Switch to lowercase', apply: (p) => setNaming(p, { case: 'lower' }) });
  }
  const chars = /^contains (.+), allowed: (.+)$/.exec(reason);
  if (chars && conv.separator !== '' && chars[1]?.includes(`'${conv.separator}'`)) {
    const allowed = chars[2] ?? '';
    const next = (['-', '_', '.'] as const).find(
      (s) => allowed.includes(s) && s !== conv.separator,
    );
    fixes.push(
      next
        ? { label: `Use “${next}” as separator`, apply: (p) => setNaming(p, { separator: next }) }
        : { label: 'Use no separator', apply: (p) => setNaming(p, { separator: '' }) },
    );
  }
  if (LONGER.test(reason)) {
    const excess = Math.max(
      ...[violation, ...related].map((v) => {
        const m = LONGER.exec(v.reason);
        return m ? Number(m[2]) - Number(m[1]) : 0;
      }),
    );
    const node = [...plan.architectureConfig.groups, ...plan.architectureConfig.components].find(
      (n) => n.id === violation.node,
    );
    if (node && node.name.length - excess >= 2) {
      const name = node.name.slice(0, node.name.length - excess).replace(/-+$/, '');
      fixes.push({
        label: `Shorten “${node.name}” to “${name}”`,
        apply: (p) => ({
          ...p,
          architectureConfig: {
            ...p.architectureConfig,
            groups: p.architectureConfig.groups.map((g) => (g.id === node.id ? { ...g, name } : g)),
            components: p.architectureConfig.components.map((c) =>
              c.id === node.id ? { ...c, name } : c,
            ),
          },
        }),
      });
    }
    if (conv.pattern.includes('{region}')) {
      fixes.push({
        label: 'Drop {region} from the pattern',
        apply: (p) =>
          setNaming(p, {
            pattern:
              p.namingConvention.pattern.replace(/[-_. ]?\{region\}/, '').replace(/^[-_. ]+/, '') ||
              '{name}',
          }),
      });
    }
  }
  return fixes;
}
