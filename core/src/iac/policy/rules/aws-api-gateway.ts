import { address, attr, ofType, refAddresses, text, tfHit } from '../query';
import { defineRule } from '../types';
import type { TTfResource } from '../../ir/terraform-ir';

/** API Gateway (HTTP and WebSocket APIs): who may call a route. */

/** Routes per API address, for routes whose API is a known resource of the model. */
function routesByApi(resources: readonly TTfResource[]): Map<string, TTfResource[]> {
  const out = new Map<string, TTfResource[]>();
  for (const route of ofType(resources, 'aws_apigatewayv2_route')) {
    for (const api of refAddresses(attr(route.body, 'api_id'))) {
      const list = out.get(api);
      if (list) list.push(route);
      else out.set(api, [route]);
    }
  }
  return out;
}

/** No authorization: the argument is absent or NONE (an expression is not judged). */
const isUnauthorized = (route: TTfResource): boolean => {
  const value = attr(route.body, 'authorization_type');
  return value === undefined || value === 'NONE';
};

export const awsApiGatewayAuthenticated = defineRule({
  id: 'aws-api-gateway-authenticated',
  clouds: ['aws'],
  title: 'API Gateway routes authenticate their callers',
  checks:
    'Every route of an HTTP API has an authorization type (JWT, AWS_IAM or CUSTOM), except CORS preflight (OPTIONS) routes; a WebSocket API authorizes its $connect route, the only one API Gateway authorizes (a connection, once open, is trusted). Without one, anyone on the internet invokes the functions and services behind the API.',
  severity: 'high',
  docs: 'https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-access-control.html',
  source:
    'Checkov CKV_AWS_309 (API GatewayV2 routes specify an authorization type); OWASP API Security Top 10 API2:2023 (broken authentication)',
  terraform: (resources) => {
    const routes = routesByApi(resources);
    return ofType(resources, 'aws_apigatewayv2_api').flatMap((api) => {
      const own = routes.get(address(api)) ?? [];
      const isWebSocket = text(api.body, 'protocol_type') === 'WEBSOCKET';
      const open = own
        .filter((r) =>
          isWebSocket
            ? text(r.body, 'route_key') === '$connect'
            : !text(r.body, 'route_key').startsWith('OPTIONS '),
        )
        .filter(isUnauthorized)
        .map((r) => text(r.body, 'route_key') || r.name);
      if (open.length === 0) return [];
      const fix = isWebSocket
        ? 'set its authorizer to iam or lambda'
        : 'connect a Cognito user pool (a JWT authorizer)';
      return [
        tfHit(
          api,
          `anyone on the internet may call ${open.join(', ')}: ${fix}, or exempt the component with the reason`,
        ),
      ];
    });
  },
});
