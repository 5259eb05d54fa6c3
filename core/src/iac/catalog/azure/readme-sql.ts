import type { TEmitInput } from '../../emit/emitter';
import type { TNode } from '../service';
import { ruleFor } from '../../naming/rules';
import { appendSuffix, fixName, renderName } from '../../naming/resolve';
import { settingNamer } from '../setting-names';
import { AKS_WORKLOAD_IDENTITY } from './connection-settings';

/** The workloads told their stores' settings (connection-settings.ts), a user among them. */
export const SETTINGS_TAKERS: ReadonlySet<string> = new Set([
  'azure.app-service',
  'azure.function-app',
  'azure.container-app',
  'azure.linux-vm',
  'azure.vm-scale-set',
  'azure.aks',
]);

/** What an application that reads and writes needs, as for Data Explorer (data-planes.ts). */
const ROLES = ['db_datareader', 'db_datawriter'] as const;

/**
 * The name Microsoft Entra ID knows a workload's identity by in one environment, as its `_USER`
 * setting says (connection-settings.ts `identityName`): the app's or VM's own name, an AKS
 * cluster's workload identity.
 */
function identityName(input: TEmitInput, node: TNode, env: string): string {
  const name = input.names.get(node.id)!;
  if (node.service.id !== 'azure.aks') return renderName(name.parts, env);
  const { design } = input.resolved;
  const [suffix, rule] = AKS_WORKLOAD_IDENTITY;
  const longestEnv = Math.max(...design.environments.map((e) => e.name.length));
  const parts = appendSuffix(name.source, design.naming.separator || '-', suffix);
  return renderName(fixName(parts, ruleFor(rule), longestEnv), env);
}

/**
 * README section for Azure SQL servers (sql-database.ts): which Entra group administers each,
 * and the T-SQL its members run once per environment so that each connected workload's managed
 * identity has a user in the database; without one, every sign-in of the workload is refused.
 * learn.microsoft.com/azure/azure-sql/database/authentication-aad-configure
 */
export function sqlUsersReadme(input: TEmitInput, format: 'terraform' | 'bicep' | 'arm'): string[] {
  const { resolved } = input;
  const servers = resolved.nodes
    .filter((n) => n.service.id === 'azure.sql-database')
    .map((server) => ({
      server,
      clients: resolved.design.connections.flatMap((c) => {
        const n = c.to === server.id && c.type === 'data' ? resolved.byId.get(c.from) : undefined;
        return n && SETTINGS_TAKERS.has(n.service.id) ? [n] : [];
      }),
    }))
    .map(({ server, clients }) => ({ server, clients: [...new Set(clients)] }));
  if (servers.length === 0) return [];
  const inputName = (local: string, what: string) =>
    format === 'terraform'
      ? `TF_VAR_${local}_${what}`
      : `${local.toUpperCase()}_${what.toUpperCase()}`;
  const envs = resolved.design.environments.map((e) => e.name);
  const connected = servers.filter((s) => s.clients.length > 0);
  const setting = (suffix: string) =>
    settingNamer(connected.map((s) => s.server))(connected[0]!.server, suffix);
  const valueIn = (node: TNode, key: string, env: string) =>
    String(node.overrides[env]?.[key] ?? node.properties[key]);
  return [
    '## Azure SQL database users',
    '',
    'Azure SQL servers take Microsoft Entra sign-in, and only a Microsoft Entra administrator of a server can create the database users of Entra principals. Give each environment the object id of the Entra group whose members administer the server (`az ad group show --group "<group>" --query id -o tsv`): the code makes it the server\'s Microsoft Entra administrator.',
    '',
    ...servers.map(
      ({ server: { local, name } }) =>
        `- \`${name}\`: \`${inputName(local, 'admin_group_id')}\` (admin password: \`${inputName(local, 'admin_password')}\`)`,
    ),
    '',
    'SQL authentication stays on beside it: the admin login (`adminUser`) and its password keep working for the migrations and tools that use them, and are the way in if the group is wrong. Keep that password in a vault.',
    '',
    "Microsoft Defender for SQL (threat alerts, vulnerability assessment) is left to the subscription: it is billed per server, and Defender for Cloud turns it on for every server of the subscription at once (`az security pricing create --name SqlServers --tier Standard`), a choice this code does not make for you. Check it is on for production's subscription.",
    '',
    ...(connected.length === 0
      ? []
      : [
          `A connected workload signs in as its managed identity with a Microsoft Entra token (\`Authentication=Active Directory Default\` in the connection string), as the user its settings name beside the host and database (\`${setting('USER')}\`, \`${setting('HOST')}\`, \`${setting('DATABASE')}\`). The database refuses that identity until a user exists for it. Once per environment, after the deployment, a member of the group signs in as a person (\`az login\`) and runs each server's statements in its database, from a machine in the virtual network (the server has no public access), for example with go-sqlcmd: \`sqlcmd -S <host> -d <database> --authentication-method ActiveDirectoryDefault -i users.sql\`. Each workload may read and write; grant \`db_ddladmin\` as well to one that migrates the schema.`,
          '',
          ...envs.flatMap((env) => [
            `${env}:`,
            '',
            '```sql',
            ...connected.flatMap(({ server, clients }, i) => [
              ...(i > 0 ? [''] : []),
              `-- ${server.name}: ${renderName(input.names.get(server.id)!.parts, env)}.database.windows.net, database ${valueIn(server, 'database', env)}`,
              ...clients.flatMap((client) => {
                const user = `[${identityName(input, client, env)}]`;
                return [
                  `CREATE USER ${user} FROM EXTERNAL PROVIDER;`,
                  ...ROLES.map((role) => `ALTER ROLE ${role} ADD MEMBER ${user};`),
                ];
              }),
            ]),
            '```',
            '',
          ]),
        ]),
  ];
}
