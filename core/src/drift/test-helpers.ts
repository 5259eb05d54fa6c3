import { readFileSync } from 'node:fs';
import { readActual, type TFileActualKind } from './actual';
import { desiredFromState } from './desired';
import type { TActualSide, TDesiredResource } from './model';

/** Test helpers: the small fixture files beside the code. */
export const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

export function desired(name = 'state.tfstate'): TDesiredResource[] {
  const r = desiredFromState(fixture(name));
  if (!r.ok) throw new Error(r.message);
  return r.value;
}

export function actual(
  kind: TFileActualKind,
  name: string,
  resourceType?: string,
): { value: TActualSide; desired?: TDesiredResource[] } {
  const r = readActual(kind, fixture(name), resourceType);
  if (!r.ok) throw new Error(r.message);
  return r;
}
