import { defineService } from '../service';
import { enumProp } from '../properties';
import { block, ref, tfVar } from '../../ir/terraform-ir';

/** Google Cloud Identity Platform: the project's customer identity (sign-in) configuration. */
export const gcpIdentityPlatform = defineService({
  id: 'gcp.identity-platform',
  cloud: 'gcp',
  kind: 'user-directory',
  name: 'Identity Platform',
  category: 'security',
  description:
    "The project's Identity Platform user directory: e-mail and password sign-in, TOTP multi-factor authentication, no duplicate accounts per e-mail, anonymous users deleted after 30 days, request logging. One per project.",
  icon: 'gcp-identity-platform',
  properties: [
    enumProp('mfa', 'Multi-factor authentication', ['ENABLED', 'MANDATORY', 'DISABLED'], 'ENABLED'),
    enumProp('selfSignUp', 'Users may sign up themselves', ['true', 'false'], 'true'),
  ],
  placement: 'none',
  naming: { rule: 'gcp-rfc1035', abbreviation: 'idp' },
  emits: { terraform: ['google_identity_platform_config'] },
  terraform: (ctx) => {
    const mfa = ctx.value('mfa');
    const config = ctx.resource('google_identity_platform_config', ctx.node.local, {
      project: tfVar('project_id'),
      autodelete_anonymous_users: true,
      sign_in: block({
        allow_duplicate_emails: false,
        email: block({ enabled: true, password_required: true }),
      }),
      ...(mfa === 'DISABLED'
        ? {}
        : {
            mfa: block({
              state: ctx.prop('mfa'),
              provider_configs: block({
                state: 'ENABLED',
                totp_provider_config: block({ adjacent_intervals: 5 }),
              }),
            }),
          }),
      client: block({
        permissions: block({
          disabled_user_signup: ctx.prop('selfSignUp', (v) => v !== 'true'),
          disabled_user_deletion: false,
        }),
      }),
      monitoring: block({ request_logging: block({ enabled: true }) }),
    });
    ctx.output(
      'config',
      `Identity Platform configuration ${ctx.node.name}`,
      ref(config.address, 'name'),
    );
  },
});
