import { defineService } from '../service';
import { enumProp, numProp, strProp } from '../properties';
import { aref, atpl } from '../../ir/arm-ir';
import { block, ref, tpl } from '../../ir/terraform-ir';
import { armLocation, placed } from './shared';

/**
 * Azure Web PubSub: WebSocket connections to browsers and devices, with one hub. Access keys are
 * off: the app servers that have data connections to it get the Web PubSub Service Owner role
 * (access.ts) and mint client tokens with Microsoft Entra ID; anonymous clients are refused.
 * Clients connect over the public endpoint (wss), which is the service's purpose.
 * learn.microsoft.com/azure/azure-web-pubsub/howto-authorize-from-managed-identity
 */
const PUBSUB_API = '2024-03-01';
const PUBSUB_HOST = '.webpubsub.azure.com';
/** Free_F1 has no SLA and one unit: the production tiers only. */
const PUBSUB_SKUS = ['Standard_S1', 'Premium_P1'];

export const azureWebPubSub = defineService({
  id: 'azure.web-pubsub',
  cloud: 'azure',
  kind: 'realtime',
  name: 'Web PubSub',
  category: 'messaging',
  description:
    'Web PubSub service with one hub for WebSocket clients: Entra ID only (no access keys), no anonymous connections, app servers get the Service Owner role through their data connections.',
  icon: 'azure-web-pubsub',
  properties: [
    enumProp('sku', 'Tier', PUBSUB_SKUS, 'Standard_S1'),
    numProp('units', 'Units (1,000 connections each)', 1, 1, 100),
    strProp('hub', 'Hub name', 'main'),
  ],
  placement: 'none',
  port: 443,
  naming: { rule: 'azure-web-pubsub', abbreviation: 'wps' },
  emits: {
    terraform: ['azurerm_web_pubsub', 'azurerm_web_pubsub_hub'],
    arm: [
      { type: 'Microsoft.SignalRService/webPubSub', apiVersion: PUBSUB_API },
      { type: 'Microsoft.SignalRService/webPubSub/hubs', apiVersion: PUBSUB_API },
    ],
  },
  terraform: (ctx) => {
    const service = ctx.resource('azurerm_web_pubsub', ctx.node.local, {
      name: ctx.name(),
      ...placed(),
      sku: ctx.prop('sku'),
      capacity: ctx.prop('units'),
      local_auth_enabled: false,
      aad_auth_enabled: true,
      public_network_access_enabled: true,
      tags: ctx.tags(),
      identity: block({ type: 'SystemAssigned' }),
      live_trace: block({
        enabled: true,
        messaging_logs_enabled: false,
        connectivity_logs_enabled: true,
        http_request_logs_enabled: true,
      }),
    });
    ctx.resource('azurerm_web_pubsub_hub', ctx.node.local, {
      name: ctx.prop('hub'),
      web_pubsub_id: ref(service.address, 'id'),
      anonymous_connections_enabled: false,
    });
    ctx.output(
      'endpoint',
      `Endpoint of ${ctx.node.name}`,
      tpl('https://', ref(service.address, 'hostname')),
    );
  },
  arm: (ctx) => {
    const base = ctx.symbol(ctx.node);
    const service = ctx.resource({
      symbol: base,
      type: 'Microsoft.SignalRService/webPubSub',
      apiVersion: PUBSUB_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        sku: {
          name: ctx.prop('sku'),
          tier: ctx.prop('sku', (v) => String(v).split('_')[0]!),
          capacity: ctx.prop('units'),
        },
        identity: { type: 'SystemAssigned' },
        properties: {
          disableLocalAuth: true,
          disableAadAuth: false,
          publicNetworkAccess: 'Enabled',
          tls: { clientCertEnabled: false },
        },
      },
    });
    ctx.resource({
      symbol: `${base}Hub`,
      type: 'Microsoft.SignalRService/webPubSub/hubs',
      apiVersion: PUBSUB_API,
      parent: service,
      name: ctx.prop('hub'),
      body: { properties: { anonymousConnectPolicy: 'deny' } },
    });
    ctx.output(
      'endpoint',
      `Endpoint of ${ctx.node.name}`,
      atpl('https://', aref(service, 'name'), PUBSUB_HOST),
    );
  },
});
