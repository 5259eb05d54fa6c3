import { describe, expect, it } from 'vitest';
import { tfVar } from '../../ir/terraform-ir';
import { tf, tfAddresses } from '../testing/ir';
import { rdsManagedPassword } from './secrets';

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
