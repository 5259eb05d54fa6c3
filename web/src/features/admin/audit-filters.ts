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

/** A `date` input's day as the ISO instant it starts, `addDays` later (1: the end of that day). */
export function dayStartIso(day: string, addDays: number): string | undefined {
  if (!day) return undefined;
  const date = new Date(`${day}T00:00:00`);
  if (Number.isNaN(date.getTime())) return undefined;
  date.setDate(date.getDate() + addDays);
  return date.toISOString();
}
