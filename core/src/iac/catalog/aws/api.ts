import { defineService } from '../service';
import { enumProp, listProp } from '../properties';
import { block, ref, tpl } from '../../ir/terraform-ir';
import { primaryRef } from './shared';
import { userPoolAuthorizer } from './users';

/** Amazon API Gateway (HTTP API) with a route and integration per backend. */
export const awsApiGateway = defineService({
  id: 'aws.api-gateway',
  cloud: 'aws',
  kind: 'api-gateway',
  name: 'API Gateway (HTTP API)',
  category: 'api',
  description:
    'HTTP API with a default stage; Lambda and load-balancer integrations from its connections, and a JWT authorizer when connected to a user pool.',
  icon: 'aws-api-gateway',
  properties: [
    listProp('corsOrigins', 'CORS allowed origins', ['*']),
    enumProp('stage', 'Stage', ['$default'], '$default'),
  ],
  placement: 'none',
  naming: { rule: 'aws-generic', abbreviation: 'apigw' },
  emits: {
    terraform: [
      'aws_apigatewayv2_api',
      'aws_apigatewayv2_stage',
      'aws_apigatewayv2_integration',
      'aws_apigatewayv2_route',
      'aws_apigatewayv2_authorizer',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const api = ctx.resource('aws_apigatewayv2_api', local, {
      name: ctx.name(),
      protocol_type: 'HTTP',
      tags: ctx.tags(),
      cors_configuration: block({
        allow_origins: ctx.prop('corsOrigins'),
        allow_methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      }),
    });
    ctx.resource('aws_apigatewayv2_stage', local, {
      api_id: ref(api.address, 'id'),
      name: '$default',
      auto_deploy: true,
      tags: ctx.tags(),
    });
    const auth = userPoolAuthorizer(ctx, api);
    const backends = ctx.outgoing('traffic');
    backends.forEach((edge, i) => {
      const target = edge.node;
      const isFunction = target.service.kind === 'function';
      const integration = ctx.resource('aws_apigatewayv2_integration', `${local}_${target.local}`, {
        api_id: ref(api.address, 'id'),
        ...(isFunction
          ? {
              integration_type: 'AWS_PROXY',
              integration_uri: primaryRef(ctx, target, 'invoke_arn'),
              payload_format_version: '2.0',
            }
          : {
              integration_type: 'HTTP_PROXY',
              integration_method: 'ANY',
              integration_uri: tpl('http://', primaryRef(ctx, target, 'dns_name')),
            }),
      });
      ctx.resource('aws_apigatewayv2_route', `${local}_${target.local}`, {
        api_id: ref(api.address, 'id'),
        route_key: i === 0 ? '$default' : `ANY /${target.name}/{proxy+}`,
        target: tpl('integrations/', ref(integration.address, 'id')),
        ...auth,
      });
      if (isFunction) {
        ctx.resource('aws_lambda_permission', `${local}_${target.local}`, {
          statement_id: 'AllowApiGateway',
          action: 'lambda:InvokeFunction',
          function_name: primaryRef(ctx, target, 'function_name'),
          principal: 'apigateway.amazonaws.com',
          source_arn: tpl(ref(api.address, 'execution_arn'), '/*/*'),
        });
      }
    });
    ctx.output('endpoint', `Endpoint of API ${ctx.node.name}`, ref(api.address, 'api_endpoint'));
  },
});
