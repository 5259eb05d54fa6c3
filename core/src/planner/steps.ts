import { PLANNER_MSG } from '../contract/planner/planner-messages';

/**
 * §2 Planner and §4 "Planner step validity": seven steps by index, what satisfies each, which
 * can be opened and why the others are locked. Pure, so the web and the server agree.
 */
export const PLANNER_STEPS = [
  { key: 'provider', title: 'Cloud provider', short: 'Provider' },
  { key: 'services', title: 'Services', short: 'Services' },
  { key: 'architecture', title: 'Architecture', short: 'Architecture' },
  { key: 'naming', title: 'Naming convention', short: 'Naming' },
  { key: 'files', title: 'File structure', short: 'Files' },
  { key: 'generation', title: 'Code generation', short: 'Generate' },
  { key: 'deployment', title: 'Deployment', short: 'Deploy' },
] as const;
export type TPlannerStepKey = (typeof PLANNER_STEPS)[number]['key'];

/** §9: the planner has 7 steps. */
export const PLANNER_STEP_COUNT = PLANNER_STEPS.length;
export const GENERATION_STEP = 5;
export const DEPLOYMENT_STEP = 6;

/** §5 "Planner step locked messages", word for word. */
export const STEP_LOCKED_MESSAGES = {
  provider: PLANNER_MSG.selectProviderFirst,
  services: PLANNER_MSG.pickOneService,
  architecture: PLANNER_MSG.addComponentsOrOverride,
} as const;

/** What the step rules read from the planner state. */
export interface TStepFacts {
  readonly selectedProvider: string | null;
  readonly selectedServices: readonly string[];
  /** Components on the board (networks and subnets are containers, not components). */
  readonly componentCount: number;
  readonly architectureOptionalOverride: boolean;
}

/** §2: any other index shows provider selection. */
export function normalizeStep(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 7
    ? value
    : 0;
}

/** §4: provider, services and architecture have conditions; the other steps are always met. */
export function isStepSatisfied(step: number, facts: TStepFacts): boolean {
  switch (PLANNER_STEPS[step]?.key) {
    case 'provider':
      return facts.selectedProvider !== null && facts.selectedProvider !== '';
    case 'services':
      return facts.selectedServices.length > 0;
    case 'architecture':
      return facts.componentCount > 0 || facts.architectureOptionalOverride;
    default:
      return true;
  }
}

/** The reason `target` cannot be opened from `current`, or null when it can (§4, §5). */
export function lockReason(target: number, current: number, facts: TStepFacts): string | null {
  if (target <= current) return null;
  for (let step = 0; step < target; step++) {
    if (isStepSatisfied(step, facts)) continue;
    const key = PLANNER_STEPS[step]?.key;
    return key === 'provider' || key === 'services' || key === 'architecture'
      ? STEP_LOCKED_MESSAGES[key]
      : null;
  }
  return null;
}

/** §4: the current step, an earlier one, or one whose every earlier step is satisfied. */
export function canOpenStep(target: number, current: number, facts: TStepFacts): boolean {
  if (target < 0 || target >= PLANNER_STEP_COUNT) return false;
  return lockReason(target, current, facts) === null;
}

/** §4: Next only when the current step is satisfied (and there is a next step). */
export function canGoNext(current: number, facts: TStepFacts): boolean {
  return current < PLANNER_STEP_COUNT - 1 && isStepSatisfied(current, facts);
}

export type TStepStatus = 'completed' | 'current' | 'locked' | 'open';

/**
 * How the step bar shows a step. Completed: satisfied and before the furthest step reached (a
 * tick); locked: cannot be opened; open: reachable but not reached yet.
 */
export function stepStatus(
  step: number,
  current: number,
  facts: TStepFacts,
  furthest: number = current,
): TStepStatus {
  if (step === current) return 'current';
  if (!canOpenStep(step, current, facts)) return 'locked';
  return step < Math.max(current, furthest) && isStepSatisfied(step, facts) ? 'completed' : 'open';
}

const STATUS_SUFFIX: Record<TStepStatus, string> = {
  completed: ' (completed)',
  current: ' (current)',
  locked: ' (locked)',
  open: '',
};

/** §2: the accessible label of a step carries ' (completed)', ' (current)' or ' (locked)'. */
export function stepLabel(step: number, status: TStepStatus): string {
  const title = PLANNER_STEPS[step]?.title ?? '';
  return `Step ${step + 1}: ${title}${STATUS_SUFFIX[status]}`;
}

/** §2: a skip button shows only while the user is before that step and it is reachable. */
export function canSkipTo(target: number, current: number, facts: TStepFacts): boolean {
  return current < target && canOpenStep(target, current, facts);
}

/** §2: 'Arch skipped' when the override is on and there are no components. */
export function isArchitectureSkipped(facts: TStepFacts): boolean {
  return facts.architectureOptionalOverride && facts.componentCount === 0;
}

/** "2/7": the current step's number over the count. */
export function stepCount(current: number): string {
  return `${normalizeStep(current) + 1}/${PLANNER_STEP_COUNT}`;
}
