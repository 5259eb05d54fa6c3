import type { TAttributeChange, TDriftChange } from '../contract/drift/scans';
import { splitAddress } from '../costing/tfplan/address';
import { unifiedDiff } from './diff';
import { hclString } from './hcl';
import { blockArguments, findModuleBlocks, findResourceBlocks, scanLines } from './hcl-scan';
import { isMasked } from './noise';
import { isComputedAttribute } from './recommend';
import { adoptGroup, applyEdits, type TFileState } from './patch-edits';

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
  // Root-module files: a block under modules/ is reached through the module call that uses it.
  const allTf = Object.keys(files)
    .filter((p) => p.endsWith('.tf'))
    .sort();
  const tfFiles = allTf.filter((p) => !/(^|\/)modules\//.test(p));

  for (const change of changes) {
    const where = locate(change, tfFiles, allTf, files);
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

/**
 * The resource block an address names, when that is exact: no instance key on the way, and every
 * module on the way a local folder of the code (`source = "./modules/x"`) that only this call
 * uses — editing a module called twice would change the other call's resources too.
 */
function locate(
  change: TDriftChange,
  rootFiles: readonly string[],
  allTf: readonly string[],
  files: Readonly<Record<string, string>>,
): TLocate {
  const steps = splitAddress(change.address);
  const type = steps?.[steps.length - 2];
  const last = steps?.[steps.length - 1];
  if (!steps || !type || !last || steps.length % 2 !== 0 || type.name !== change.resourceType)
    return 'The address does not name a resource block.';
  if (steps.some((s) => s.key !== null)) {
    return 'One instance of a count/for_each block: changing the block would change every instance.';
  }
  let searched = rootFiles;
  for (let i = 0; i < steps.length - 2; i += 2) {
    const call = steps[i + 1];
    if (steps[i]?.name !== 'module' || !call) return 'The address does not name a resource block.';
    const dir = moduleFolder(call.name, searched, allTf, files);
    if (!dir.ok) return dir.reason;
    searched = allTf.filter((p) => posixDirname(p) === dir.path);
  }
  const hits: { path: string; block: [number, number] }[] = [];
  for (const path of searched) {
    const text = files[path] ?? '';
    if (!text.includes(change.resourceType)) continue;
    for (const block of findResourceBlocks(scanLines(text), change.resourceType, last.name))
      hits.push({ path, block });
  }
  if (hits.length > 1) return 'The code has more than one block with this address.';
  return { found: hits[0] ?? null };
}

const posixDirname = (path: string) => (path.includes('/') ? path.replace(/\/[^/]*$/, '') : '');

/** `dir` joined with a relative `source` (`./modules/x`, `../shared`), or null outside the code. */
function joinSource(dir: string, source: string): string | null {
  const out = dir === '' ? [] : dir.split('/');
  for (const seg of source.split('/')) {
    if (seg === '.' || seg === '') continue;
    if (seg === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(seg);
  }
  return out.join('/');
}

/** Where a `module` block in `callers` points, read from its literal local `source`. */
function moduleCalls(
  callers: readonly string[],
  files: Readonly<Record<string, string>>,
  name?: string,
) {
  const calls: { name: string; folder: string | null; isCounted: boolean }[] = [];
  for (const path of callers) {
    const text = files[path] ?? '';
    if (!text.includes('module')) continue;
    const lines = scanLines(text);
    for (let i = 0; i < lines.length; i += 1) {
      const m = /^\s*module\s+"([^"]+)"\s*\{\s*$/.exec(lines[i]?.text ?? '');
      if (!m?.[1] || (name !== undefined && m[1] !== name)) continue;
      const block = findModuleBlocks(lines, m[1]).find(([open]) => open === i);
      if (!block) continue;
      const args = blockArguments(lines, block);
      const source = /^"(\.{1,2}\/[^"$]*)"$/.exec(args.get('source') ?? '')?.[1];
      calls.push({
        name: m[1],
        folder: source ? joinSource(posixDirname(path), source) : null,
        isCounted: args.has('count') || args.has('for_each'),
      });
    }
  }
  return calls;
}

function moduleFolder(
  name: string,
  callers: readonly string[],
  allTf: readonly string[],
  files: Readonly<Record<string, string>>,
): { ok: true; path: string } | { ok: false; reason: string } {
  const calls = moduleCalls(callers, files, name);
  if (calls.length === 0)
    return { ok: false, reason: `The code has no module "${name}" call on this path.` };
  if (calls.length > 1)
    return { ok: false, reason: `The code calls module "${name}" more than once on this path.` };
  const call = calls[0]!;
  if (call.isCounted) {
    return {
      ok: false,
      reason:
        'One instance of a count/for_each block: changing the block would change every instance.',
    };
  }
  if (call.folder === null) {
    return {
      ok: false,
      reason: `Module "${name}" comes from outside this code (a registry, git or a computed source): change it there.`,
    };
  }
  const users = moduleCalls(allTf, files).filter((c) => c.folder === call.folder);
  if (users.length > 1) {
    return {
      ok: false,
      reason: `${call.folder} is called by ${users.length} module blocks: changing it would change them all.`,
    };
  }
  return { ok: true, path: call.folder };
}
