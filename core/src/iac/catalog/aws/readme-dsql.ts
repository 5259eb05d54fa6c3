import type { TResolvedDesign } from '../../design/resolve';
import { dsqlRoleName } from './dsql';
import { hasDataRole } from './iam';

/**
 * README section for Aurora DSQL clusters with connected workloads (dsql.ts): a new cluster has
 * the role `admin` only, and DbConnect admits an IAM role as a database role granted to it, so
 * the admin creates each workload's role once per environment (Aurora DSQL User Guide, "Using
 * database roles and IAM authentication").
 */
export function dsqlRolesReadme(resolved: TResolvedDesign): string[] {
  const clusters = resolved.nodes
    .filter((n) => n.service.id === 'aws.dsql')
    .map((db) => ({
      db,
      clients: resolved.design.connections.flatMap((c) => {
        const n = c.to === db.id && c.type === 'data' ? resolved.byId.get(c.from) : undefined;
        return n && hasDataRole(n) ? [n] : [];
      }),
    }))
    .filter((c) => c.clients.length > 0);
  if (clusters.length === 0) return [];
  const region = resolved.design.region;
  return [
    '## Aurora DSQL database roles',
    '',
    "A workload connected to an Aurora DSQL cluster signs in with an IAM token (`dsql:DbConnect`) as the database role its settings name (`<CLUSTER>_USER`, beside `<CLUSTER>_HOST`). A new cluster has the role `admin` only, and DSQL admits an IAM role only as a database role granted to it: until the roles exist, every connection is refused. Once per environment, after the apply and with its state initialised, someone who may `dsql:DbConnectAdmin` creates them and grants each to its workload's IAM role (output `<cluster>_database_roles`), then gives each the privileges it needs on the tables (`GRANT … TO <role>`):",
    '',
    ...clusters.map(
      ({ db, clients }) =>
        `- \`${db.name}\`: ${clients.map((n) => `\`${dsqlRoleName(n)}\` (${n.service.name} ${n.name})`).join(', ')}`,
    ),
    '',
    '```sh',
    ...clusters.flatMap(({ db }, i) => [
      ...(i > 0 ? [''] : []),
      `HOST=$(terraform output -raw ${db.local}_endpoint)`,
      `terraform output -json ${db.local}_database_roles \\`,
      `  | jq -r 'to_entries[] | "CREATE ROLE \\(.key) WITH LOGIN;\\nAWS IAM GRANT \\(.key) TO \\u0027\\(.value)\\u0027;"' \\`,
      `  | PGPASSWORD=$(aws dsql generate-db-connect-admin-auth-token --region ${region} --hostname "$HOST") psql "host=$HOST user=admin dbname=postgres sslmode=require"`,
    ]),
    '```',
    '',
  ];
}
