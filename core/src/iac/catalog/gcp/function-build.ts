import type { TTfBuildContext } from '../service';
import { isTagged, ref, tfVar, tpl, type TTfRef, type TTfTemplate } from '../../ir/terraform-ir';

/**
 * The account Cloud Build builds the design's functions as. Left unset, a build runs as the
 * Compute Engine default service account, which has no roles where the organisation policy
 * `iam.automaticIamGrantsForDefaultServiceAccounts` is enforced (every organisation created since
 * 3 May 2024), and the deployment fails on the build's permissions. One account builds every
 * function of the design, with Cloud Run Builder on the project: Google's role for building
 * functions (read the source object, write the build's logs, push and pull its image in Artifact
 * Registry), far narrower than `roles/cloudbuild.builds.builder`.
 * https://cloud.google.com/run/docs/configuring/services/build-service-account
 */
export const FUNCTION_BUILD_ROLE = 'roles/run.builder';
/** Resource name of the build account and of its role grant. */
export const FUNCTION_BUILDS = 'function_builds';

export interface TFunctionBuild {
  /** `projects/<project>/serviceAccounts/<email>`, as `build_config.service_account` takes it. */
  readonly account: TTfRef;
  /** The role grant a function waits for: its first build runs as soon as it is created. */
  readonly grant: string;
}

/**
 * Waiting for the grant only orders the build after it: IAM takes minutes to propagate, so on a
 * new project the first build can still fail on its permissions. With no `time_sleep` (the
 * hashicorp/time provider has no schema the offline checks know), the account and its role are
 * given before the first apply instead (README, `functionBuildReadme`), and Terraform adopts the
 * existing account (`create_ignore_already_exists`; a project IAM member is additive).
 */
export function functionBuildAccount(ctx: TTfBuildContext): TFunctionBuild {
  const account = ctx.shared('google_service_account', FUNCTION_BUILDS, {
    account_id: ctx.designName('fn-build', 'gcp-service-account'),
    display_name: 'Stratum function builds',
    create_ignore_already_exists: true,
  });
  const grant = ctx.shared('google_project_iam_member', FUNCTION_BUILDS, {
    project: tfVar('project_id'),
    role: FUNCTION_BUILD_ROLE,
    member: tpl('serviceAccount:', ref(account.address, 'email')),
  });
  return { account: ref(account.address, 'id'), grant: grant.address };
}

/** `account_id` in one environment: `var.environment` replaced by its name. */
function accountIdIn(value: unknown, environment: string): string | undefined {
  if (typeof value === 'string') return value;
  if (!isTagged(value) || value.$ !== 'tpl') return undefined;
  const parts = (value as TTfTemplate).parts.map((p) =>
    typeof p === 'string'
      ? p
      : p.$ === 'ref' && p.address === 'var.environment'
        ? environment
        : undefined,
  );
  return parts.every((p) => p !== undefined) ? parts.join('') : undefined;
}

/**
 * README lines of "Before the first apply" for a design with functions: create the build account
 * and grant it Cloud Run Builder by hand, so the role has propagated by the time the first build
 * runs; the apply then adopts both.
 */
export function functionBuildReadme(
  resources: readonly { readonly type: string; readonly name?: string; readonly body: unknown }[],
  environments: readonly string[],
): string[] {
  const account = resources.find(
    (r) => r.type === 'google_service_account' && r.name === FUNCTION_BUILDS,
  );
  if (!account) return [];
  const body = account.body as Record<string, unknown>;
  const ids = [
    ...new Set(
      (environments.length > 0 ? environments : ['']).map((e) =>
        accountIdIn(body['account_id'], e),
      ),
    ),
  ];
  if (ids.some((id) => id === undefined)) return [];
  const project = '--project="$TF_VAR_project_id"';
  const commands = (id: string) => [
    `gcloud iam service-accounts create ${id} ${project} --display-name="Stratum function builds"`,
    `gcloud projects add-iam-policy-binding "$TF_VAR_project_id" --condition=None --role=${FUNCTION_BUILD_ROLE} \\`,
    `  --member="serviceAccount:${id}@$TF_VAR_project_id.iam.gserviceaccount.com"`,
  ];
  return [
    `Functions build as a service account of their own with the Cloud Run Builder role (\`${FUNCTION_BUILD_ROLE}\`). The code creates both, but a role takes minutes to reach Cloud Build, so a function's first build in a new project would fail on its permissions. Create the account and grant the role now, in each environment's project (the apply adopts them):`,
    '',
    '```sh',
    ...(ids.length === 1
      ? commands(ids[0]!)
      : environments.flatMap((e, i) => [
          ...(i > 0 ? [''] : []),
          `# ${e}`,
          ...commands(accountIdIn(body['account_id'], e)!),
        ])),
    '```',
    '',
    // IAM is eventually consistent: a binding for an account created seconds earlier can fail.
    'Right after the account is created, the grant can fail with "Service account … does not exist": the new account takes up to a minute to be known to IAM. Run the `add-iam-policy-binding` command again.',
    '',
  ];
}
