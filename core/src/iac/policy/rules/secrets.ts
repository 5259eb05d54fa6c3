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
