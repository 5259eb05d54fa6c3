import { RESOURCE_RULES } from './resource-rules';
import { AWS_NAME_RULES } from './aws-name-rules';
import { AZURE_NAME_RULES } from './azure-name-rules';
import { GCP_NAME_RULES } from './gcp-name-rules';
import { OCI_NAME_RULES } from './oci-name-rules';

/**
 * Real naming rules of the resource types Stratum names. Sources: AWS, Azure ("Naming rules and
 * restrictions for Azure resources"), Google Cloud (RFC 1035 names) and OCI documentation.
 */
export interface TNameRule {
  readonly label: string;
  readonly min: number;
  readonly max: number;
  /** One allowed character (regex class body without brackets). */
  readonly chars: string;
  readonly case?: 'lower';
  /** Must start with a letter (else letter or digit). */
  readonly startsWithLetter?: boolean;
  /** Must end with a letter or digit. */
  readonly endsAlnum?: boolean;
  /** Unique across the whole cloud (DNS name), not only the account. */
  readonly isGlobal?: boolean;
  readonly noDoubleHyphen?: boolean;
}

export const NAME_RULES: Readonly<Record<string, TNameRule>> = {
  ...AWS_NAME_RULES,
  ...AZURE_NAME_RULES,
  ...GCP_NAME_RULES,
  ...OCI_NAME_RULES,
  ...RESOURCE_RULES,
};

export function ruleFor(id: string): TNameRule {
  const rule = NAME_RULES[id];
  if (!rule) throw new Error(`unknown naming rule ${id}`);
  return rule;
}
