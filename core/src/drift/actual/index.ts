import type { TReadActualResult } from '../model';
import { parseJsonText } from './common';
import { readDriftctl } from './driftctl';
import { readPlan } from './plan';
import { readSnapshot } from './snapshot';
import { readWhatIf } from './whatif';

export type TFileActualKind = 'plan' | 'whatif' | 'driftctl' | 'snapshot';

const WHAT: Record<TFileActualKind, string> = {
  plan: 'plan (terraform show -json)',
  whatif: 'what-if result',
  driftctl: 'driftctl report',
  snapshot: 'snapshot',
};

/**
 * The actual side of a scan from a file. Plans and what-if results carry the desired side too
 * (`desired`), so they work alone.
 */
export function readActual(
  kind: TFileActualKind,
  text: string,
  resourceType?: string,
): TReadActualResult {
  const json = parseJsonText(text, WHAT[kind]);
  if (!json.ok) return json;
  switch (kind) {
    case 'plan':
      return readPlan(json.value);
    case 'whatif':
      return readWhatIf(json.value);
    case 'driftctl':
      return readDriftctl(json.value);
    case 'snapshot':
      return readSnapshot(json.value, resourceType);
  }
}
