import type { TEmitInput } from '../../emit/emitter';
import { renderName } from '../../naming/resolve';
import { settingNamer } from '../setting-names';
import { SETTINGS_TAKERS } from './readme-sql';

/**
 * README section for Azure Files shares with connected workloads (file-share.ts, access.ts): the
 * workloads' identities hold Storage File Data Privileged Contributor on the share's account and
 * reach the files over REST, which the client libraries do with a token only when told the
 * request's intent (otherwise the service refuses it); an SMB mount takes the account's key.
 * https://learn.microsoft.com/azure/storage/files/authorize-oauth-rest
 */
export function fileSharesReadme(input: TEmitInput): string[] {
  const { resolved } = input;
  const envs = resolved.design.environments.map((e) => e.name);
  const lines = resolved.nodes
    .filter((n) => n.service.id === 'azure.file-share')
    .flatMap((share) => {
      const clients = resolved.design.connections.flatMap((c) => {
        const n = c.to === share.id && c.type === 'data' ? resolved.byId.get(c.from) : undefined;
        return n && SETTINGS_TAKERS.has(n.service.id) ? [n] : [];
      });
      if (clients.length === 0) return [];
      const accounts = envs
        .map((env) => `\`${renderName(input.names.get(share.id)!.parts, env)}\` in ${env}`)
        .join(', ');
      const told = [...new Set(clients)].map((client) => {
        const stores = resolved.design.connections.flatMap((c) =>
          c.from === client.id && c.type === 'data' ? (resolved.byId.get(c.to) ?? []) : [],
        );
        const name = settingNamer(stores);
        return `\`${client.name}\` (\`${name(share, 'FILE_ENDPOINT')}\`, \`${name(share, 'SHARE')}\`)`;
      });
      return [`- \`${share.name}\` (storage account ${accounts}): ${told.join(', ')}`];
    });
  if (lines.length === 0) return [];
  return [
    '## Azure Files shares',
    '',
    "The workloads connected to a share read and write its files with their managed identity through the Azure Files REST API: they hold Storage File Data Privileged Contributor on its storage account (which bypasses the files' own permissions) and are told its endpoint and name:",
    '',
    ...lines,
    '',
    'The client libraries send the identity\'s token only when told the request\'s intent, and the service refuses the request without it: `ShareServiceClient(endpoint, credential=DefaultAzureCredential(), token_intent="backup")` in Python, `ShareTokenIntent = ShareTokenIntent.Backup` in the .NET `ShareClientOptions`, `.shareTokenIntent(ShareTokenIntent.BACKUP)` in Java, `fileRequestIntent: "backup"` in JavaScript.',
    '',
    "A managed identity cannot mount a share over SMB (`mount -t cifs`, a drive letter): SMB signs in with the storage account's key, or with user identities of Active Directory or Microsoft Entra Kerberos. To mount one, read the key once per environment (`az storage account keys list --account-name <account> --query \"[0].value\" -o tsv`) and give it to the machine as a secret, such as a credentials file only root reads; the account's firewall admits the connected workloads' subnets and the addresses the design lists.",
    '',
  ];
}
