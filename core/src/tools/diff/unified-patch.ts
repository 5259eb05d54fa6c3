import { buildHunks, hunkHeader } from './hunks';
import type { LineDiff } from './line-diff';

export interface UnifiedPatchOptions {
  /** Path of the left file, written as `--- a/<leftName>`. */
  leftName: string;
  /** Path of the right file, written as `+++ b/<rightName>`. */
  rightName: string;
  /** Unchanged lines around each change (default 3). */
  context?: number;
}

const NO_NEWLINE = '\\ No newline at end of file';

/**
 * The diff as a unified patch that `git apply` and `patch -p1` accept; empty when the texts
 * do not differ. Context lines come from the left text, as in `diff -u`.
 */
export function formatUnifiedPatch(diff: LineDiff, options: UnifiedPatchOptions): string {
  const hunks = buildHunks(diff.ops, options.context ?? 3);
  if (hunks.length === 0) return '';
  const { left, right } = diff;
  const leftLast = left.hasFinalNewline ? -1 : left.lines.length - 1;
  const rightLast = right.hasFinalNewline ? -1 : right.lines.length - 1;
  const out = [`--- a/${options.leftName}`, `+++ b/${options.rightName}`];
  for (const hunk of hunks) {
    out.push(hunkHeader(hunk));
    for (let k = hunk.startOp; k < hunk.endOp; k += 1) {
      const op = diff.ops[k]!;
      if (op.type === 'insert') {
        out.push(`+${right.lines[op.right]!}`);
        if (op.right === rightLast) out.push(NO_NEWLINE);
      } else {
        out.push(`${op.type === 'equal' ? ' ' : '-'}${left.lines[op.left]!}`);
        if (op.left === leftLast) out.push(NO_NEWLINE);
      }
    }
  }
  return `${out.join('\n')}\n`;
}
