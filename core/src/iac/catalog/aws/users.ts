import { defineService, type TTfBuildContext } from '../service';
import { boolProp, enumProp, numProp } from '../properties';
import { block, ref, tpl, type TTfRef } from '../../ir/terraform-ir';

/** Amazon Cognito: a user pool with MFA and threat protection, and a client for browser apps. */
export const awsCognito = defineService({
  id: 'aws.cognito',
  cloud: 'aws',
  kind: 'user-directory',
  name: 'Cognito user pool',
  category: 'security',
  description:
    'Sign-up and sign-in for an application: e-mail as user name, TOTP MFA, threat protection, deletion protection and a public (secretless) client for single-page apps.',
  icon: 'aws-cognito',
  properties: [
    // ON requires every user to register an authenticator app; OPTIONAL lets each user choose.
    enumProp('mfa', 'Multi-factor authentication', ['ON', 'OPTIONAL'], 'ON'),
    // Threat protection (advanced security) is a Plus-tier feature (Cognito "User pool feature plans").
    boolProp('threatProtection', 'Threat protection (Plus plan)', true),
    boolProp('selfSignUp', 'Users can sign themselves up', false),
    // Cognito accepts 6-99 characters (PasswordPolicyType.MinimumLength); fewer than 8 is not offered.
    numProp('passwordLength', 'Minimum password length', 12, 8, 99),
  ],
  placement: 'none',
  naming: { rule: 'aws-cognito', abbreviation: 'users' },
  emits: { terraform: ['aws_cognito_user_pool', 'aws_cognito_user_pool_client'] },
  // What a back end needs to look a user up; changing users stays with the operators.
  dataActions: ['cognito-idp:AdminGetUser', 'cognito-idp:ListUsers'],
  terraform: (ctx) => {
    const local = ctx.node.local;
    const isProtected = ctx.value<boolean>('threatProtection');
    const pool = ctx.resource('aws_cognito_user_pool', local, {
      name: ctx.name(),
      user_pool_tier: isProtected ? 'PLUS' : 'ESSENTIALS',
      deletion_protection: 'ACTIVE',
      username_attributes: ['email'],
      auto_verified_attributes: ['email'],
      username_configuration: block({ case_sensitive: false }),
      mfa_configuration: ctx.prop('mfa'),
      software_token_mfa_configuration: block({ enabled: true }),
      password_policy: block({
        minimum_length: ctx.prop('passwordLength'),
        require_lowercase: true,
        require_uppercase: true,
        require_numbers: true,
        require_symbols: true,
        temporary_password_validity_days: 3,
      }),
      admin_create_user_config: block({
        allow_admin_create_user_only: ctx.prop('selfSignUp', (v) => v !== true, 'adminOnly'),
      }),
      account_recovery_setting: block({
        recovery_mechanism: block({ name: 'verified_email', priority: 1 }),
      }),
      ...(isProtected ? { user_pool_add_ons: block({ advanced_security_mode: 'ENFORCED' }) } : {}),
      tags: ctx.tags(),
    });
    // A browser cannot keep a client secret: SRP sign-in, short tokens, revocation on.
    const client = ctx.resource('aws_cognito_user_pool_client', local, {
      name: ctx.name('web', 'aws-cognito'),
      user_pool_id: ref(pool.address, 'id'),
      generate_secret: false,
      explicit_auth_flows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      prevent_user_existence_errors: 'ENABLED',
      enable_token_revocation: true,
      access_token_validity: 60,
      id_token_validity: 60,
      refresh_token_validity: 30,
      token_validity_units: block({
        access_token: 'minutes',
        id_token: 'minutes',
        refresh_token: 'days',
      }),
    });
    ctx.output('user_pool_id', `User pool of ${ctx.node.name}`, ref(pool.address, 'id'));
    ctx.output('client_id', `Web client of ${ctx.node.name}`, ref(client.address, 'id'));
  },
});

/**
 * An HTTP API with a data connection to a user pool checks its callers' tokens: a JWT
 * authorizer for the pool's web client (API Gateway "Controlling access to HTTP APIs with JWT
 * authorizers"). Returns the route settings, empty without a user pool.
 */
export function userPoolAuthorizer(
  ctx: TTfBuildContext,
  api: TTfRef,
): { authorization_type?: string; authorizer_id?: TTfRef } {
  const pool = ctx.outgoing('data').find((e) => e.node.service.kind === 'user-directory')?.node;
  if (!pool) return {};
  const authorizer = ctx.resource('aws_apigatewayv2_authorizer', `${ctx.node.local}_users`, {
    api_id: ref(api.address, 'id'),
    name: 'user-pool',
    authorizer_type: 'JWT',
    identity_sources: ['$request.header.Authorization'],
    jwt_configuration: block({
      audience: [ref(ctx.address(pool, 'aws_cognito_user_pool_client'), 'id')],
      issuer: tpl('https://', ref(ctx.address(pool, 'aws_cognito_user_pool'), 'endpoint')),
    }),
  });
  return { authorization_type: 'JWT', authorizer_id: ref(authorizer.address, 'id') };
}
