import type { TResolvedDesign } from '../../design/resolve';
import { areFrontDoors } from './front-door-access';

/**
 * README section for container apps Front Door reaches over Private Link (front-door-access.ts):
 * Front Door asks the app's environment for a private endpoint connection, which stays pending
 * until someone with rights on the environment approves it; until then Front Door answers 502.
 * learn.microsoft.com/azure/container-apps/how-to-integrate-with-azure-front-door
 */
export function frontDoorPrivateLinkReadme(resolved: TResolvedDesign): string[] {
  const callersOf = (id: string) =>
    resolved.design.connections
      .filter((c) => c.to === id && c.type !== 'placement')
      .flatMap((c) => resolved.byId.get(c.from) ?? []);
  const apps = resolved.nodes.filter(
    (n) => n.service.id === 'azure.container-app' && areFrontDoors(callersOf(n.id)),
  );
  if (apps.length === 0) return [];
  return [
    '## Front Door Private Link',
    '',
    `Only Front Door reaches ${apps.map((n) => `\`${n.name}\``).join(', ')}: the Container Apps environment of each has public network access off, and Front Door (Premium) connects to it through a private endpoint of its own. Azure creates that connection pending, and Front Door answers 502 for the app until it is approved. After the first deployment of each environment (and after an origin is recreated), approve it as someone who may write to the Container Apps environment:`,
    '',
    '```sh',
    'az network private-endpoint-connection list --resource-group <resource group> --name <container apps environment> --type Microsoft.App/managedEnvironments --query "[?properties.privateLinkServiceConnectionState.status==\'Pending\'].id" -o tsv',
    'az network private-endpoint-connection approve --id <id from the list> --description "Front Door"',
    '```',
    '',
    "The app's own ingress host name no longer answers from the internet: test it through the host name output of its Front Door.",
    '',
  ];
}
