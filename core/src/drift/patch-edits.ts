import type { TAttributeChange } from '../contract/drift/scans';
import { hclKey, hclValue, isScalar } from './hcl';
import { closingLine, escapeRe, isLiteral, readAssignment, type TLineInfo } from './hcl-scan';

/**
 * The exact edits the pull-request patch makes inside one resource block (adopt): a literal
 * argument, keys of a multi-line map literal, arguments of a single nested block.
 */
const MAP_ARGUMENTS = new Set(['tags', 'labels']);

export type TEdit =
  | { kind: 'replace'; line: number; text: string }
  | { kind: 'delete'; line: number }
  | { kind: 'insert'; before: number; lines: string[] };

export interface TFileState {
  text: string;
  lines: TLineInfo[];
  edits: TEdit[];
}

export type TAdopt = { ok: true; what: string } | { ok: false; reason: string };

/** Lines directly inside the block [open, close] (depth one more than its header). */
function childLines(lines: readonly TLineInfo[], [open, close]: [number, number]): number[] {
  const depth = (lines[open]?.depthStart ?? 0) + 1;
  const out: number[] = [];
  for (let i = open + 1; i < close; i += 1) {
    const l = lines[i];
    if (l?.isCode && l.depthStart === depth) out.push(i);
  }
  return out;
}

function findArgument(lines: readonly TLineInfo[], block: [number, number], key: string) {
  const hits = childLines(lines, block).filter(
    (i) => readAssignment(lines[i]?.text ?? '')?.key === key,
  );
  return hits.length === 1 ? (hits[0] ?? null) : hits.length === 0 ? null : -1;
}

export function adoptGroup(
  file: TFileState,
  block: [number, number],
  key: string,
  group: readonly TAttributeChange[],
): TAdopt {
  const { lines } = file;
  const whole = group.find((a) => a.path.length === 1);
  if (whole) {
    if (whole.after === undefined || whole.after === null) {
      return {
        ok: false,
        reason:
          'Unset in the cloud: removing the argument may not give the same value; decide by hand.',
      };
    }
    if (!(isScalar(whole.after) || (Array.isArray(whole.after) && whole.after.every(isScalar)))) {
      return { ok: false, reason: 'A structured value: set it by hand.' };
    }
    const at = findArgument(lines, block, key);
    if (at === null)
      return {
        ok: false,
        reason: `The code does not write ${key} (its default applies): add ${key} = ${hclValue(whole.after)} if it is an argument.`,
      };
    if (at < 0) return { ok: false, reason: `${key} is written more than once.` };
    const a = readAssignment(lines[at]?.text ?? '');
    if (!a || !isLiteral(a.value))
      return { ok: false, reason: `${key} is an expression, not a literal: change it by hand.` };
    const value = hclValue(whole.after);
    if (value.includes('\n'))
      return { ok: false, reason: 'The new value spans several lines: set it by hand.' };
    file.edits.push({ kind: 'replace', line: at, text: `${a.prefix}${value}` });
    return { ok: true, what: `${key} = ${value}` };
  }
  if (
    MAP_ARGUMENTS.has(key) &&
    group.every((a) => a.path.length === 2 && typeof a.path[1] === 'string')
  ) {
    return adoptMapKeys(file, block, key, group);
  }
  if (group.every((a) => a.path.length === 3 && a.path[1] === 0 && typeof a.path[2] === 'string')) {
    return adoptBlockArguments(file, block, key, group);
  }
  return { ok: false, reason: 'A change inside a list or nested structure: change it by hand.' };
}

function adoptMapKeys(
  file: TFileState,
  block: [number, number],
  key: string,
  group: readonly TAttributeChange[],
): TAdopt {
  const { lines } = file;
  const at = findArgument(lines, block, key);
  if (at !== null && at < 0) return { ok: false, reason: `${key} is written more than once.` };
  if (at === null) {
    if (!group.every((a) => a.before === undefined && typeof a.after === 'string')) {
      return { ok: false, reason: `The code does not write ${key}.` };
    }
    const indent = `${' '.repeat((lines[block[0]]?.depthStart ?? 0) * 2)}  `;
    const entries = group.map(
      (a) => `${indent}  ${hclKey(String(a.path[1]))} = ${hclValue(a.after)}`,
    );
    file.edits.push({
      kind: 'insert',
      before: block[1],
      lines: [`${indent}${key} = {`, ...entries, `${indent}}`],
    });
    return {
      ok: true,
      what: `${key} added: ${group.map((a) => JSON.stringify(a.path[1])).join(', ')}`,
    };
  }
  const open = lines[at];
  if (!open || !/=\s*\{\s*$/.test(open.text))
    return { ok: false, reason: `${key} is not a map literal written over several lines.` };
  const close = closingLine(lines, at);
  if (close === null)
    return { ok: false, reason: `${key} is not a map literal written over several lines.` };
  const entries = childLines(lines, [at, close]);
  const indent =
    readAssignment(lines[entries[0] ?? -1]?.text ?? '')?.indent ??
    `${/^\s*/.exec(open.text)?.[0] ?? ''}  `;
  const edits: TEdit[] = [];
  const added: string[] = [];
  for (const a of group) {
    const mapKey = String(a.path[1]);
    const hits = entries.filter((i) => readAssignment(lines[i]?.text ?? '')?.key === mapKey);
    if (hits.length > 1)
      return { ok: false, reason: `${key} has ${JSON.stringify(mapKey)} more than once.` };
    const hit = hits[0];
    if (hit === undefined) {
      if (typeof a.after !== 'string')
        return { ok: false, reason: `${key}.${mapKey} is not in the code.` };
      added.push(`${indent}${hclKey(mapKey)} = ${hclValue(a.after)}`);
      continue;
    }
    const assignment = readAssignment(lines[hit]?.text ?? '');
    if (!assignment || !isLiteral(assignment.value)) {
      return { ok: false, reason: `${key}.${mapKey} is an expression: change it by hand.` };
    }
    if (a.after === undefined) edits.push({ kind: 'delete', line: hit });
    else if (typeof a.after === 'string')
      edits.push({ kind: 'replace', line: hit, text: `${assignment.prefix}${hclValue(a.after)}` });
    else return { ok: false, reason: `${key}.${mapKey} is not a string in the cloud.` };
  }
  if (added.length > 0) edits.push({ kind: 'insert', before: close, lines: added });
  file.edits.push(...edits);
  return { ok: true, what: `${key}: ${group.map((a) => JSON.stringify(a.path[1])).join(', ')}` };
}

function adoptBlockArguments(
  file: TFileState,
  block: [number, number],
  key: string,
  group: readonly TAttributeChange[],
): TAdopt {
  const { lines } = file;
  const header = new RegExp(`^\\s*${escapeRe(key)}\\s*\\{\\s*$`);
  const dynamic = new RegExp(`^\\s*dynamic\\s+"${escapeRe(key)}"`);
  const children = childLines(lines, block);
  if (children.some((i) => dynamic.test(lines[i]?.text ?? '')))
    return { ok: false, reason: `${key} is a dynamic block: change it by hand.` };
  const opens = children.filter((i) => header.test(lines[i]?.text ?? ''));
  if (opens.length !== 1 || opens[0] === undefined) {
    return {
      ok: false,
      reason:
        opens.length === 0
          ? `The code has no ${key} block.`
          : `The code has several ${key} blocks.`,
    };
  }
  const close = closingLine(lines, opens[0]);
  if (close === null) return { ok: false, reason: `The ${key} block could not be read.` };
  const edits: TEdit[] = [];
  const what: string[] = [];
  for (const a of group) {
    const arg = String(a.path[2]);
    const at = findArgument(lines, [opens[0], close], arg);
    if (at === null || at < 0)
      return { ok: false, reason: `${key}.${arg} is not written once in the code.` };
    const assignment = readAssignment(lines[at]?.text ?? '');
    if (
      !assignment ||
      !isLiteral(assignment.value) ||
      !isScalar(a.after) ||
      a.after === undefined ||
      a.after === null
    ) {
      return { ok: false, reason: `${key}.${arg} is not a literal that can be set exactly.` };
    }
    edits.push({ kind: 'replace', line: at, text: `${assignment.prefix}${hclValue(a.after)}` });
    what.push(`${key}.${arg} = ${hclValue(a.after)}`);
  }
  file.edits.push(...edits);
  return { ok: true, what: what.join(', ') };
}

export function applyEdits(text: string, edits: readonly TEdit[]): string {
  const lines = text.split('\n');
  const replaced = new Map<number, string | null>();
  const inserts = new Map<number, string[]>();
  for (const e of edits) {
    if (e.kind === 'replace') replaced.set(e.line, e.text);
    else if (e.kind === 'delete') replaced.set(e.line, null);
    else inserts.set(e.before, [...(inserts.get(e.before) ?? []), ...e.lines]);
  }
  const out: string[] = [];
  lines.forEach((line, i) => {
    out.push(...(inserts.get(i) ?? []));
    const r = replaced.get(i);
    if (r === undefined) out.push(line);
    else if (r !== null) out.push(r);
  });
  return out.join('\n');
}
