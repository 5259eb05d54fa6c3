import { defineService } from '../service';
import { enumProp, listProp } from '../properties';
import { block, call, obj, ref, tpl } from '../../ir/terraform-ir';
import { kmsKeyOf, primaryRef } from './shared';
import { PRIVATE_TARGETS, privateIntegration } from './private-integration';
import { BuildError } from '../../build/terraform-build';
import { userPoolAuthorizer } from './users';

/** Days CloudWatch Logs keeps a log group's events (PutRetentionPolicy). */
const RETENTION = ['1', '3', '5', '7', '14', '30', '60', '90', '180', '365', '731', '1827'];

/** HTTP API access-log variables (API Gateway developer guide, "Customize HTTP API access logs"). */
const ACCESS_LOG_FORMAT = {
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  httpMethod: '$context.httpMethod',
  routeKey: '$context.routeKey',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  authorizerError: '$context.authorizer.error',
  integrationError: '$context.integrationErrorMessage',
};

/** Amazon API Gateway (HTTP API) with a route and integration per backend. */
export const awsApiGateway = defineService({
  id: 'aws.api-gateway',
  cloud: 'aws',
  kind: 'api-gateway',
  name: 'API Gateway (HTTP API)',
  category: 'api',
  description:
    'HTTP API with a default stage; Lambda integrations, VPC links to ECS services (Cloud Map) and internal load balancers, and a JWT authorizer when connected to a user pool.',
  icon: 'aws-api-gateway',
  properties: [
    listProp('corsOrigins', 'CORS allowed origins', ['*']),
    enumProp('stage', 'Stage', ['$default'], '$default'),
    enumProp('logRetention', 'Access log retention (days)', RETENTION, '30'),
  ],
  placement: 'none',
  naming: { rule: 'aws-generic', abbreviation: 'apigw' },
  emits: {
    terraform: [
      'aws_apigatewayv2_api',
      'aws_apigatewayv2_stage',
      'aws_apigatewayv2_integration',
      'aws_apigatewayv2_route',
      'aws_apigatewayv2_vpc_link',
      'aws_apigatewayv2_authorizer',
      'aws_cloudwatch_log_group',
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
        // Not CORS-safelisted: a browser sends a bearer token or a JSON body only once the
        // preflight, which API Gateway answers itself, allows them ("Configure CORS for HTTP APIs").
        allow_headers: ['authorization', 'content-type'],
      }),
    });
    // Who called which route, and what the authorizer and integration said: the stage's only
    // request record (Security Hub APIGateway.9). HTTP APIs write access logs without the
    // account-wide CloudWatch role WebSocket APIs need ("Configure logging for HTTP APIs").
    const key = kmsKeyOf(ctx);
    const logs = ctx.resource('aws_cloudwatch_log_group', local, {
      name: tpl('/aws/apigateway/', ctx.name()),
      retention_in_days: ctx.prop('logRetention', Number),
      ...(key ? { kms_key_id: key } : {}),
      tags: ctx.tags(),
    });
    ctx.resource('aws_apigatewayv2_stage', local, {
      api_id: ref(api.address, 'id'),
      name: '$default',
      auto_deploy: true,
      tags: ctx.tags(),
      access_log_settings: block({
        destination_arn: ref(logs.address, 'arn'),
        format: call('jsonencode', obj(ACCESS_LOG_FORMAT)),
      }),
    });
    const auth = userPoolAuthorizer(ctx, api);
    const backends = ctx.outgoing('traffic');
    backends.forEach((edge, i) => {
      const target = edge.node;
      const isFunction = target.service.kind === 'function';
      if (!isFunction && !PRIVATE_TARGETS.has(target.service.kind)) {
        throw new BuildError(
          `API ${ctx.node.id} cannot integrate with ${target.id} (${target.service.name}): ` +
            'connect it to a Lambda function, an ECS service or a load balancer in front of it',
        );
      }
      const integration = ctx.resource('aws_apigatewayv2_integration', `${local}_${target.local}`, {
        api_id: ref(api.address, 'id'),
        ...(isFunction
          ? {
              integration_type: 'AWS_PROXY',
              integration_uri: primaryRef(ctx, target, 'invoke_arn'),
              payload_format_version: '2.0',
            }
          : privateIntegration(ctx, edge)),
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
