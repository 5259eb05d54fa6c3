import { describe, expect, it } from 'vitest';
import { block, ref, type TTfBlock, type TTfBody } from '../../ir/terraform-ir';
import { tf, tfAddresses } from '../testing/ir';
import { ociApiGatewayAuthenticated } from './oci-api-gateway';

describe('oci-api-gateway-authenticated', () => {
  const gateway = (name: string, endpoint: string) =>
    tf('oci_apigateway_gateway', name, { endpoint_type: endpoint });
  const route = (path: string, extra: TTfBody = {}) =>
    block({
      path,
      methods: ['ANY'],
      backend: block({ type: 'ORACLE_FUNCTIONS_BACKEND', function_id: ref('fn.admin', 'id') }),
      ...extra,
    });
  const deployment = (name: string, gw: string, routes: readonly TTfBlock[], auth: boolean) =>
    tf('oci_apigateway_deployment', name, {
      gateway_id: ref(`oci_apigateway_gateway.${gw}`, 'id'),
      specification: block({
        ...(auth
          ? { request_policies: block({ authentication: block({ type: 'TOKEN_AUTHENTICATION' }) }) }
          : {}),
        routes,
      }),
    });
  const pub = gateway('pub', 'PUBLIC');
  const priv = gateway('priv', 'PRIVATE');

  it('flags a public deployment without authentication, and one with an anonymous route', () => {
    const open = deployment('open', 'pub', [route('/admin/{path*}')], false);
    const anonymous = deployment(
      'anonymous',
      'pub',
      [
        route('/api/{path*}'),
        route('/admin/{path*}', {
          request_policies: block({ authorization: block({ type: 'ANONYMOUS' }) }),
        }),
      ],
      true,
    );
    expect(tfAddresses(ociApiGatewayAuthenticated, [pub, open, anonymous])).toEqual([
      'oci_apigateway_deployment.open',
      'oci_apigateway_deployment.anonymous',
    ]);
  });

  it('passes an authenticated public deployment, a private one, and a stock health answer', () => {
    const authenticated = deployment('auth', 'pub', [route('/admin/{path*}')], true);
    const internal = deployment('internal', 'priv', [route('/admin/{path*}')], false);
    const health = deployment(
      'health',
      'pub',
      [block({ path: '/health', backend: block({ type: 'STOCK_RESPONSE_BACKEND' }) })],
      false,
    );
    expect(
      tfAddresses(ociApiGatewayAuthenticated, [pub, priv, authenticated, internal, health]),
    ).toEqual([]);
  });
});
