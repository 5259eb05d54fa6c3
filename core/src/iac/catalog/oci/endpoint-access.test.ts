import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { nsgIngressBodies, nsgOf } from '../../testing/oci-nsg';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * Service endpoints (Autonomous Databases, stream pools, load balancers, API gateways, Object
 * Storage private endpoints) admit, in their own NSG, only the components connected to them; a
 * public load balancer or gateway admits anyone on its ports. A public API gateway checks a
 * bearer token on every route unless the design turns it off, which policy then reports.
 */
const groups = [
  { id: 'net', service: 'oci.vcn', name: 'main', properties: { cidr: '10.20.0.0/16' } },
  ...['edge', 'app', 'data'].map((name, i) => ({
    id: name,
    service: 'oci.subnet',
    name,
    parent: 'net',
    properties: { cidr: `10.20.${i}.0/24`, public: name === 'edge' },
  })),
];
const design = smallDesign({
  cloud: 'oci',
  groups,
  components: [
    { id: 'gw', service: 'oci.api-gateway', name: 'public', group: 'edge' },
    {
      id: 'inner',
      service: 'oci.load-balancer',
      name: 'inner',
      group: 'app',
      properties: { public: false },
    },
    { id: 'web', service: 'oci.compute-instance', name: 'web', group: 'app' },
    { id: 'fn', service: 'oci.function', name: 'orders', group: 'app' },
    { id: 'dw', service: 'oci.autonomous-data-warehouse', name: 'dw', group: 'data' },
    { id: 'docs', service: 'oci.autonomous-json', name: 'docs', group: 'data' },
    { id: 'bus', service: 'oci.streaming-kafka', name: 'bus', group: 'data' },
    { id: 'lonely', service: 'oci.autonomous-data-warehouse', name: 'lonely', group: 'data' },
  ],
  connections: [
    { from: 'gw', to: 'fn', type: 'traffic' },
    { from: 'gw', to: 'inner', type: 'traffic' },
    { from: 'inner', to: 'web', type: 'traffic' },
    { from: 'web', to: 'dw', type: 'data' },
    { from: 'web', to: 'docs', type: 'data' },
    { from: 'fn', to: 'bus', type: 'data' },
  ],
});
const hcl = mainTf(design);

/** `source port` of each ingress rule of the node's own NSG. */
const ingressOf = (code: string, node: string): string[] =>
  nsgIngressBodies(code, node).map(
    (body) => `${/\n\s+source\s+= (.+)/.exec(body)![1]} ${/min = (\d+)/.exec(body)![1]}`,
  );

describe('oci: what a service endpoint admits', () => {
  it('Autonomous Databases and a Kafka pool admit their clients only, by NSG, on their ports', () => {
    expect(ingressOf(hcl, 'dw')).toEqual([`${nsgOf('web')} 1522`]);
    expect(ingressOf(hcl, 'docs')).toEqual([`${nsgOf('web')} 1522`, `${nsgOf('web')} 27017`]);
    expect(ingressOf(hcl, 'bus')).toEqual([`${nsgOf('fn')} 9092`]);
  });

  it('an Autonomous Database no client is drawn to admits nobody, not the VCN', () => {
    expect(ingressOf(hcl, 'lonely')).toEqual([]);
  });

  it('a private load balancer admits the gateway in front of it, on HTTPS and its redirect port', () => {
    expect(ingressOf(hcl, 'inner')).toEqual([`${nsgOf('gw')} 443`, `${nsgOf('gw')} 80`]);
  });

  it('a public gateway admits anyone on 443', () => {
    expect(ingressOf(hcl, 'gw')).toEqual(['"0.0.0.0/0" 443']);
  });

  it('an Object Storage private endpoint admits the clients of the buckets it serves', () => {
    const code = mainTf(
      smallDesign({
        cloud: 'oci',
        components: [
          { id: 'app', service: 'oci.compute-instance', name: 'app', group: 'sn-0' },
          { id: 'files', service: 'oci.object-storage', name: 'files' },
          { id: 'pe', service: 'oci.object-storage-private-endpoint', name: 'pe', group: 'sn-1' },
        ],
        connections: [
          { from: 'app', to: 'files', type: 'data' },
          { from: 'pe', to: 'files', type: 'data' },
        ],
      }),
    );
    expect(ingressOf(code, 'pe')).toEqual([`${nsgOf('app')} 443`]);
    expect(code).toContain('"oci_core_network_security_group_security_rule" "pe_client_app_443"');
  });

  it('leaves oci-nsg-no-vcn-wide-ingress nothing to report, and passes the schema check', async () => {
    const r = generate(design, { format: 'terraform', layout: 'single' });
    expect(r.ok && r.policy.filter((f) => f.rule === 'oci-nsg-no-vcn-wide-ingress')).toEqual([]);
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});

describe('oci: API gateway authentication', () => {
  const deployment = resourceBlock(hcl, 'oci_apigateway_deployment', 'gw');

  it('checks a bearer JWT against the issuer, audience and JWKS on every route by default', () => {
    expect(deployment).toContain('type                        = "TOKEN_AUTHENTICATION"');
    expect(deployment).toContain('is_anonymous_access_allowed = false');
    expect(deployment).toContain('uri                         = var.gw_jwks_uri');
    expect(deployment).toContain('issuers   = [var.gw_token_issuer]');
    expect(deployment).toContain('audiences = [var.gw_token_audience]');
    // A blank or plain-http issuer or key set fails at plan, not at the first call.
    expect(hcl).toContain('condition     = can(regex("^https://\\\\S+$", var.gw_jwks_uri))');
    expect(hcl).toContain('condition     = can(regex("^https://\\\\S+$", var.gw_token_issuer))');
    const r = generate(design, { format: 'terraform', layout: 'single' });
    expect(r.ok && r.policy.filter((f) => f.rule === 'oci-api-gateway-authenticated')).toEqual([]);
  });

  it('with authentication NONE on a public gateway, policy names the open routes', () => {
    const open = smallDesign({
      cloud: 'oci',
      groups,
      components: [
        {
          id: 'gw',
          service: 'oci.api-gateway',
          name: 'public',
          group: 'edge',
          properties: { authentication: 'NONE' },
        },
        { id: 'fn', service: 'oci.function', name: 'admin', group: 'app' },
      ],
      connections: [{ from: 'gw', to: 'fn', type: 'traffic' }],
    });
    expect(resourceBlock(mainTf(open), 'oci_apigateway_deployment', 'gw')).not.toContain(
      'authentication',
    );
    const r = generate(open, { format: 'terraform', layout: 'single' });
    expect(
      r.ok && r.policy.map((f) => `${f.rule} ${f.address} ${f.exempted ?? 'open'}`),
    ).toContainEqual('oci-api-gateway-authenticated oci_apigateway_deployment.gw open');
  });

  it('a gateway with no target answers a health check without a token', () => {
    const code = mainTf(
      smallDesign({
        cloud: 'oci',
        groups,
        components: [{ id: 'gw', service: 'oci.api-gateway', name: 'public', group: 'edge' }],
      }),
    );
    const d = resourceBlock(code, 'oci_apigateway_deployment', 'gw');
    expect(d).toContain('STOCK_RESPONSE_BACKEND');
    expect(d).not.toContain('authentication');
  });
});
