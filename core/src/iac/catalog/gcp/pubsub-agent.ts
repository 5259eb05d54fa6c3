import type { TTfBuildContext } from '../service';
import { ref, tpl, type TTfValue } from '../../ir/terraform-ir';

/** Pub/Sub's service agent of the project, as an IAM member. */
export function pubsubAgent(ctx: TTfBuildContext): TTfValue {
  const project = ctx.data('google_project', 'current', {});
  return tpl(
    'serviceAccount:service-',
    ref(project.address, 'number'),
    '@gcp-sa-pubsub.iam.gserviceaccount.com',
  );
}

/**
 * Lets Pub/Sub's service agent sign the OIDC tokens of push deliveries as `account` (the address
 * of a google_service_account), once per account. A project whose agent was made before 8 April
 * 2021 has no such right by default, and there every authenticated push failed, was retried and
 * ended in the dead-letter topic; elsewhere the grant is already implied and changes nothing.
 * https://cloud.google.com/pubsub/docs/authenticate-push-subscriptions
 */
export function allowPushTokens(ctx: TTfBuildContext, account: string): void {
  ctx.shared('google_service_account_iam_member', `${account.split('.')[1]}_pubsub_tokens`, {
    service_account_id: ref(account, 'name'),
    role: 'roles/iam.serviceAccountTokenCreator',
    member: pubsubAgent(ctx),
  });
}
