import type { TResolvedDesign } from '../design/resolve';
import type { TFormat } from '../emit/emitter';
import { domainsByEnvironment } from '../catalog/environment-domain';

/** Public zones whose domain is one per environment (catalog/environment-domain.ts). */
const ZONES: Readonly<Record<string, string>> = {
  'aws.route53-zone': 'name_servers',
  'oci.dns-zone': 'nameservers',
  'azure.dns-zone': 'name_servers',
  'gcp.cloud-dns': 'name_servers',
};

/**
 * README section on delegating the public DNS zones: each environment has a zone of its own (the
 * last environment the domain, the others `<env>.<domain>`, or the domains given per environment),
 * and a name resolves only once its parent delegates it to that zone's name servers.
 */
export function zoneDelegationReadme(resolved: TResolvedDesign, format: TFormat): string[] {
  const zones = resolved.nodes.filter((n) => ZONES[n.service.id] !== undefined);
  const envs = resolved.design.environments.map((e) => e.name);
  if (zones.length === 0 || envs.length < 2) return [];
  const example = domainsByEnvironment(zones[0]!, 'domain', envs).values;
  // Terraform outputs them; a Bicep or ARM deployment outputs the zone's id only.
  const commands = zones.map((n) =>
    format === 'terraform'
      ? `\`terraform output ${n.local}_${ZONES[n.service.id]!}\``
      : `\`az network dns zone show --resource-group <resource group> --name <domain> --query nameServers\``,
  );
  return [
    '## DNS delegation',
    '',
    'Each environment has a public zone of its own: a domain is delegated to one zone only, and a zone nobody delegates to answers no one: its names do not resolve, and a certificate validated through it is never issued.',
    '',
    ...zones.flatMap((n) => {
      const { values } = domainsByEnvironment(n, 'domain', envs);
      return [`- \`${n.name}\`: ${envs.map((e) => `${e} \`${values[e]}\``).join(', ')}`];
    }),
    '',
    `After an environment's first ${format === 'terraform' ? 'apply' : 'deployment'}, delegate its domain to the zone's name servers (${commands.join(', ')}): at the registrar for a domain you registered, else with NS records of that name in its parent's zone (\`${example[envs[0]!]}\` in the zone of \`${example[envs[envs.length - 1]!]}\`).`,
    '',
  ];
}
