import type { TArmResource, TArmValue } from '../../ir/arm-ir';
import type { TTfBody, TTfResource } from '../../ir/terraform-ir';
import type { TServiceKind } from '../../types';
import type { TPolicyHit, TPolicyRule } from '../types';

/** Hand-built IR for rule tests: the smallest resources that show a rule's pass and fail. */
export const tf = (
  type: string,
  name: string,
  body: TTfBody,
  extra: { node?: string; kind?: TServiceKind; dependsOn?: string[] } = {},
): TTfResource => ({
  mode: 'resource',
  type,
  name,
  body,
  node: extra.node ?? name,
  kind: extra.kind ?? 'vm',
  ...(extra.dependsOn ? { dependsOn: extra.dependsOn } : {}),
});

export const arm = (
  symbol: string,
  type: string,
  body: Record<string, TArmValue>,
  node = symbol,
): TArmResource => ({
  symbol,
  type,
  apiVersion: '2024-01-01',
  name: symbol,
  body,
  node,
  kind: 'vm',
});

/** Addresses a rule reports on a Terraform model. */
export const tfAddresses = (rule: TPolicyRule, resources: readonly TTfResource[]): string[] =>
  (rule.terraform?.(resources) ?? []).map((h: TPolicyHit) => h.address);

export const armAddresses = (rule: TPolicyRule, resources: readonly TArmResource[]): string[] =>
  (rule.arm?.(resources) ?? []).map((h: TPolicyHit) => h.address);
