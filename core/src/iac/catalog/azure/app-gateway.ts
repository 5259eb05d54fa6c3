import { defineService, type TArmBuildContext, type TTfBuildContext } from '../service';
import { enumProp, numProp, strProp } from '../properties';
import { aref, childId, type TArmValue } from '../../ir/arm-ir';
import { block, ref } from '../../ir/terraform-ir';
import { BuildError } from '../../build/terraform-build';
import { ROLE_ASSIGNMENT_API } from './access';
import {
  AGW_POOL,
  agwBackend,
  agwTargets,
  armAgwAddresses,
  tfAgwAddresses,
} from './app-gateway-targets';
import {
  AGW_CERT,
  AGW_IDENTITY_API,
  AGW_SECRET_API,
  armAgwCertificate,
  tfAgwCertificate,
} from './app-gateway-tls';
import { armLocation, armSubnetId, placed, tfSubnetId } from './shared';
import { armPublicIp, tfPublicIp } from './public-ip';

/**
 * Application Gateway v2 with the WAF_v2 SKU: the HTTPS entry point of a web tier. A WAF policy
 * in prevention mode (Microsoft default rule set 2.1), an HTTPS listener with the team's
 * certificate (app-gateway-tls.ts), HTTP redirected to HTTPS, TLS 1.2 minimum (predefined policy
 * AppGwSslPolicy20220101S), a health probe, autoscaling.
 */
const NETWORK_API = '2025-05-01';
const AGW_TYPE = 'Microsoft.Network/applicationGateways';
const WAF_TYPE = 'Microsoft.Network/ApplicationGatewayWebApplicationFirewallPolicies';
// learn.microsoft.com/azure/application-gateway/application-gateway-ssl-policy-overview
const SSL_POLICY = 'AppGwSslPolicy20220101S';
const N = {
  gateway: 'gateway',
  frontend: 'public',
  http: 'http',
  https: 'https',
  settings: 'backend',
  probe: 'health',
  redirect: 'http-to-https',
} as const;

/** Azure requires a subnet that holds nothing but Application Gateways (learn.microsoft.com/azure/application-gateway/configuration-infrastructure). */
function checkDedicatedSubnet(ctx: TTfBuildContext | TArmBuildContext): void {
  const subnet = ctx.subnets()[0]!;
  const others = ctx
    .children(subnet)
    .filter((n) => n.service.id !== ctx.node.service.id && n.service.kind !== 'security-group');
  if (others.length > 0)
    throw new BuildError(
      `${ctx.node.name}: an Application Gateway needs a subnet of its own; move ${others.map((n) => n.name).join(', ')} out of ${subnet.name}`,
    );
}

export const azureAppGateway = defineService({
  id: 'azure.application-gateway',
  cloud: 'azure',
  kind: 'load-balancer',
  name: 'Application Gateway (WAF)',
  category: 'networking',
  description:
    'Application Gateway v2 with a web application firewall in prevention mode: HTTPS on 443 with your certificate, HTTP redirected to HTTPS, TLS 1.2 minimum, a health probe and autoscaling. It needs a subnet of its own.',
  icon: 'azure-application-gateway',
  properties: [
    numProp('minCapacity', 'Minimum instances', 1, 0, 125),
    numProp('maxCapacity', 'Maximum instances', 3, 2, 125),
    strProp('healthPath', 'Health check path', '/'),
    strProp(
      'certificateName',
      'Certificate secret in the Key Vault',
      'web-tls',
      'With a data connection to a Key Vault, the code writes the certificate you give (a PFX) to this secret and the gateway reads it from there; else the certificate goes to the gateway itself.',
    ),
    enumProp(
      'wafMode',
      'Firewall mode',
      ['Prevention', 'Detection'],
      'Prevention',
      'Detection logs attacks without blocking them.',
    ),
  ],
  placement: 'subnet',
  needsOwnSubnet: true,
  port: 443,
  naming: { rule: 'azure-generic', abbreviation: 'agw' },
  emits: {
    terraform: [
      'azurerm_application_gateway',
      'azurerm_web_application_firewall_policy',
      'azurerm_public_ip',
      'azurerm_user_assigned_identity',
      'azurerm_role_assignment',
      'azurerm_key_vault_secret',
    ],
    arm: [
      { type: AGW_TYPE, apiVersion: NETWORK_API },
      { type: WAF_TYPE, apiVersion: NETWORK_API },
      { type: 'Microsoft.Network/publicIPAddresses', apiVersion: NETWORK_API },
      { type: 'Microsoft.ManagedIdentity/userAssignedIdentities', apiVersion: AGW_IDENTITY_API },
      { type: 'Microsoft.Authorization/roleAssignments', apiVersion: ROLE_ASSIGNMENT_API },
      { type: 'Microsoft.KeyVault/vaults/secrets', apiVersion: AGW_SECRET_API },
    ],
  },
  terraform: (ctx) => {
    checkDedicatedSubnet(ctx);
    const local = ctx.node.local;
    const targets = agwTargets(ctx);
    const backend = agwBackend(ctx, targets);
    const pip = tfPublicIp(ctx);
    const waf = ctx.resource('azurerm_web_application_firewall_policy', local, {
      name: ctx.name('waf'),
      ...placed(),
      tags: ctx.tags(),
      policy_settings: block({
        enabled: true,
        mode: ctx.prop('wafMode'),
        request_body_check: true,
        max_request_body_size_in_kb: 128,
        file_upload_limit_in_mb: 100,
      }),
      managed_rules: block({
        managed_rule_set: block({ type: 'Microsoft_DefaultRuleSet', version: '2.1' }),
      }),
    });
    const tls = tfAgwCertificate(ctx);
    const listener = (name: string, port: string, isTls: boolean) =>
      block({
        name,
        frontend_ip_configuration_name: N.frontend,
        frontend_port_name: port,
        protocol: isTls ? 'Https' : 'Http',
        ...(isTls ? { ssl_certificate_name: AGW_CERT } : {}),
      });
    ctx.resource(
      'azurerm_application_gateway',
      local,
      {
        name: ctx.name(),
        ...placed(),
        firewall_policy_id: ref(waf.address, 'id'),
        force_firewall_policy_association: true,
        enable_http2: true,
        tags: ctx.tags(),
        sku: block({ name: 'WAF_v2', tier: 'WAF_v2' }),
        autoscale_configuration: block({
          min_capacity: ctx.prop('minCapacity'),
          max_capacity: ctx.prop('maxCapacity'),
        }),
        gateway_ip_configuration: block({
          name: N.gateway,
          subnet_id: tfSubnetId(ctx, ctx.subnets()[0]!),
        }),
        frontend_ip_configuration: block({
          name: N.frontend,
          public_ip_address_id: ref(pip.address, 'id'),
        }),
        frontend_port: [block({ name: N.http, port: 80 }), block({ name: N.https, port: 443 })],
        ssl_certificate: tls.certificate,
        ssl_policy: block({ policy_type: 'Predefined', policy_name: SSL_POLICY }),
        backend_address_pool: block({ name: AGW_POOL, ...tfAgwAddresses(ctx, targets) }),
        backend_http_settings: block({
          name: N.settings,
          port: backend.port,
          protocol: backend.protocol,
          cookie_based_affinity: 'Disabled',
          request_timeout: 30,
          probe_name: N.probe,
          ...(backend.isFqdn ? { pick_host_name_from_backend_address: true } : {}),
        }),
        probe: block({
          name: N.probe,
          protocol: backend.protocol,
          path: ctx.prop('healthPath'),
          interval: 30,
          timeout: 30,
          unhealthy_threshold: 3,
          ...(backend.isFqdn
            ? { pick_host_name_from_backend_http_settings: true }
            : { host: '127.0.0.1' }),
        }),
        http_listener: [listener(N.https, N.https, true), listener(N.http, N.http, false)],
        redirect_configuration: block({
          name: N.redirect,
          redirect_type: 'Permanent',
          target_listener_name: N.https,
          include_path: true,
          include_query_string: true,
        }),
        request_routing_rule: [
          block({
            name: N.https,
            priority: 100,
            rule_type: 'Basic',
            http_listener_name: N.https,
            backend_address_pool_name: AGW_POOL,
            backend_http_settings_name: N.settings,
          }),
          block({
            name: N.redirect,
            priority: 200,
            rule_type: 'Basic',
            http_listener_name: N.http,
            redirect_configuration_name: N.redirect,
          }),
        ],
        ...(tls.identity ? { identity: tls.identity } : {}),
      },
      tls.dependsOn,
    );
    ctx.output(
      'public_ip',
      `Public IP address of ${ctx.node.name}`,
      ref(pip.address, 'ip_address'),
    );
  },
  arm: (ctx) => {
    checkDedicatedSubnet(ctx);
    const targets = agwTargets(ctx);
    const backend = agwBackend(ctx, targets);
    const pip = armPublicIp(ctx);
    const waf = ctx.resource({
      symbol: ctx.symbol(ctx.node, 'Waf'),
      type: WAF_TYPE,
      apiVersion: NETWORK_API,
      name: ctx.name('waf'),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        properties: {
          policySettings: {
            state: 'Enabled',
            mode: ctx.prop('wafMode'),
            requestBodyCheck: true,
            maxRequestBodySizeInKb: 128,
            fileUploadLimitInMb: 100,
          },
          managedRules: {
            managedRuleSets: [{ ruleSetType: 'Microsoft_DefaultRuleSet', ruleSetVersion: '2.1' }],
          },
        },
      },
    });
    const tls = armAgwCertificate(ctx);
    // Parts of the gateway point at each other inside its own body: resourceId(), not a symbol.
    const own = (child: string, name: string): { id: TArmValue } => ({
      id: childId(AGW_TYPE, ctx.name(), child, name),
    });
    const addresses = armAgwAddresses(ctx, targets);
    const listener = (name: string, port: string, isTls: boolean) => ({
      name,
      properties: {
        frontendIPConfiguration: own('frontendIPConfigurations', N.frontend),
        frontendPort: own('frontendPorts', port),
        protocol: isTls ? 'Https' : 'Http',
        ...(isTls ? { sslCertificate: own('sslCertificates', AGW_CERT) } : {}),
      },
    });
    ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: AGW_TYPE,
      apiVersion: NETWORK_API,
      name: ctx.name(),
      dependsOn: tls.dependsOn,
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        ...(tls.identity ? { identity: tls.identity } : {}),
        properties: {
          sku: { name: 'WAF_v2', tier: 'WAF_v2' },
          autoscaleConfiguration: {
            minCapacity: ctx.prop('minCapacity'),
            maxCapacity: ctx.prop('maxCapacity'),
          },
          firewallPolicy: { id: aref(waf, 'id') },
          forceFirewallPolicyAssociation: true,
          enableHttp2: true,
          gatewayIPConfigurations: [
            {
              name: N.gateway,
              properties: { subnet: { id: armSubnetId(ctx, ctx.subnets()[0]!) } },
            },
          ],
          frontendIPConfigurations: [
            { name: N.frontend, properties: { publicIPAddress: { id: aref(pip, 'id') } } },
          ],
          frontendPorts: [
            { name: N.http, properties: { port: 80 } },
            { name: N.https, properties: { port: 443 } },
          ],
          sslCertificates: [{ name: AGW_CERT, properties: tls.certificate }],
          sslPolicy: { policyType: 'Predefined', policyName: SSL_POLICY },
          backendAddressPools: [
            // Scale sets add themselves to the pool; VMs and apps are listed here.
            addresses.length > 0
              ? { name: AGW_POOL, properties: { backendAddresses: addresses } }
              : { name: AGW_POOL },
          ],
          backendHttpSettingsCollection: [
            {
              name: N.settings,
              properties: {
                port: backend.port,
                protocol: backend.protocol,
                cookieBasedAffinity: 'Disabled',
                requestTimeout: 30,
                probe: own('probes', N.probe),
                ...(backend.isFqdn ? { pickHostNameFromBackendAddress: true } : {}),
              },
            },
          ],
          probes: [
            {
              name: N.probe,
              properties: {
                protocol: backend.protocol,
                path: ctx.prop('healthPath'),
                interval: 30,
                timeout: 30,
                unhealthyThreshold: 3,
                ...(backend.isFqdn
                  ? { pickHostNameFromBackendHttpSettings: true }
                  : { host: '127.0.0.1' }),
              },
            },
          ],
          httpListeners: [listener(N.https, N.https, true), listener(N.http, N.http, false)],
          redirectConfigurations: [
            {
              name: N.redirect,
              properties: {
                redirectType: 'Permanent',
                targetListener: own('httpListeners', N.https),
                includePath: true,
                includeQueryString: true,
              },
            },
          ],
          requestRoutingRules: [
            {
              name: N.https,
              properties: {
                ruleType: 'Basic',
                priority: 100,
                httpListener: own('httpListeners', N.https),
                backendAddressPool: own('backendAddressPools', AGW_POOL),
                backendHttpSettings: own('backendHttpSettingsCollection', N.settings),
              },
            },
            {
              name: N.redirect,
              properties: {
                ruleType: 'Basic',
                priority: 200,
                httpListener: own('httpListeners', N.http),
                redirectConfiguration: own('redirectConfigurations', N.redirect),
              },
            },
          ],
        },
      },
    });
    ctx.output(
      'publicIp',
      `Public IP address of ${ctx.node.name}`,
      aref(pip, 'properties.ipAddress'),
    );
  },
});
