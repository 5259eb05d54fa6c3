import { attr, ofType, tfHit } from '../query';
import { defineRule } from '../types';

/** Secrets kept out of the Terraform state. */

export const rdsManagedPassword = defineRule({
  id: 'aws-rds-managed-password',
  clouds: ['aws'],
  title: 'RDS and Aurora master passwords are managed by Secrets Manager',
  checks:
    'aws_db_instance and aws_rds_cluster set manage_master_user_password and no password: RDS generates and rotates the password in Secrets Manager, and it never enters the Terraform state or a variable.',
  severity: 'high',
  docs: 'https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/rds-secrets-manager.html',
  source:
    'Checkov CKV_AWS_361 (secrets in state); AWS Security Hub RDS.x; tfsec general-secrets-no-plaintext-exposure',
  terraform: (resources) =>
    ofType(resources, 'aws_db_instance', 'aws_rds_cluster')
      .filter((r) => attr(r.body, 'replicate_source_db') === undefined)
      .filter(
        (r) =>
          attr(r.body, 'manage_master_user_password') !== true ||
          attr(r.body, 'password') !== undefined ||
          attr(r.body, 'master_password') !== undefined,
      )
      .map((r) => tfHit(r, 'the master password is a Terraform value (it is kept in the state)')),
});

/**
 * Arguments that put a secret into the state, and the write-only argument (Terraform 1.11+)
 * the provider offers instead, per the pinned provider schemas (flag W in
 * ../shared/iac-schemas/terraform/<provider>.json).
 */
const WRITE_ONLY: readonly (readonly [type: string, arg: string, writeOnly: string])[] = [
  ['aws_secretsmanager_secret_version', 'secret_string', 'secret_string_wo'],
  ['azurerm_postgresql_flexible_server', 'administrator_password', 'administrator_password_wo'],
  ['azurerm_mysql_flexible_server', 'administrator_password', 'administrator_password_wo'],
  ['azurerm_mssql_server', 'administrator_login_password', 'administrator_login_password_wo'],
  ['azurerm_key_vault_secret', 'value', 'value_wo'],
  ['google_sql_user', 'password', 'password_wo'],
  ['google_secret_manager_secret_version', 'secret_data', 'secret_data_wo'],
  ['google_compute_vpn_tunnel', 'shared_secret', 'shared_secret_wo'],
];

export const noSecretInState = defineRule({
  id: 'no-secret-in-state',
  clouds: ['aws', 'azure', 'gcp'],
  title: 'Secrets are written with write-only arguments',
  checks:
    'Passwords and secret values go through the provider’s write-only argument (`…_wo`, Terraform 1.11+), which Terraform never stores in the state or plan, wherever the provider offers one.',
  severity: 'high',
  docs: 'https://developer.hashicorp.com/terraform/language/resources/ephemeral/write-only',
  source:
    'Checkov CKV_SECRET_*, tfsec general-secrets-no-plaintext-exposure; HashiCorp write-only arguments',
  terraform: (resources) =>
    WRITE_ONLY.flatMap(([type, arg, writeOnly]) =>
      ofType(resources, type)
        .filter((r) => attr(r.body, arg) !== undefined)
        .map((r) => tfHit(r, `${arg} is kept in the state (use ${writeOnly})`)),
    ),
});
