import { describe, expect, it } from 'vitest';
import { tfVar } from '../../ir/terraform-ir';
import { tf, tfAddresses } from '../testing/ir';
import { noSecretInState, rdsManagedPassword } from './secrets';

describe('aws-rds-managed-password', () => {
  it('flags a master password passed by Terraform', () => {
    const db = tf('aws_db_instance', 'db', { password: tfVar('db_admin_password') });
    const aurora = tf('aws_rds_cluster', 'aurora', { master_password: tfVar('p') });
    expect(tfAddresses(rdsManagedPassword, [db, aurora])).toEqual([
      'aws_db_instance.db',
      'aws_rds_cluster.aurora',
    ]);
  });

  it('passes a password RDS manages in Secrets Manager, and read replicas', () => {
    const db = tf('aws_db_instance', 'db', { manage_master_user_password: true });
    const replica = tf('aws_db_instance', 'replica', { replicate_source_db: 'db' });
    expect(tfAddresses(rdsManagedPassword, [db, replica])).toEqual([]);
  });
});

describe('no-secret-in-state', () => {
  it('flags secrets passed through arguments the state keeps', () => {
    const found = noSecretInState.terraform!([
      tf('azurerm_key_vault_secret', 's', { value: tfVar('s_value') }),
      tf('google_sql_user', 'u', { password: tfVar('p') }),
      tf('google_compute_vpn_tunnel', 't', { shared_secret: tfVar('psk') }),
    ]).map((h) => h.message);
    expect(found).toEqual([
      'value is kept in the state (use value_wo)',
      'password is kept in the state (use password_wo)',
      'shared_secret is kept in the state (use shared_secret_wo)',
    ]);
  });

  it('passes write-only arguments', () => {
    const found = tfAddresses(noSecretInState, [
      tf('azurerm_key_vault_secret', 's', { value_wo: tfVar('s_value'), value_wo_version: 1 }),
      tf('aws_secretsmanager_secret_version', 'v', { secret_string_wo: tfVar('v') }),
      tf('google_compute_vpn_tunnel', 't', { shared_secret_wo: tfVar('psk') }),
    ]);
    expect(found).toEqual([]);
  });
});
