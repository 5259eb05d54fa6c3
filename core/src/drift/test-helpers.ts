import { readActual, type TFileActualKind } from './actual';
import { desiredFromState } from './desired';
import type { TActualSide, TDesiredResource } from './model';

/** Test helpers (pure: each test file reads its fixtures). */
export function desiredOf(text: string): TDesiredResource[] {
  const r = desiredFromState(text);
  if (!r.ok) throw new Error(r.message);
  return r.value;
}

export function actualOf(
  kind: TFileActualKind,
  text: string,
  resourceType?: string,
): { value: TActualSide; desired?: TDesiredResource[] } {
  const r = readActual(kind, text, resourceType);
  if (!r.ok) throw new Error(r.message);
  return r;
}
