import { defineService, type TArmBuildContext, type TNode, type TTfBuildContext } from '../service';
import { numProp, strProp } from '../properties';
import { aref, type TArmValue } from '../../ir/arm-ir';
import { block, ref, type TTfValue } from '../../ir/terraform-ir';
import { armLocation, rgName } from './shared';
import { frontDoorSku, isPrivateLinkOrigin } from './front-door-access';

/** Azure Front Door: a profile, an endpoint and an origin group in front of the apps it serves. */
const CDN_API = '2024-09-01';
/** Front Door origins: kind -> Terraform type and host attribute, ARM host expression. */
const ORIGINS: Readonly<
  Record<string, { tf: string; attr: string; arm: (symbol: string) => TArmValue }>
> = {
  'serverless-container': {
    tf: 'azurerm_container_app',
    attr: 'ingress[0].fqdn',
    arm: (s) => aref(s, 'properties.configuration.ingress.fqdn'),
  },
  function: {
    tf: 'azurerm_linux_function_app',
    attr: 'default_hostname',
    arm: (s) => aref(s, 'properties.defaultHostName'),
  },
  'web-app': {
    tf: 'azurerm_linux_web_app',
    attr: 'default_hostname',
    arm: (s) => aref(s, 'properties.defaultHostName'),
  },
};

function originsOf(ctx: TTfBuildContext | TArmBuildContext): TNode[] {
  return [...ctx.outgoing('traffic'), ...ctx.outgoing('data')]
    .map((e) => e.node)
    .filter((n) => ORIGINS[n.service.kind] !== undefined);
}

export const azureFrontDoor = defineService({
  id: 'azure.front-door',
  cloud: 'azure',
  kind: 'cdn',
  name: 'Front Door (Standard)',
  category: 'networking',
  description:
    'Azure Front Door profile with an endpoint, an origin group (HTTPS health probe) and one origin per connected container app, function app or App Service web app (equivalent backends), routed over HTTPS. An origin only Front Door calls accepts no other traffic: web and function apps admit this profile alone (service tag and X-Azure-FDID header); a container app closes its environment to the internet and is reached over Private Link, which needs the Premium tier (Standard otherwise) and an approval of the connection after the first deployment.',
  icon: 'azure-front-door',
  properties: [
    strProp('probePath', 'Health probe path', '/'),
    numProp('probeInterval', 'Health probe interval (s)', 100, 5, 31536000),
  ],
  placement: 'none',
  naming: { rule: 'azure-afd-endpoint', abbreviation: 'afd' },
  emits: {
    terraform: [
      'azurerm_cdn_frontdoor_profile',
      'azurerm_cdn_frontdoor_endpoint',
      'azurerm_cdn_frontdoor_origin_group',
      'azurerm_cdn_frontdoor_origin',
      'azurerm_cdn_frontdoor_route',
    ],
    arm: [
      { type: 'Microsoft.Cdn/profiles', apiVersion: CDN_API },
      { type: 'Microsoft.Cdn/profiles/afdEndpoints', apiVersion: CDN_API },
      { type: 'Microsoft.Cdn/profiles/originGroups', apiVersion: CDN_API },
      { type: 'Microsoft.Cdn/profiles/originGroups/origins', apiVersion: CDN_API },
      { type: 'Microsoft.Cdn/profiles/afdEndpoints/routes', apiVersion: CDN_API },
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const profile = ctx.resource('azurerm_cdn_frontdoor_profile', local, {
      name: ctx.name('afdp'),
      resource_group_name: rgName(),
      sku_name: frontDoorSku(ctx, ctx.node),
      tags: ctx.tags(),
    });
    const endpoint = ctx.resource('azurerm_cdn_frontdoor_endpoint', local, {
      name: ctx.name(),
      cdn_frontdoor_profile_id: ref(profile.address, 'id'),
      tags: ctx.tags(),
    });
    const group = ctx.resource('azurerm_cdn_frontdoor_origin_group', local, {
      name: 'default',
      cdn_frontdoor_profile_id: ref(profile.address, 'id'),
      session_affinity_enabled: false,
      load_balancing: block({
        sample_size: 4,
        successful_samples_required: 3,
        additional_latency_in_milliseconds: 50,
      }),
      health_probe: block({
        protocol: 'Https',
        request_type: 'HEAD',
        path: ctx.prop('probePath'),
        interval_in_seconds: ctx.prop('probeInterval'),
      }),
    });
    const origins: TTfValue[] = originsOf(ctx).map((node) => {
      const o = ORIGINS[node.service.kind]!;
      const host = ref(ctx.address(node, o.tf), o.attr);
      const origin = ctx.resource('azurerm_cdn_frontdoor_origin', `${local}_${node.local}`, {
        name: node.local.replace(/_/g, '-'),
        cdn_frontdoor_origin_group_id: ref(group.address, 'id'),
        enabled: true,
        host_name: host,
        origin_host_header: host,
        http_port: 80,
        https_port: 443,
        priority: 1,
        weight: 1000,
        certificate_name_check_enabled: true,
        ...(isPrivateLinkOrigin(ctx, node)
          ? {
              private_link: block({
                request_message: `Front Door ${ctx.node.name}`,
                target_type: 'managedEnvironments',
                location: ref(ctx.address(node, 'azurerm_container_app_environment'), 'location'),
                private_link_target_id: ref(
                  ctx.address(node, 'azurerm_container_app_environment'),
                  'id',
                ),
              }),
            }
          : {}),
      });
      return ref(origin.address, 'id');
    });
    ctx.resource('azurerm_cdn_frontdoor_route', local, {
      name: 'default',
      cdn_frontdoor_endpoint_id: ref(endpoint.address, 'id'),
      cdn_frontdoor_origin_group_id: ref(group.address, 'id'),
      cdn_frontdoor_origin_ids: origins,
      enabled: true,
      supported_protocols: ['Http', 'Https'],
      patterns_to_match: ['/*'],
      forwarding_protocol: 'HttpsOnly',
      https_redirect_enabled: true,
      link_to_default_domain: true,
    });
    ctx.output('host_name', `Host name of ${ctx.node.name}`, ref(endpoint.address, 'host_name'));
  },
  arm: (ctx) => {
    const profile = ctx.resource({
      symbol: ctx.symbol(ctx.node, 'Profile'),
      type: 'Microsoft.Cdn/profiles',
      apiVersion: CDN_API,
      name: ctx.name('afdp'),
      body: {
        location: 'global',
        tags: ctx.tags(),
        sku: { name: frontDoorSku(ctx, ctx.node) },
        properties: { originResponseTimeoutSeconds: 60 },
      },
    });
    const endpoint = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.Cdn/profiles/afdEndpoints',
      apiVersion: CDN_API,
      parent: profile,
      name: ctx.name(),
      body: { location: 'global', tags: ctx.tags(), properties: { enabledState: 'Enabled' } },
    });
    const group = ctx.resource({
      symbol: ctx.symbol(ctx.node, 'OriginGroup'),
      type: 'Microsoft.Cdn/profiles/originGroups',
      apiVersion: CDN_API,
      parent: profile,
      name: 'default',
      body: {
        properties: {
          sessionAffinityState: 'Disabled',
          loadBalancingSettings: {
            sampleSize: 4,
            successfulSamplesRequired: 3,
            additionalLatencyInMilliseconds: 50,
          },
          healthProbeSettings: {
            probeProtocol: 'Https',
            probeRequestType: 'HEAD',
            probePath: ctx.prop('probePath'),
            probeIntervalInSeconds: ctx.prop('probeInterval'),
          },
        },
      },
    });
    const origins = originsOf(ctx).map((node) => {
      const target = ctx.symbol(node);
      const host = ORIGINS[node.service.kind]!.arm(target);
      return ctx.resource({
        symbol: ctx.symbol(ctx.node, `Origin${target.charAt(0).toUpperCase()}${target.slice(1)}`),
        type: 'Microsoft.Cdn/profiles/originGroups/origins',
        apiVersion: CDN_API,
        parent: group,
        name: node.local.replace(/_/g, '-'),
        body: {
          properties: {
            hostName: host,
            originHostHeader: host,
            httpPort: 80,
            httpsPort: 443,
            priority: 1,
            weight: 1000,
            enabledState: 'Enabled',
            enforceCertificateNameCheck: true,
            ...(isPrivateLinkOrigin(ctx, node)
              ? {
                  sharedPrivateLinkResource: {
                    privateLink: { id: aref(ctx.symbol(node, 'Env'), 'id') },
                    groupId: 'managedEnvironments',
                    privateLinkLocation: armLocation(),
                    requestMessage: `Front Door ${ctx.node.name}`,
                  },
                }
              : {}),
          },
        },
      });
    });
    // A route needs its origin group to hold its origins first.
    ctx.resource({
      symbol: ctx.symbol(ctx.node, 'Route'),
      type: 'Microsoft.Cdn/profiles/afdEndpoints/routes',
      apiVersion: CDN_API,
      parent: endpoint,
      name: 'default',
      ...(origins.length ? { dependsOn: origins } : {}),
      body: {
        properties: {
          originGroup: { id: aref(group, 'id') },
          supportedProtocols: ['Http', 'Https'],
          patternsToMatch: ['/*'],
          forwardingProtocol: 'HttpsOnly',
          httpsRedirect: 'Enabled',
          linkToDefaultDomain: 'Enabled',
          enabledState: 'Enabled',
        },
      },
    });
    ctx.output('hostName', `Host name of ${ctx.node.name}`, aref(endpoint, 'properties.hostName'));
  },
});
