import { splitAddress } from '../costing/tfplan/address';
import type { TAttributeChange, TDriftChange, TRecommendation } from '../contract/drift/scans';
import { isMasked } from './noise';
import { commentOut, displayPath, hclBlock, hclKey, hclString, hclValue } from './hcl';

/**
 * Ultra-pro: how to reconcile each drift. `recommendations` lists every option (the first is the
 * one suggested); `recommend` answers the suggested one with the alternative in its code.
 */

/** Attributes the cloud computes: no argument in the code can set them. */
const COMPUTED = new Set([
  'id',
  'arn',
  'unique_id',
  'create_date',
  'creation_date',
  'created_at',
  'creation_timestamp',
  'owner_id',
  'resource_id',
  'public_ip',
  'public_dns',
  'private_dns',
  'instance_state',
  'stream_arn',
  'stream_label',
  'self_link',
  'fingerprint',
  'gateway_address',
  'number_of_record_sets',
]);

export function isComputedAttribute(key: string): boolean {
  return COMPUTED.has(key);
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export function applyTargetCommand(address: string, isRefreshOnly = false): string {
  return `terraform apply ${isRefreshOnly ? '-refresh-only ' : ''}-target=${shellQuote(address)}`;
}

/** `resource "aws_iam_role" "test_role"` for `module.m.aws_iam_role.test_role[0]`. */
function blockLabel(change: TDriftChange): string {
  const steps = splitAddress(change.address);
  const name = steps?.[steps.length - 1]?.name ?? change.address;
  return `resource ${hclString(change.resourceType)} ${hclString(name)}`;
}

/** Lines that set the changed arguments to the cloud's values (adopt), one group per argument. */
export function adoptLines(attributes: readonly TAttributeChange[]): string[] {
  const groups = new Map<string, TAttributeChange[]>();
  for (const a of attributes) {
    const key = String(a.path[0]);
    if (isComputedAttribute(key)) continue;
    groups.set(key, [...(groups.get(key) ?? []), a]);
  }
  const lines: string[] = [];
  for (const [key, group] of groups) {
    const whole = group.find((a) => a.path.length === 1);
    if (group.some((a) => isMasked(a.after) || isMasked(a.before))) {
      lines.push(`# ${key}: a sensitive value, not shown; set it by hand`);
    } else if (whole) {
      lines.push(`${key} = ${hclValue(whole.after)}`);
    } else if (group.every((a) => typeof a.path[1] === 'string')) {
      lines.push(`${key} = {`);
      for (const a of group) {
        const rest = a.path.slice(1).map(String);
        if (rest.length > 1) lines.push(`  # ${rest.join('.')}: ${hclValue(a.after)}`);
        else if (a.after === undefined)
          lines.push(`  # remove ${hclKey(rest[0] ?? '')} (gone in the cloud)`);
        else lines.push(`  ${hclKey(rest[0] ?? '')} = ${hclValue(a.after, '  ')}`);
      }
      lines.push('  # …and the other keys as they are', '}');
    } else {
      lines.push(...blockLines(key, group));
    }
  }
  return lines;
}

/** Changes inside a nested block list (`ttl.0.enabled`, a `replica` element gone). */
function blockLines(key: string, group: readonly TAttributeChange[]): string[] {
  const lines: string[] = [];
  const byIndex = new Map<string, TAttributeChange[]>();
  for (const a of group)
    byIndex.set(String(a.path[1]), [...(byIndex.get(String(a.path[1])) ?? []), a]);
  for (const [index, changes] of byIndex) {
    const whole = changes.find((a) => a.path.length === 2);
    if (whole && whole.after === undefined && isObject(whole.before)) {
      lines.push(`# ${key} block ${index} is gone in the cloud: remove this block`);
      lines.push(commentOut(hclBlock(key, whole.before)));
    } else if (whole && isObject(whole.after)) {
      lines.push(hclBlock(key, whole.after));
    } else {
      lines.push(`${key} {`);
      for (const a of changes) {
        const rest = a.path.slice(2);
        if (rest.length === 1) lines.push(`  ${String(rest[0])} = ${hclValue(a.after, '  ')}`);
        else lines.push(`  # ${rest.map(String).join('.')} = ${hclValue(a.after, '  ')}`);
      }
      lines.push('  # …and the other arguments of this block as they are', '}');
    }
  }
  return lines;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A `removed` block cannot name an instance key: those leave the state with `terraform state rm`. */
export function forgetCode(address: string): string {
  const steps = splitAddress(address);
  if (steps && steps.every((s) => s.key === null)) {
    return `removed {\n  from = ${address}\n\n  lifecycle {\n    destroy = false\n  }\n}`;
  }
  return `terraform state rm ${shellQuote(address)}`;
}

export function importCode(change: TDriftChange): string {
  const steps = splitAddress(change.address);
  const name = steps?.[steps.length - 1]?.name ?? 'imported';
  const importBlock = `import {\n  to = ${change.address}\n  id = ${hclString(change.id ?? '')}\n}`;
  const skeleton = commentOut(
    `resource ${hclString(change.resourceType)} ${hclString(name)} {\n  # terraform plan -generate-config-out=generated.tf writes its arguments\n}`,
  );
  return `${importBlock}\n\n${skeleton}`;
}

/** Azure what-if results: the template is the IaC, so reconciling is a deployment or a template edit. */
function templateRecommendations(change: TDriftChange): TRecommendation[] {
  switch (change.status) {
    case 'changed': {
      const names = change.attributes.map((a) => displayPath(a.path)).join(', ');
      return [
        {
          action: 'revert',
          summary: `Deploy the template again to put back ${names}, changed outside it.`,
          code: null,
        },
        {
          action: 'adopt',
          summary: "Keep the cloud's values: set these properties in the template.",
          code: change.attributes
            .map((a) => `${displayPath(a.path)}: ${JSON.stringify(a.after) ?? '(not set)'}`)
            .join('\n'),
        },
      ];
    }
    case 'missing':
      return [
        {
          action: 'recreate',
          summary: 'Not in the cloud: deploying the template creates it.',
          code: null,
        },
      ];
    case 'unmanaged':
      return [
        {
          action: 'review',
          summary:
            'Not in the template: add it to the template to manage it, or delete it (a Complete-mode deployment would).',
          code: null,
        },
      ];
    case 'unknown':
      return [
        { action: 'review', summary: change.reason ?? 'What-if could not analyse it.', code: null },
      ];
  }
}

export function recommendations(change: TDriftChange): TRecommendation[] {
  if (change.resourceType.includes('/')) return templateRecommendations(change);
  const address = change.address;
  switch (change.status) {
    case 'changed': {
      const args = change.attributes.filter((a) => !isComputedAttribute(String(a.path[0])));
      const computed = [...new Set(change.attributes.map((a) => String(a.path[0])))].filter(
        isComputedAttribute,
      );
      if (args.length === 0) {
        return [
          {
            action: 'review',
            summary: `Only values the cloud computes changed (${computed.join(', ')}): the resource was changed outside Terraform (stopped, re-created…). Find out why; to record the cloud's values in the state, apply refresh-only.`,
            code: applyTargetCommand(address, true),
          },
        ];
      }
      const names = [...new Set(args.map((a) => displayPath(a.path)))].join(', ');
      return [
        {
          action: 'revert',
          summary: `Apply the code again to put back ${names}, changed outside Terraform.`,
          code: applyTargetCommand(address),
        },
        {
          action: 'adopt',
          summary: `Keep the cloud's values: set them in ${blockLabel(change)}, then plan.`,
          code: adoptLines(args).join('\n'),
        },
      ];
    }
    case 'missing':
      return [
        {
          action: 'recreate',
          summary: 'It is gone from the cloud: applying the code creates it again.',
          code: applyTargetCommand(address),
        },
        {
          action: 'remove',
          summary:
            'If it was deleted on purpose, drop it from the state (nothing is destroyed), then delete its block from the code.',
          code: forgetCode(address),
        },
      ];
    case 'unmanaged':
      return [
        {
          action: 'import',
          summary: `Bring it under Terraform (1.5+): add the import block, write the resource block (or let terraform plan -generate-config-out generate it), then apply. The id is the one the scan read; a few types import by another form (see the provider's import section).`,
          code: importCode(change),
        },
      ];
    case 'unknown':
      return [
        {
          action: 'review',
          summary:
            change.reason ?? 'The scan could not compare it: look at it in the cloud console.',
          code: null,
        },
      ];
  }
}

/** The suggested reconciliation, with the alternative (if any) in its code. */
export function recommend(change: TDriftChange): TRecommendation {
  const [first, second] = recommendations(change);
  if (!first) return { action: 'review', summary: 'Look at it.', code: null };
  if (!second?.code) return first;
  const block = (r: TRecommendation) =>
    [`# ${r.action[0]?.toUpperCase()}${r.action.slice(1)}: ${r.summary}`, r.code]
      .filter((x): x is string => typeof x === 'string' && x !== '')
      .join('\n');
  return { ...first, code: `${block(first)}\n\n${block(second)}` };
}
