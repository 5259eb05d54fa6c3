import type { TNode } from '../catalog/service';
import type { TResolvedDesign } from '../design/resolve';
import { ruleFor } from './rules';
import {
  checkName,
  composeName,
  fixName,
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
  for (const node of resolved.nodes) {
    const count = (counters.get(node.service.id) ?? 0) + 1;
    counters.set(node.service.id, count);
    const rule = ruleFor(node.service.naming.rule);
    let parts = composeName(conv, {
      org: conv.org,
      project: conv.project,
      region: regionCode(design.region),
      type: abbreviationFor(node, conv.abbreviations),
      name: node.name,
      instance: String(count).padStart(conv.instanceDigits, '0'),
    });
    const original = parts;
    const violations: TNameViolation[] = [];
    const reasons = new Map<string, string>();
    for (const env of envs) {
      for (const r of checkName(renderName(parts, env), rule))
        if (!reasons.has(r)) reasons.set(r, env);
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
    let fixed = fixName(parts, rule, longestEnv);
    // Truncation can make two names equal: keep them apart with a stable suffix.
    const key = `${node.service.id}|${renderName(fixed, envs[0] ?? '')}`;
    const other = taken.get(key);
    if (other !== undefined) {
      reasons.set(`same name as "${other}" after shortening`, envs[0] ?? '');
      const suffix = shortHash(node.id, 4);
      fixed = fixName(
        [...fixName(parts, { ...rule, max: rule.max - suffix.length }, longestEnv), suffix],
        rule,
        longestEnv,
      );
    }
    taken.set(`${node.service.id}|${renderName(fixed, envs[0] ?? '')}`, node.id);
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
    out.set(node.id, { node: node.id, parts: fixed, violations });
  }
  return out;
}
