import type { TTfBody, TTfValue } from '../../ir/terraform-ir';

/**
 * Terraform type prefixes whose APIs refuse user credentials (`gcloud auth application-default
 * login`) that name no quota project: "The identitytoolkit.googleapis.com API requires a quota
 * project, which is not set by default" (likewise Cloud Identity, Organization Policy, Firebase,
 * Billing Budgets, Access Context Manager). The provider does not read the quota project of the
 * ADC file (hashicorp/terraform-provider-google#24500), so it must send one itself.
 * https://cloud.google.com/docs/authentication/adc-troubleshooting/user-creds
 */
export const QUOTA_PROJECT_TYPES = [
  'google_identity_platform_',
  'google_cloud_identity_',
  'google_org_policy_',
  'google_firebase_',
  'google_billing_budget',
  'google_access_context_manager_',
] as const;

/** The types among `types` whose APIs need a quota project, sorted. */
export const quotaProjectTypes = (types: Iterable<string>): string[] =>
  [...types].filter((t) => QUOTA_PROJECT_TYPES.some((p) => t.startsWith(p))).sort();

/**
 * Provider arguments that bill every request to the resource's project, sent as
 * `X-Goog-User-Project` (`user_project_override`, `billing_project` in the provider schema), when
 * the design has a type that needs a quota project; none otherwise, since the header asks
 * whoever applies for `serviceusage.services.use` on the project.
 */
export function quotaProjectConfig(types: Iterable<string>, project: TTfValue): TTfBody {
  return quotaProjectTypes(types).length > 0
    ? { user_project_override: true, billing_project: project }
    : {};
}

/** README lines ("Before the first apply") when the provider sends a quota project. */
export function quotaProjectReadme(types: Iterable<string>): string[] {
  const needing = quotaProjectTypes(types);
  if (needing.length === 0) return [];
  const names = needing.map((t) => `\`${t}\``).join(', ');
  return [
    `${names} ${needing.length > 1 ? 'call APIs that refuse' : 'calls an API that refuses'} user credentials without a quota project, and Terraform does not read the one \`gcloud\` keeps, so the provider names the project itself (\`user_project_override\`, \`billing_project\`). Whoever applies, a pipeline's service account too, then needs \`serviceusage.services.use\` on the project (Owner, Editor or Service Usage Consumer).`,
    '',
  ];
}
