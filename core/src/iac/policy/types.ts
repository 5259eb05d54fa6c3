import type { TArmResource } from '../ir/arm-ir';
import type { TTfResource } from '../ir/terraform-ir';
import type { TCloud } from '../types';

export const POLICY_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type TPolicySeverity = (typeof POLICY_SEVERITIES)[number];

/** The built model a rule reads: Terraform resources, or ARM resources (Bicep and ARM). */
export type TPolicyModel = { readonly cloud: TCloud } & (
  | { readonly format: 'terraform'; readonly resources: readonly TTfResource[] }
  | { readonly format: 'arm'; readonly resources: readonly TArmResource[] }
);

/** One resource that breaks a rule: the design node behind it and its address in the code. */
export interface TPolicyHit {
  readonly node: string;
  /** Terraform `type.name`, or the ARM/Bicep symbol. */
  readonly address: string;
  /** What is wrong with this resource, in words a reviewer acts on. */
  readonly message: string;
}

/**
 * A named security rule over the built IR. Checks are pure: same model, same hits. A rule
 * reads Terraform, ARM or both; a cloud without a checker for a format is not its concern.
 */
export interface TPolicyRule {
  /** `<cloud>-<resource>-<what is required>`: stable, designs name it in exemptions. */
  readonly id: string;
  /** Clouds whose resources it reads. */
  readonly clouds: readonly TCloud[];
  readonly title: string;
  /** What the rule requires, and why. */
  readonly checks: string;
  readonly severity: TPolicySeverity;
  /** The cloud documentation the requirement comes from. */
  readonly docs: string;
  /** The equivalent tfsec / Checkov / CIS control, when there is one. */
  readonly source: string;
  readonly terraform?: (resources: readonly TTfResource[]) => TPolicyHit[];
  readonly arm?: (resources: readonly TArmResource[]) => TPolicyHit[];
}

export interface TPolicyFinding extends TPolicyHit {
  readonly rule: string;
  readonly title: string;
  readonly severity: TPolicySeverity;
  readonly docs: string;
  /** Set when the design exempts the node from the rule: the reason it gives. */
  readonly exempted?: string;
}

export const defineRule = (rule: TPolicyRule): TPolicyRule => rule;
