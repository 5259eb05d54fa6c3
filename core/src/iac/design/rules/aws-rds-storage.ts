import { num, str, type TPropertyFinding, type TPropertyRule } from './rule';

/** RDS for SQL Server stores at most 16 TiB on gp3; PostgreSQL and MySQL up to 64 TiB. */
const SQL_SERVER_MAX_GIB = 16384;
/** Editions RDS runs only as Single-AZ instances. */
const SINGLE_AZ_EDITIONS: Readonly<Record<string, string>> = {
  'sqlserver-ex': 'Express',
  'sqlserver-web': 'Web',
};

export const awsRdsStorage: TPropertyRule = {
  id: 'aws-rds-storage',
  services: ['aws.rds-postgresql', 'aws.rds-mysql', 'aws.rds-sqlserver'],
  source:
    'Amazon RDS User Guide: "Amazon RDS DB instance storage" (gp3 size ranges per engine), "Managing capacity automatically with storage autoscaling" (the maximum storage threshold is at least the allocated storage), "Multi-AZ deployments for Amazon RDS for Microsoft SQL Server" (Standard and Enterprise editions)',
  check: (props, { service }) => {
    const findings: TPropertyFinding[] = [];
    const storage = num(props, 'storage');
    const maxStorage = num(props, 'maxStorage');
    if (service === 'aws.rds-sqlserver') {
      for (const key of ['storage', 'maxStorage']) {
        if (num(props, key) > SQL_SERVER_MAX_GIB)
          findings.push({
            key,
            message: `${key} ${num(props, key)} GiB is above the ${SQL_SERVER_MAX_GIB} GiB RDS for SQL Server allows: set ${key} to at most ${SQL_SERVER_MAX_GIB}`,
          });
      }
      const edition = SINGLE_AZ_EDITIONS[str(props, 'engine')];
      if (edition && props['multiAz'] === true)
        findings.push({
          key: 'multiAz',
          message: `multiAz is not available for SQL Server ${edition} edition: turn multiAz off, or set engine to sqlserver-se or sqlserver-ee`,
        });
    }
    if (maxStorage < storage)
      findings.push({
        key: 'maxStorage',
        message: `maxStorage ${maxStorage} GiB is below storage ${storage} GiB: raise maxStorage to at least ${storage}`,
      });
    return findings;
  },
};
