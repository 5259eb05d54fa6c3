import { describe, expect, it } from 'vitest';
import { aref } from '../../ir/arm-ir';
import { block, ref } from '../../ir/terraform-ir';
import { arm, armAddresses, tf, tfAddresses } from '../testing/ir';
import { frontDoorOriginLocked } from './azure-front-door';

const origin = (target: string) =>
  tf('azurerm_cdn_frontdoor_origin', 'o', { host_name: ref(target, 'default_hostname') });
const fdid = [ref('azurerm_cdn_frontdoor_profile.fd', 'resource_guid')];

describe('azure-front-door-origin-locked', () => {
  it('flags a web app behind Front Door that still takes every caller, or any Front Door', () => {
    const open = tf('azurerm_linux_web_app', 'open', { site_config: block({}) });
    const tagOnly = tf('azurerm_linux_web_app', 'tag', {
      site_config: block({
        ip_restriction_default_action: 'Deny',
        ip_restriction: block({ service_tag: 'AzureFrontDoor.Backend' }),
      }),
    });
    expect(
      tfAddresses(frontDoorOriginLocked, [open, origin('azurerm_linux_web_app.open')]),
    ).toEqual(['azurerm_linux_web_app.open']);
    expect(
      tfAddresses(frontDoorOriginLocked, [tagOnly, origin('azurerm_linux_web_app.tag')]),
    ).toEqual(['azurerm_linux_web_app.tag']);
  });

  it('passes a web app that admits its own Front Door only', () => {
    const app = tf('azurerm_linux_function_app', 'fn', {
      site_config: block({
        ip_restriction_default_action: 'Deny',
        ip_restriction: block({
          service_tag: 'AzureFrontDoor.Backend',
          headers: block({ x_azure_fdid: fdid }),
        }),
      }),
    });
    expect(
      tfAddresses(frontDoorOriginLocked, [app, origin('azurerm_linux_function_app.fn')]),
    ).toEqual([]);
  });

  it('flags a container app whose environment is open, passes one closed behind Private Link', () => {
    const env = (name: string, body = {}) => tf('azurerm_container_app_environment', name, body);
    const app = (name: string) =>
      tf('azurerm_container_app', name, {
        container_app_environment_id: ref(`azurerm_container_app_environment.${name}`, 'id'),
      });
    const o = (name: string) =>
      tf('azurerm_cdn_frontdoor_origin', name, {
        host_name: ref(`azurerm_container_app.${name}`, 'ingress[0].fqdn'),
      });
    expect(
      tfAddresses(frontDoorOriginLocked, [
        env('open'),
        app('open'),
        o('open'),
        env('closed', { public_network_access: 'Disabled' }),
        app('closed'),
        o('closed'),
      ]),
    ).toEqual(['azurerm_container_app.open']);
  });

  it('reads ARM the same way', () => {
    const site = (symbol: string, siteConfig: Record<string, unknown>) =>
      arm(symbol, 'Microsoft.Web/sites', { properties: { siteConfig } } as never);
    const o = (symbol: string, target: string, path: string) =>
      arm(symbol, 'Microsoft.Cdn/profiles/originGroups/origins', {
        properties: { hostName: aref(target, path) },
      });
    expect(
      armAddresses(frontDoorOriginLocked, [
        site('open', {}),
        o('o1', 'open', 'properties.defaultHostName'),
        site('closed', {
          ipSecurityRestrictionsDefaultAction: 'Deny',
          ipSecurityRestrictions: [
            {
              tag: 'ServiceTag',
              ipAddress: 'AzureFrontDoor.Backend',
              headers: { 'x-azure-fdid': [aref('fd', 'properties.frontDoorId')] },
            },
          ],
        }),
        o('o2', 'closed', 'properties.defaultHostName'),
        arm('env', 'Microsoft.App/managedEnvironments', { properties: {} }),
        arm('ca', 'Microsoft.App/containerApps', { properties: { environmentId: aref('env') } }),
        o('o3', 'ca', 'properties.configuration.ingress.fqdn'),
      ]),
    ).toEqual(['open', 'ca']);
  });
});
