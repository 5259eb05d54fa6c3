import type { SelectOption } from '../../components/select-field';

/**
 * The action filter: each area as a prefix ("users." matches every user action), then each
 * recorded action, grouped under its area.
 */
export function auditActionOptions(actions: readonly string[]): SelectOption[] {
  const areas = [...new Set(actions.map((a) => a.split('.')[0] ?? a))].sort();
  return areas.flatMap((area) => [
    { value: `${area}.`, label: `${area}: all` },
    ...actions
      .filter((a) => a.startsWith(`${area}.`))
      .sort()
      .map((a) => ({ value: a, label: a })),
  ]);
}
