import type { TResolvedDesign } from '../../design/resolve';
import type { TNode } from '../service';
import { settingNamer } from '../setting-names';
import { OCI_MEMBERS_OF } from './grants';

/**
 * README section for the workloads that use an Autonomous Database: they sign in as ADMIN with
 * the password Vault generated (its secret's OCID is a setting, shared.ts connectionConfig), and a
 * data warehouse takes mutual TLS, so a client first downloads the wallet by the database's OCID
 * (GenerateAutonomousDatabaseWallet; its dynamic group's `read autonomous-databases`, grants.ts).
 * "Connect to Autonomous Database", "Download Client Credentials (Wallets)".
 */
export function autonomousClientsReadme(resolved: TResolvedDesign): string[] {
  const { connections } = resolved.design;
  const storesOf = (client: TNode) =>
    connections
      .filter((c) => c.from === client.id && c.type === 'data')
      .flatMap((c) => resolved.byId.get(c.to) ?? []);
  const hasVault = (db: TNode) => storesOf(db).some((n) => n.service.id === 'oci.vault');
  let hasWallet = false;
  const lines = resolved.nodes
    .filter((n) => n.service.kind === 'data-warehouse' || n.service.kind === 'document-db')
    .flatMap((db) => {
      const clients = connections
        .filter((c) => c.to === db.id && c.type === 'data')
        .flatMap((c) => resolved.byId.get(c.from) ?? [])
        .filter((n) => OCI_MEMBERS_OF[n.service.id]);
      if (clients.length === 0) return [];
      const name = settingNamer(storesOf(clients[0]!));
      hasWallet ||= db.service.kind === 'data-warehouse';
      const wallet =
        db.service.kind === 'data-warehouse'
          ? `; mutual TLS: download the wallet by the database's OCID \`${name(db, 'ID')}\`, then connect to \`${name(db, 'CONNECTION_STRING')}\``
          : `; TLS without a wallet: connect to \`${name(db, 'MONGODB_URL')}\``;
      const password = hasVault(db)
        ? `the password in the Vault secret whose OCID is \`${name(db, 'SECRET_ID')}\``
        : `the password in \`TF_VAR_${db.local}_admin_password\`, which this code gives them no way to read (connect \`${db.name}\` to a vault)`;
      return [
        `- \`${db.name}\` (${clients.map((c) => `\`${c.name}\``).join(', ')}): user \`ADMIN\` (\`${name(db, 'USER')}\`), ${password}${wallet}`,
      ];
    });
  if (lines.length === 0) return [];
  return [
    '## Autonomous Database clients',
    '',
    'The workloads connected to an Autonomous Database sign in as its ADMIN user. Their settings (see Connection settings) name what to read:',
    '',
    ...lines,
    '',
    'With the OCI CLI on an instance or an OKE node, as its instance principal (`--auth resource_principal` in a function or a container instance), which its dynamic group is allowed:',
    '',
    '```sh',
    '# the ADMIN password',
    'oci secrets secret-bundle get --auth instance_principal --secret-id "$<DB>_SECRET_ID" \\',
    '  --query \'data."secret-bundle-content".content\' --raw-output | base64 -d',
    ...(hasWallet
      ? [
          "# a data warehouse's wallet (mutual TLS): unzip it and point TNS_ADMIN at the folder",
          'oci db autonomous-database generate-wallet --auth instance_principal \\',
          '  --autonomous-database-id "$<DB>_ID" --password \'<wallet password>\' --file wallet.zip',
        ]
      : []),
    '```',
    '',
    'A new version of the secret (a rotation) becomes the password at the next apply, so read it when connecting rather than once.',
    '',
  ];
}
