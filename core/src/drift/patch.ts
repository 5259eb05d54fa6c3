import type { TAttributeChange, TDriftChange } from '../contract/drift/scans';
import { splitAddress } from '../costing/tfplan/address';
import { unifiedDiff } from './diff';
import { hclKey, hclString, hclValue, isScalar } from './hcl';
import {
  closingLine,
  escapeRe,
  findResourceBlocks,
  isLiteral,
  readAssignment,
  scanLines,
  type TLineInfo,
} from './hcl-scan';
import { isMasked } from './noise';
import { isComputedAttribute } from './recommend';

/**
 * Enterprise: a pull-request patch against the project's generated Terraform. It makes only edits
 * it can make exactly — `import` blocks for unmanaged resources in `imports.tf`, and literal
 * argument values set to the cloud's (adopt) in the resource block the address names — and
 * lists everything else with the reason, so the pull request says what is left to do by hand.
 */
export interface TDriftPatch {
  diff: string;
  /** Files the diff touches. */
  files: string[];
  title: string;
  body: string;
  done: { address: string; what: string }[];
  notDone: { address: string; reason: string }[];
}

const MAP_ARGUMENTS = new Set(['tags', 'labels']);

type TEdit =
  | { kind: 'replace'; line: number; text: string }
  | { kind: 'delete'; line: number }
  | { kind: 'insert'; before: number; lines: string[] };

interface TFileState {
  text: string;
  lines: TLineInfo[];
  edits: TEdit[];
}

export function buildDriftPatch(
  changes: readonly TDriftChange[],
  files: Readonly<Record<string, string>>,
): TDriftPatch {
  const state = new Map<string, TFileState>();
  const fileOf = (path: string): TFileState => {
    let s = state.get(path);
    if (!s) {
      const text = files[path] ?? '';
      s = { text, lines: scanLines(text), edits: [] };
      state.set(path, s);
    }
    return s;
  };
  const done: TDriftPatch['done'] = [];
  const notDone: TDriftPatch['notDone'] = [];
  const imports: string[] = [];
  // Root-module files only: a block under modules/ is not at a root address.
  const tfFiles = Object.keys(files)
    .filter((p) => p.endsWith('.tf') && !/(^|\/)modules\//.test(p))
    .sort();

  for (const change of changes) {
    const where = locate(change, tfFiles, files);
    if (change.status === 'unmanaged') {
      if (change.resourceType.includes('/') || !change.id) {
        notDone.push({
          address: change.address,
          reason: 'Not a Terraform resource type: add it to the template by hand.',
        });
      } else if (typeof where !== 'string' && where.found) {
        notDone.push({
          address: change.address,
          reason:
            'The code already has a resource at this address: import it under another name by hand.',
        });
      } else {
        imports.push(`import {\n  to = ${change.address}\n  id = ${hclString(change.id)}\n}\n`);
        done.push({ address: change.address, what: 'import block in imports.tf' });
      }
      continue;
    }
    if (change.status === 'missing') {
      notDone.push({
        address: change.address,
        reason:
          'Gone from the cloud: apply re-creates it, or remove its block and forget it (removed block) if that was intended.',
      });
      continue;
    }
    if (change.status === 'unknown') {
      notDone.push({ address: change.address, reason: change.reason ?? 'Not compared.' });
      continue;
    }
    if (typeof where === 'string') {
      notDone.push({ address: change.address, reason: where });
      continue;
    }
    if (!where.found) {
      notDone.push({
        address: change.address,
        reason: 'No resource block with this address in the generated code.',
      });
      continue;
    }
    const file = fileOf(where.found.path);
    const byKey = new Map<string, TAttributeChange[]>();
    for (const a of change.attributes) {
      const key = String(a.path[0]);
      byKey.set(key, [...(byKey.get(key) ?? []), a]);
    }
    for (const [key, group] of byKey) {
      const label = `${change.address}: ${key}`;
      if (isComputedAttribute(key)) {
        notDone.push({
          address: label,
          reason: 'Computed by the cloud: not an argument in the code.',
        });
        continue;
      }
      if (group.some((a) => isMasked(a.after) || isMasked(a.before))) {
        notDone.push({
          address: label,
          reason: 'A sensitive value: it is never written into a patch; set it by hand.',
        });
        continue;
      }
      const result = adoptGroup(file, where.found.block, key, group);
      if (result.ok) done.push({ address: change.address, what: result.what });
      else notDone.push({ address: label, reason: result.reason });
    }
  }

  let diff = '';
  const touched: string[] = [];
  for (const [path, s] of [...state.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (s.edits.length === 0) continue;
    const patched = applyEdits(s.text, s.edits);
    const d = unifiedDiff(path, s.text, patched);
    if (d) {
      diff += d;
      touched.push(path);
    }
  }
  if (imports.length > 0) {
    const path = 'imports.tf';
    const old = files[path];
    const header = '# Resources found in the cloud but not in Terraform (drift scan).\n';
    const added = imports.join('\n');
    const next =
      old === undefined
        ? `${header}\n${added}`
        : `${old}${old.endsWith('\n') || old === '' ? '' : '\n'}\n${added}`;
    diff += unifiedDiff(path, old ?? null, next);
    touched.push(path);
  }
  touched.sort();
  return { diff, files: touched, ...describe(done, notDone, imports.length) };
}

function describe(done: TDriftPatch['done'], notDone: TDriftPatch['notDone'], importCount: number) {
  const adopted = done.length - importCount;
  const parts: string[] = [];
  if (adopted > 0) parts.push(`adopt ${adopted} cloud value${adopted === 1 ? '' : 's'}`);
  if (importCount > 0) parts.push(`import ${importCount} resource${importCount === 1 ? '' : 's'}`);
  const title =
    parts.length > 0 ? `Drift: ${parts.join(', ')}` : 'Drift: nothing to change in the code';
  const lines = ['This change reconciles drift found by a Stratum scan.', ''];
  if (done.length > 0) {
    lines.push('## In this patch', '');
    for (const d of done) lines.push(`- \`${d.address}\`: ${d.what}`);
    lines.push('');
  }
  if (importCount > 0) {
    lines.push(
      'The import blocks need resource blocks: run `terraform plan -generate-config-out=generated.tf`, review the generated file, then apply (Terraform 1.5+).',
      '',
    );
  }
  if (notDone.length > 0) {
    lines.push('## Not in this patch (by hand)', '');
    for (const n of notDone) lines.push(`- \`${n.address}\`: ${n.reason}`);
    lines.push('');
  }
  lines.push(
    'Run `terraform plan` before merging: it should show no changes for the adopted values.',
  );
  return { title, body: lines.join('\n'), done, notDone };
}

type TLocate = string | { found: { path: string; block: [number, number] } | null };

/** The resource block an address names, when that is exact (root module, no instance key). */
function locate(
  change: TDriftChange,
  tfFiles: readonly string[],
  files: Readonly<Record<string, string>>,
): TLocate {
  const steps = splitAddress(change.address);
  const last = steps?.[steps.length - 1];
  if (!steps || !last || steps.length !== 2 || steps[0]?.name !== change.resourceType) {
    return steps && steps.length > 2
      ? 'In a module: the generated root files do not hold this block.'
      : 'The address does not name a resource block.';
  }
  if (steps.some((s) => s.key !== null)) {
    return 'One instance of a count/for_each block: changing the block would change every instance.';
  }
  const hits: { path: string; block: [number, number] }[] = [];
  for (const path of tfFiles) {
    const text = files[path] ?? '';
    if (!text.includes(change.resourceType)) continue;
    for (const block of findResourceBlocks(scanLines(text), change.resourceType, last.name))
      hits.push({ path, block });
  }
  if (hits.length > 1) return 'The code has more than one block with this address.';
  return { found: hits[0] ?? null };
}

type TAdopt = { ok: true; what: string } | { ok: false; reason: string };

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

function adoptGroup(
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

function applyEdits(text: string, edits: readonly TEdit[]): string {
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
