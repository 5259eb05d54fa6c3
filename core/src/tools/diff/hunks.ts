import type { TLineOp } from './line-diff';

export interface Hunk {
  /** Ops [startOp, endOp) of the script: changes and the context around them. */
  startOp: number;
  endOp: number;
  /** 0-based index of the first left / right line in the hunk. */
  leftIndex: number;
  rightIndex: number;
  leftCount: number;
  rightCount: number;
}

function isChange(op: TLineOp): boolean {
  return op.type !== 'equal';
}

/**
 * Changes with `context` unchanged lines around them; changes whose contexts touch share a
 * hunk (at most 2 × context unchanged lines apart), as in GNU diff and git.
 */
export function buildHunks(ops: readonly TLineOp[], context = 3): Hunk[] {
  const hunks: Hunk[] = [];
  let leftBefore = 0;
  let rightBefore = 0;
  let k = 0;
  // Line positions at op k, kept in step as k moves forward.
  const advance = (to: number) => {
    for (; k < to; k += 1) {
      const op = ops[k]!;
      if (op.type !== 'insert') leftBefore += 1;
      if (op.type !== 'delete') rightBefore += 1;
    }
  };
  let i = 0;
  while (i < ops.length) {
    if (!isChange(ops[i]!)) {
      i += 1;
      continue;
    }
    const start = Math.max(0, i - context);
    let end = i;
    // Extend over changes and over gaps of unchanged lines short enough to merge.
    for (;;) {
      while (end < ops.length && isChange(ops[end]!)) end += 1;
      let gap = end;
      while (gap < ops.length && !isChange(ops[gap]!)) gap += 1;
      if (gap < ops.length && gap - end <= 2 * context) end = gap;
      else {
        end = Math.min(ops.length, end + context);
        break;
      }
    }
    advance(start);
    const leftIndex = leftBefore;
    const rightIndex = rightBefore;
    advance(end);
    hunks.push({
      startOp: start,
      endOp: end,
      leftIndex,
      rightIndex,
      leftCount: leftBefore - leftIndex,
      rightCount: rightBefore - rightIndex,
    });
    i = end;
  }
  return hunks;
}

/** `-l,s` / `+l,s` of a hunk header: one line omits ",1"; an empty range names the line before. */
function range(index: number, count: number): string {
  if (count === 0) return `${index},0`;
  return count === 1 ? `${index + 1}` : `${index + 1},${count}`;
}

export function hunkHeader(hunk: Hunk): string {
  return `@@ -${range(hunk.leftIndex, hunk.leftCount)} +${range(hunk.rightIndex, hunk.rightCount)} @@`;
}
