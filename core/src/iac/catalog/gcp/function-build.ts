import type { TTfBuildContext } from '../service';
import { ref, tfVar, tpl, type TTfRef } from '../../ir/terraform-ir';

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

export interface TFunctionBuild {
  /** `projects/<project>/serviceAccounts/<email>`, as `build_config.service_account` takes it. */
  readonly account: TTfRef;
  /** The role grant a function waits for: its first build runs as soon as it is created. */
  readonly grant: string;
}

export function functionBuildAccount(ctx: TTfBuildContext): TFunctionBuild {
  const account = ctx.shared('google_service_account', 'function_builds', {
    account_id: ctx.designName('fn-build', 'gcp-service-account'),
    display_name: 'Stratum function builds',
  });
  const grant = ctx.shared('google_project_iam_member', 'function_builds', {
    project: tfVar('project_id'),
    role: FUNCTION_BUILD_ROLE,
    member: tpl('serviceAccount:', ref(account.address, 'email')),
  });
  return { account: ref(account.address, 'id'), grant: grant.address };
}
