import { describe, expect, it } from 'vitest';
import { ref, type TTfBody } from '../../ir/terraform-ir';
import { tf, tfAddresses } from '../testing/ir';
import { awsApiGatewayAuthenticated } from './aws-api-gateway';

describe('aws-api-gateway-authenticated', () => {
  const api = (name: string, protocol: 'HTTP' | 'WEBSOCKET') =>
    tf('aws_apigatewayv2_api', name, { name, protocol_type: protocol });
  const route = (apiName: string, name: string, routeKey: string, auth: TTfBody = {}) =>
    tf('aws_apigatewayv2_route', name, {
      api_id: ref(`aws_apigatewayv2_api.${apiName}`, 'id'),
      route_key: routeKey,
      ...auth,
    });
  const jwt = {
    authorization_type: 'JWT',
    authorizer_id: ref('aws_apigatewayv2_authorizer.a', 'id'),
  };

  it('flags an HTTP API with a route anyone may call, by the API, naming the routes', () => {
    const hits = awsApiGatewayAuthenticated.terraform!([
      api('open', 'HTTP'),
      route('open', 'open_default', '$default', jwt),
      route('open', 'open_admin', 'ANY /admin/{proxy+}'),
      route('open', 'open_none', 'GET /orders', { authorization_type: 'NONE' }),
    ]);
    expect(hits.map((h) => h.address)).toEqual(['aws_apigatewayv2_api.open']);
    expect(hits[0]!.message).toContain('ANY /admin/{proxy+}, GET /orders');
    expect(hits[0]!.message).toContain('Cognito user pool');
  });

  it('passes an HTTP API whose routes authenticate, and its CORS preflight routes', () => {
    const resources = [
      api('closed', 'HTTP'),
      route('closed', 'closed_default', '$default', jwt),
      route('closed', 'closed_iam', 'POST /jobs', { authorization_type: 'AWS_IAM' }),
      route('closed', 'closed_preflight', 'OPTIONS /{proxy+}'),
    ];
    expect(tfAddresses(awsApiGatewayAuthenticated, resources)).toEqual([]);
  });

  it('checks only $connect on a WebSocket API', () => {
    const open = [
      api('live', 'WEBSOCKET'),
      route('live', 'live_connect', '$connect'),
      route('live', 'live_default', '$default'),
    ];
    const hits = awsApiGatewayAuthenticated.terraform!(open);
    expect(hits.map((h) => h.address)).toEqual(['aws_apigatewayv2_api.live']);
    expect(hits[0]!.message).toContain('$connect: set its authorizer to iam or lambda');
    const guarded = [
      api('live', 'WEBSOCKET'),
      route('live', 'live_connect', '$connect', { authorization_type: 'AWS_IAM' }),
      route('live', 'live_default', '$default'),
      route('live', 'live_subscribe', 'subscribe'),
    ];
    expect(tfAddresses(awsApiGatewayAuthenticated, guarded)).toEqual([]);
  });
});
