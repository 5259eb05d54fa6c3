import type { TDriftChange } from '../contract/drift/scans';

export interface TScanComparison {
  /** Drifted now, not in the previous scan. */
  appeared: string[];
  /** Drifted in the previous scan, not now (fixed, or ignored since). */
  resolved: string[];
  /** Drifted in both, in another bucket now (`changed` → `missing`). */
  statusChanged: { address: string; from: string; to: string }[];
}

type TChangeKey = Pick<TDriftChange, 'address' | 'status'>;

/** What changed since the previous scan of the same source, by address; sorted. */
export function compareScans(
  previous: readonly TChangeKey[],
  current: readonly TChangeKey[],
): TScanComparison {
  const before = new Map(previous.map((c) => [c.address, c.status]));
  const now = new Map(current.map((c) => [c.address, c.status]));
  const sort = (xs: string[]) => xs.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    appeared: sort([...now.keys()].filter((a) => !before.has(a))),
    resolved: sort([...before.keys()].filter((a) => !now.has(a))),
    statusChanged: [...now.entries()]
      .filter(([a, s]) => before.has(a) && before.get(a) !== s)
      .map(([address, to]) => ({ address, from: before.get(address) ?? '', to }))
      .sort((x, y) => (x.address < y.address ? -1 : x.address > y.address ? 1 : 0)),
  };
}
