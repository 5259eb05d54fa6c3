import { collectArmRefs, type TArmResource, type TArmValue } from '../../ir/arm-ir';
import type { TTfResource } from '../../ir/terraform-ir';
import {
  address,
  armHit,
  armOfType,
  armPath,
  attr,
  blocks,
  ofType,
  refAddresses,
  tfHit,
} from '../query';
import { defineRule, type TPolicyHit } from '../types';

/** Azure Front Door origins: an app behind Front Door answers Front Door alone. */

const FRONT_DOOR_TAG = 'AzureFrontDoor.Backend';
const WEB_APPS = [
  'azurerm_linux_web_app',
  'azurerm_windows_web_app',
  'azurerm_linux_function_app',
  'azurerm_windows_function_app',
];

/** A web or function app that denies by default and admits one Front Door profile's traffic. */
function isTfSiteClosed(app: TTfResource): boolean {
  if (attr(app.body, 'public_network_access_enabled') === false) return true;
  return blocks(app.body, 'site_config').some(
    (sc) =>
      attr(sc.body, 'ip_restriction_default_action') === 'Deny' &&
      blocks(sc.body, 'ip_restriction').some(
        (r) =>
          attr(r.body, 'service_tag') === FRONT_DOOR_TAG &&
          blocks(r.body, 'headers').some((h) => {
            const ids = attr(h.body, 'x_azure_fdid');
            return Array.isArray(ids) && ids.length > 0;
          }),
      ),
  );
}

/** A container app whose environment takes no traffic from the internet. */
function isTfContainerAppClosed(app: TTfResource, byAddress: Map<string, TTfResource>): boolean {
  const envs = refAddresses(attr(app.body, 'container_app_environment_id'))
    .map((a) => byAddress.get(a))
    .filter((e): e is TTfResource => e !== undefined);
  return (
    envs.length > 0 &&
    envs.every(
      (e) =>
        attr(e.body, 'public_network_access') === 'Disabled' ||
        attr(e.body, 'internal_load_balancer_enabled') === true,
    )
  );
}

const record = (v: TArmValue | undefined): Readonly<Record<string, TArmValue>> | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !('$' in v)
    ? (v as Readonly<Record<string, TArmValue>>)
    : undefined;

function isArmSiteClosed(site: TArmResource): boolean {
  if (armPath(site, 'properties.publicNetworkAccess') === 'Disabled') return true;
  if (armPath(site, 'properties.siteConfig.ipSecurityRestrictionsDefaultAction') !== 'Deny')
    return false;
  const rules = armPath(site, 'properties.siteConfig.ipSecurityRestrictions');
  return (Array.isArray(rules) ? rules : []).some((rule) => {
    const r = record(rule as TArmValue);
    const ids = record(r?.['headers'])?.['x-azure-fdid'];
    return (
      r?.['tag'] === 'ServiceTag' &&
      r['ipAddress'] === FRONT_DOOR_TAG &&
      Array.isArray(ids) &&
      ids.length > 0
    );
  });
}

function isArmContainerAppClosed(app: TArmResource, bySymbol: Map<string, TArmResource>): boolean {
  const envs = collectArmRefs(armPath(app, 'properties.environmentId'))
    .map((r) => bySymbol.get(r.symbol))
    .filter((e): e is TArmResource => e !== undefined);
  return (
    envs.length > 0 &&
    envs.every(
      (e) =>
        armPath(e, 'properties.publicNetworkAccess') === 'Disabled' ||
        armPath(e, 'properties.vnetConfiguration.internal') === true,
    )
  );
}

const message = (origin: string) =>
  `reachable on its own host name from the internet, bypassing Front Door origin ${origin} and its WAF`;

export const frontDoorOriginLocked = defineRule({
  id: 'azure-front-door-origin-locked',
  clouds: ['azure'],
  title: 'An app behind Front Door cannot be called around it',
  checks:
    'A web app, function app or container app that is a Front Door origin accepts traffic from that Front Door only: App Service denies by default and admits the AzureFrontDoor.Backend service tag with the profile id in X-Azure-FDID (the tag alone admits every customer’s Front Door), or has public access off behind Private Link; a container app’s environment has public network access off (Front Door Premium over Private Link) or is internal. Otherwise anyone can skip Front Door, its WAF and its rate limits by calling the app’s default host name.',
  severity: 'high',
  docs: 'https://learn.microsoft.com/azure/frontdoor/origin-security',
  source:
    'Azure Front Door documentation (secure traffic to origins); Microsoft cloud security benchmark NS-6',
  terraform: (resources) => {
    const byAddress = new Map(
      resources.filter((r) => r.mode === 'resource').map((r) => [address(r), r]),
    );
    return ofType(resources, 'azurerm_cdn_frontdoor_origin').flatMap((origin): TPolicyHit[] =>
      [...new Set(refAddresses(attr(origin.body, 'host_name')))]
        .map((a) => byAddress.get(a))
        .filter((app): app is TTfResource => app !== undefined)
        .filter((app) =>
          app.type === 'azurerm_container_app'
            ? !isTfContainerAppClosed(app, byAddress)
            : WEB_APPS.includes(app.type) && !isTfSiteClosed(app),
        )
        .map((app) => tfHit(app, message(address(origin)))),
    );
  },
  arm: (resources) => {
    const bySymbol = new Map(resources.map((r) => [r.symbol, r]));
    return armOfType(resources, 'Microsoft.Cdn/profiles/originGroups/origins').flatMap(
      (origin): TPolicyHit[] =>
        [...new Set(collectArmRefs(armPath(origin, 'properties.hostName')).map((r) => r.symbol))]
          .map((s) => bySymbol.get(s))
          .filter((app): app is TArmResource => app !== undefined)
          .filter((app) =>
            app.type === 'Microsoft.App/containerApps'
              ? !isArmContainerAppClosed(app, bySymbol)
              : app.type === 'Microsoft.Web/sites' && !isArmSiteClosed(app),
          )
          .map((app) => armHit(app, message(origin.symbol))),
    );
  },
});
