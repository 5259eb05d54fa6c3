import { block, type TTfBlock } from '../../ir/terraform-ir';

/**
 * Database flags every Cloud SQL instance is created with, per engine: the CIS Google Cloud
 * Foundations settings (section 6) that tfsec (google-sql-*) and Checkov (CKV_GCP_50–59) read
 * from `settings.database_flags`, where an unset flag counts as the engine's default. Only flags
 * Cloud SQL accepts on every version the catalog offers, with values that change no behaviour an
 * application relies on.
 * https://cloud.google.com/sql/docs/postgres/flags
 * https://cloud.google.com/sql/docs/mysql/flags
 * https://cloud.google.com/sql/docs/sqlserver/flags
 */
const SQL_FLAGS: Readonly<Record<'postgresql' | 'mysql' | 'sqlserver', Record<string, string>>> = {
  // Who connected and for how long, lock waits and temporary files in Cloud Logging (CIS 6.2.x;
  // tfsec google-sql-pg-log-*, enable-pg-temp-file-logging; CKV_GCP_51–54, 56).
  postgresql: {
    log_checkpoints: 'on',
    log_connections: 'on',
    log_disconnections: 'on',
    log_lock_waits: 'on',
    log_temp_files: '0',
  },
  // No LOAD DATA LOCAL reading client files (CIS 6.1.3; tfsec google-sql-mysql-no-local-infile,
  // CKV_GCP_50); SHOW DATABASES only for users granted it (CIS 6.1.2).
  mysql: {
    local_infile: 'off',
    skip_show_database: 'on',
  },
  // No access across databases by ownership chain, no users contained in a database that the
  // instance's logins do not govern (CIS 6.3.2, 6.3.7; tfsec google-sql-no-cross-db-ownership-
  // chaining, google-sql-no-contained-db-auth; CKV_GCP_58, 59).
  sqlserver: {
    'cross db ownership chaining': 'off',
    'contained database authentication': 'off',
  },
};

/** The `database_flags` blocks of a Cloud SQL instance of this engine. */
export const sqlDatabaseFlags = (kind: keyof typeof SQL_FLAGS): TTfBlock[] =>
  Object.entries(SQL_FLAGS[kind]).map(([name, value]) => block({ name, value }));
