/**
 * Myers' O(ND) difference algorithm in linear space ("An O(ND) Difference Algorithm and Its
 * Variations", 1986, §4b: find the middle snake, recurse on both halves), as GNU diff does it:
 * elements that occur in only one sequence are set aside first (they can never match), and
 * when a split costs more than `costLimit` edit steps the best point reached so far is used
 * instead of the optimal one. The result is then still a correct edit script, only perhaps not
 * the shortest, and the work stays bounded on huge, very different inputs.
 */
export interface SequenceDiff {
  /** removed[i] === 1: a[i] is not kept (it is deleted). */
  removed: Uint8Array;
  /** added[j] === 1: b[j] is new (it is inserted). */
  added: Uint8Array;
  /** Work done, counted as diagonals visited plus elements compared: the algorithm's cost. */
  operations: number;
}

export interface DiffSequencesOptions {
  /** Edit steps one split may take before settling for a good split instead of the best. */
  costLimit?: number;
}

/** At least 1024, and about 4√(N+M) past that (GNU diff uses a similar bound, 4096). */
export function defaultCostLimit(total: number): number {
  return Math.max(1024, Math.ceil(4 * Math.sqrt(total)));
}

const NONE = 0x7fffffff;

/** Diffs two sequences of element ids (equal ids mean equal elements). */
export function diffSequences(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  options: DiffSequencesOptions = {},
): SequenceDiff {
  const removed = new Uint8Array(a.length);
  const added = new Uint8Array(b.length);
  let operations = a.length + b.length;

  // Set aside elements the other side does not have; the rest keeps its order.
  const inB = new Set<number>();
  for (let j = 0; j < b.length; j += 1) inB.add(b[j]!);
  const inA = new Set<number>();
  for (let i = 0; i < a.length; i += 1) inA.add(a[i]!);
  const xIndex: number[] = [];
  for (let i = 0; i < a.length; i += 1) {
    if (inB.has(a[i]!)) xIndex.push(i);
    else removed[i] = 1;
  }
  const yIndex: number[] = [];
  for (let j = 0; j < b.length; j += 1) {
    if (inA.has(b[j]!)) yIndex.push(j);
    else added[j] = 1;
  }
  const xv = Int32Array.from(xIndex, (i) => a[i]!);
  const yv = Int32Array.from(yIndex, (j) => b[j]!);
  const n = xv.length;
  const m = yv.length;
  const limit = options.costLimit ?? defaultCostLimit(n + m);

  // Furthest-reaching x per diagonal k = x - y, forward (fd) and backward (bd), k in [-m-1, n+1].
  const offset = m + 1;
  const fd = new Int32Array(n + m + 3);
  const bd = new Int32Array(n + m + 3);

  /** A split point (xmid, ymid) on a good path through [xoff,xlim) × [yoff,ylim). */
  function split(
    xoff: number,
    xlim: number,
    yoff: number,
    ylim: number,
    isMinimal: boolean,
  ): [number, number, boolean, boolean] {
    const dmin = xoff - ylim;
    const dmax = xlim - yoff;
    const fmid = xoff - yoff;
    const bmid = xlim - ylim;
    let fmin = fmid;
    let fmax = fmid;
    let bmin = bmid;
    let bmax = bmid;
    const isOdd = ((fmid - bmid) & 1) !== 0;
    fd[fmid + offset] = xoff;
    bd[bmid + offset] = xlim;

    for (let cost = 1; ; cost += 1) {
      // One more edit step forward on every diagonal in reach.
      if (fmin > dmin) fd[--fmin - 1 + offset] = -1;
      else fmin += 1;
      if (fmax < dmax) fd[++fmax + 1 + offset] = -1;
      else fmax -= 1;
      for (let d = fmax; d >= fmin; d -= 2) {
        const lo = fd[d - 1 + offset]!;
        const hi = fd[d + 1 + offset]!;
        let x = lo >= hi ? lo + 1 : hi;
        let y = x - d;
        operations += 1;
        while (x < xlim && y < ylim && xv[x] === yv[y]) {
          x += 1;
          y += 1;
          operations += 1;
        }
        fd[d + offset] = x;
        if (isOdd && bmin <= d && d <= bmax && bd[d + offset]! <= x) return [x, y, true, true];
      }

      // And one more backward.
      if (bmin > dmin) bd[--bmin - 1 + offset] = NONE;
      else bmin += 1;
      if (bmax < dmax) bd[++bmax + 1 + offset] = NONE;
      else bmax -= 1;
      for (let d = bmax; d >= bmin; d -= 2) {
        const lo = bd[d - 1 + offset]!;
        const hi = bd[d + 1 + offset]!;
        let x = lo < hi ? lo : hi - 1;
        let y = x - d;
        operations += 1;
        while (x > xoff && y > yoff && xv[x - 1] === yv[y - 1]) {
          x -= 1;
          y -= 1;
          operations += 1;
        }
        bd[d + offset] = x;
        if (!isOdd && fmin <= d && d <= fmax && x <= fd[d + offset]!) return [x, y, true, true];
      }

      if (isMinimal || cost < limit) continue;

      // Too expensive: take the forward point that got furthest, or the backward one.
      let fxyBest = -1;
      let fxBest = 0;
      for (let d = fmax; d >= fmin; d -= 2) {
        let x = Math.min(fd[d + offset]!, xlim);
        let y = x - d;
        if (ylim < y) {
          x = ylim + d;
          y = ylim;
        }
        if (fxyBest < x + y) {
          fxyBest = x + y;
          fxBest = x;
        }
      }
      let bxyBest = NONE;
      let bxBest = 0;
      for (let d = bmax; d >= bmin; d -= 2) {
        let x = Math.max(xoff, bd[d + offset]!);
        let y = x - d;
        if (y < yoff) {
          x = yoff + d;
          y = yoff;
        }
        if (x + y < bxyBest) {
          bxyBest = x + y;
          bxBest = x;
        }
      }
      operations += fmax - fmin + bmax - bmin + 2;
      return xlim + ylim - bxyBest < fxyBest - (xoff + yoff)
        ? [fxBest, fxyBest - fxBest, true, false]
        : [bxBest, bxyBest - bxBest, false, true];
    }
  }

  // An explicit stack: heuristic splits can make the recursion deep.
  const stack: [number, number, number, number, boolean][] = [[0, n, 0, m, false]];
  for (let job = stack.pop(); job; job = stack.pop()) {
    let [xoff, xlim, yoff, ylim] = job;
    while (xoff < xlim && yoff < ylim && xv[xoff] === yv[yoff]) {
      xoff += 1;
      yoff += 1;
      operations += 1;
    }
    while (xoff < xlim && yoff < ylim && xv[xlim - 1] === yv[ylim - 1]) {
      xlim -= 1;
      ylim -= 1;
      operations += 1;
    }
    if (xoff === xlim) {
      for (let y = yoff; y < ylim; y += 1) added[yIndex[y]!] = 1;
    } else if (yoff === ylim) {
      for (let x = xoff; x < xlim; x += 1) removed[xIndex[x]!] = 1;
    } else {
      const [xmid, ymid, isLoMinimal, isHiMinimal] = split(xoff, xlim, yoff, ylim, job[4]);
      stack.push([xmid, xlim, ymid, ylim, isHiMinimal], [xoff, xmid, yoff, ymid, isLoMinimal]);
    }
  }
  return { removed, added, operations };
}
