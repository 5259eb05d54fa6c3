import type { TNode } from '../catalog/service';
import type { TResolvedDesign } from '../design/resolve';
import { ruleFor, type TNameRule } from './rules';
import { terraformNameFields } from './type-rules';
import {
  composeName,
  fixName,
  nameProblems,
  regionCode,
  renderName,
  shortHash,
  type TNamePart,
} from './resolve';

export interface TNameViolation {
  readonly node: string;
  readonly env: string;
  readonly name: string;
  readonly rule: string;
  readonly reason: string;
  readonly fix: string;
}

export interface TNodeName {
  readonly node: string;
  /** Parts after the automatic fix: what the emitters use. */
  readonly parts: readonly TNamePart[];
  /**
   * What companion names start from: the composed parts before any fix, so each companion is
   * shortened word by word under its own type's rule (the fixed parts after a collision).
   */
  readonly source: readonly TNamePart[];
  readonly violations: readonly TNameViolation[];
}

export function abbreviationFor(node: TNode, overrides: Readonly<Record<string, string>>): string {
  return (
    // A generic resource's own type first: one convention can abbreviate aws_sqs_queue `sqs`.
    (node.resource ? overrides[node.resource.type] : undefined) ??
    overrides[node.service.id] ??
    overrides[node.service.kind] ??
    overrides[node.service.emits.terraform[0] ?? ''] ??
    node.service.naming.abbreviation
  );
}

/**
 * The rules a node's own name must meet: its service's, and its primary resource type's
 * (a GKE cluster is an RFC 1035 name of at most 40 characters), so the name every builder
 * starts from is already right for the resource that carries it.
 */
function mainRules(node: TNode): TNameRule[] {
  const own = ruleFor(node.service.naming.rule);
  const primary = terraformNameFields(node.service.emits.terraform[0] ?? '')[0];
  if (!primary || primary.prefix || primary.suffix || primary.rule === node.service.naming.rule)
    return [own];
  return [own, ruleFor(primary.rule)];
}

/** Names every node under the design's convention, reporting and fixing rule violations. */
export function nameNodes(resolved: TResolvedDesign): Map<string, TNodeName> {
  const { design } = resolved;
  const conv = design.naming;
  const envs = design.environments.map((e) => e.name);
  const longestEnv = Math.max(...envs.map((e) => e.length));
  const counters = new Map<string, number>();
  const out = new Map<string, TNodeName>();
  const taken = new Map<string, string>();
  const hasOwner =
    /\{(org|project)\}/.test(conv.pattern) && (conv.org !== '' || conv.project !== '');
  const region = regionCode(design.region);
  for (const node of resolved.nodes) {
    const count = (counters.get(node.service.id) ?? 0) + 1;
    counters.set(node.service.id, count);
    const rules = mainRules(node);
    const rule = rules[0]!;
    let parts = composeName(conv, {
      org: conv.org,
      project: conv.project,
      region,
      type: abbreviationFor(node, conv.abbreviations),
      name: node.name,
      instance: String(count).padStart(conv.instanceDigits, '0'),
    });
    const original = parts;
    const violations: TNameViolation[] = [];
    const reasons = new Map<string, string>();
    for (const env of envs) {
      const rendered = renderName(parts, env);
      for (const x of rules)
        for (const r of nameProblems(rendered, x)) if (!reasons.has(r)) reasons.set(r, env);
    }
    if (rule.isGlobal && !hasOwner) {
      reasons.set(
        `${rule.label.split(' (')[0]} names are global: include {org} or {project}`,
        envs[0] ?? '',
      );
      parts = [
        ...parts,
        conv.separator && rule.chars.includes(conv.separator) ? conv.separator : '',
        shortHash(`${design.name}/${node.id}`),
      ];
    }
    const fixAll = (p: readonly TNamePart[], less = 0) =>
      rules.reduce<TNamePart[]>(
        (acc, r) => fixName(acc, less === 0 ? r : { ...r, max: r.max - less }, longestEnv),
        [...p],
      );
    let fixed = fixAll(parts);
    // Truncation can make two names equal: keep them apart with a stable suffix.
    const key = `${node.service.id}|${renderName(fixed, envs[0] ?? '')}`;
    const other = taken.get(key);
    if (other !== undefined) {
      reasons.set(`same name as "${other}" after shortening`, envs[0] ?? '');
      const suffix = shortHash(node.id, 4);
      // Joined with the separator, so the hash does not read as the end of a word.
      const sep = conv.separator;
      fixed = fixAll([...fixAll(parts, suffix.length + sep.length), sep, suffix]);
    }
    const collided = other !== undefined;
    // Without a collision the name is the one just looked up: its key serves again.
    taken.set(collided ? `${node.service.id}|${renderName(fixed, envs[0] ?? '')}` : key, node.id);
    for (const [reason, env] of reasons) {
      violations.push({
        node: node.id,
        env,
        name: renderName(original, env),
        rule: rule.label,
        reason,
        fix: renderName(fixed, env),
      });
    }
    out.set(node.id, { node: node.id, parts: fixed, source: collided ? fixed : parts, violations });
  }
  return out;
}
