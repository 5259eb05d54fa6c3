/** A unified diff (`git apply`-able) between two texts, with three lines of context. */

interface TLines {
  lines: string[];
  hasFinalNewline: boolean;
}

function toLines(text: string): TLines {
  if (text === '') return { lines: [], hasFinalNewline: true };
  const hasFinalNewline = text.endsWith('\n');
  const body = hasFinalNewline ? text.slice(0, -1) : text;
  return { lines: body.split('\n'), hasFinalNewline };
}

type TOp = { kind: ' ' | '-' | '+'; text: string; oldNo: number; newNo: number };

/** Line operations: common prefix and suffix kept, the middle by longest common subsequence. */
function lineOps(a: readonly string[], b: readonly string[]): TOp[] {
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre += 1;
  let suf = 0;
  while (
    suf < a.length - pre &&
    suf < b.length - pre &&
    a[a.length - 1 - suf] === b[b.length - 1 - suf]
  ) {
    suf += 1;
  }
  const ma = a.slice(pre, a.length - suf);
  const mb = b.slice(pre, b.length - suf);
  const ops: TOp[] = [];
  for (let i = 0; i < pre; i += 1) ops.push({ kind: ' ', text: a[i] ?? '', oldNo: i, newNo: i });
  const middle: TOp[] = [];
  if (ma.length * mb.length > 4_000_000) {
    ma.forEach((t, i) => middle.push({ kind: '-', text: t, oldNo: pre + i, newNo: -1 }));
    mb.forEach((t, j) => middle.push({ kind: '+', text: t, oldNo: -1, newNo: pre + j }));
  } else {
    const n = ma.length;
    const m = mb.length;
    const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
    for (let i = n - 1; i >= 0; i -= 1) {
      for (let j = m - 1; j >= 0; j -= 1) {
        const row = lcs[i] ?? [];
        row[j] =
          ma[i] === mb[j]
            ? (lcs[i + 1]?.[j + 1] ?? 0) + 1
            : Math.max(lcs[i + 1]?.[j] ?? 0, row[j + 1] ?? 0);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && ma[i] === mb[j]) {
        middle.push({ kind: ' ', text: ma[i] ?? '', oldNo: pre + i, newNo: pre + j });
        i += 1;
        j += 1;
      } else if (i < n && (j >= m || (lcs[i + 1]?.[j] ?? 0) >= (lcs[i]?.[j + 1] ?? 0))) {
        middle.push({ kind: '-', text: ma[i] ?? '', oldNo: pre + i, newNo: -1 });
        i += 1;
      } else {
        middle.push({ kind: '+', text: mb[j] ?? '', oldNo: -1, newNo: pre + j });
        j += 1;
      }
    }
  }
  ops.push(...middle);
  for (let k = 0; k < suf; k += 1) {
    const oi = a.length - suf + k;
    const ni = b.length - suf + k;
    ops.push({ kind: ' ', text: a[oi] ?? '', oldNo: oi, newNo: ni });
  }
  return ops;
}

const CONTEXT = 3;

/**
 * `diff --git` text for one file; empty when nothing changed. `oldText` null: a new file.
 */
export function unifiedDiff(path: string, oldText: string | null, newText: string): string {
  if (oldText === newText) return '';
  const a = toLines(oldText ?? '');
  const b = toLines(newText);
  const ops = lineOps(a.lines, b.lines);
  const header =
    oldText === null
      ? `diff --git a/${path} b/${path}\nnew file mode 100644\n--- /dev/null\n+++ b/${path}\n`
      : `diff --git a/${path} b/${path}\n--- a/${path}\n+++ b/${path}\n`;
  const changed = ops.map((o, i) => (o.kind === ' ' ? -1 : i)).filter((i) => i >= 0);
  const lastOld = a.lines.length - 1;
  const lastNew = b.lines.length - 1;
  // A final line whose newline status differs counts as changed.
  if (oldText !== null && a.hasFinalNewline !== b.hasFinalNewline) {
    const idx = ops.findIndex((o) => o.kind === ' ' && o.oldNo === lastOld);
    if (idx >= 0) {
      const o = ops[idx];
      if (o) {
        ops.splice(idx, 1, { ...o, kind: '-', newNo: -1 }, { ...o, kind: '+', oldNo: -1 });
        return unifiedDiffFromOps(header, ops, a, b, lastOld, lastNew);
      }
    }
  }
  if (changed.length === 0) return '';
  return unifiedDiffFromOps(header, ops, a, b, lastOld, lastNew);
}

function unifiedDiffFromOps(
  header: string,
  ops: TOp[],
  a: TLines,
  b: TLines,
  lastOld: number,
  lastNew: number,
): string {
  const changed = ops.map((o, i) => (o.kind === ' ' ? -1 : i)).filter((i) => i >= 0);
  const hunks: [number, number][] = [];
  for (const i of changed) {
    const start = Math.max(0, i - CONTEXT);
    const end = Math.min(ops.length - 1, i + CONTEXT);
    const last = hunks[hunks.length - 1];
    if (last && start <= last[1] + 1) last[1] = Math.max(last[1], end);
    else hunks.push([start, end]);
  }
  let out = header;
  for (const [s, e] of hunks) {
    const slice = ops.slice(s, e + 1);
    const olds = slice.filter((o) => o.kind !== '+');
    const news = slice.filter((o) => o.kind !== '-');
    const oldStart = olds[0] ? olds[0].oldNo + 1 : firstNo(ops, s, 'old');
    const newStart = news[0] ? news[0].newNo + 1 : firstNo(ops, s, 'new');
    out += `@@ -${range(oldStart, olds.length)} +${range(newStart, news.length)} @@\n`;
    for (const o of slice) {
      out += `${o.kind}${o.text}\n`;
      const isLastOld = o.kind !== '+' && o.oldNo === lastOld && !a.hasFinalNewline;
      const isLastNew = o.kind !== '-' && o.newNo === lastNew && !b.hasFinalNewline;
      if (
        (o.kind === '-' && isLastOld) ||
        (o.kind === '+' && isLastNew) ||
        (o.kind === ' ' && isLastOld)
      ) {
        out += '\\ No newline at end of file\n';
      }
    }
  }
  return out;
}

/** For a hunk with no line on one side: the line number before which it applies. */
function firstNo(ops: TOp[], at: number, side: 'old' | 'new'): number {
  for (let i = at - 1; i >= 0; i -= 1) {
    const o = ops[i];
    if (!o) continue;
    const no = side === 'old' ? o.oldNo : o.newNo;
    if (no >= 0) return no + 1;
  }
  return 0;
}

function range(start: number, length: number): string {
  return length === 1 ? `${start}` : `${length === 0 ? start : start},${length}`;
}
