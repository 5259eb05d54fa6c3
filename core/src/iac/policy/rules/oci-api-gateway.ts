import { address, attr, blocks, ofType, refAddresses, text, tfHit } from '../query';
import { defineRule } from '../types';
import type { TTfBlock } from '../../ir/terraform-ir';

/** API Gateway: who may call the routes of a deployment on a public gateway. */

/** A route anyone may call: the deployment checks no credential, or the route allows anonymous. */
const isOpen = (route: TTfBlock, isAuthenticated: boolean): boolean =>
  text(route.body, 'path') !== '' &&
  blocks(route.body, 'backend').some((b) => text(b.body, 'type') !== 'STOCK_RESPONSE_BACKEND') &&
  (!isAuthenticated ||
    blocks(route.body, 'request_policies')
      .flatMap((p) => blocks(p.body, 'authorization'))
      .some((a) => text(a.body, 'type') === 'ANONYMOUS'));

export const ociApiGatewayAuthenticated = defineRule({
  id: 'oci-api-gateway-authenticated',
  clouds: ['oci'],
  title: 'Public OCI API gateways authenticate the callers of their routes',
  checks:
    'A deployment on a PUBLIC API gateway has an authentication request policy (token validation or an authorizer function), and none of its routes to a backend allows anonymous callers: without one, anyone on the internet invokes the functions and services behind it. Stock responses (a health answer) are not checked.',
  severity: 'high',
  docs: 'https://docs.oracle.com/iaas/Content/APIGateway/Tasks/apigatewayusingjwttokens.htm',
  source: 'OWASP API Security Top 10 API2:2023 (broken authentication); CIS OCI (least privilege)',
  terraform: (resources) => {
    const publicGateways = new Set(
      ofType(resources, 'oci_apigateway_gateway')
        .filter((g) => attr(g.body, 'endpoint_type') === 'PUBLIC')
        .map(address),
    );
    return ofType(resources, 'oci_apigateway_deployment')
      .filter((d) => refAddresses(attr(d.body, 'gateway_id')).some((g) => publicGateways.has(g)))
      .flatMap((d) => {
        const spec = blocks(d.body, 'specification');
        const isAuthenticated = spec
          .flatMap((s) => blocks(s.body, 'request_policies'))
          .some((p) => blocks(p.body, 'authentication').length > 0);
        const open = spec
          .flatMap((s) => blocks(s.body, 'routes'))
          .filter((r) => isOpen(r, isAuthenticated))
          .map((r) => text(r.body, 'path'));
        return open.length === 0
          ? []
          : [
              tfHit(
                d,
                `anyone on the internet may call ${open.join(', ')}: add an authentication policy (authentication TOKEN) or exempt the component with the reason`,
              ),
            ];
      });
  },
});
