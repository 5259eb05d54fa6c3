import { defineService, type TNode, type TTfBuildContext } from '../service';
import { boolProp, enumProp, listProp, numProp, strProp } from '../properties';
import { block, call, obj, ref, tpl, type TTfRef } from '../../ir/terraform-ir';
import { BuildError } from '../../build/terraform-build';
import { kmsKeyOf, primaryRef } from './shared';
import { assumeRolePolicy } from './iam';
import { callbackUrl, WEBSOCKET_STAGE, webSocketFunctions } from './websocket-connections';
import { pascal } from '../../build/camel';

const STANDARD_ROUTES = ['$connect', '$disconnect', '$default'];
const RETENTION = ['1', '3', '5', '7', '14', '30', '60', '90', '180', '365', '731', '1827'];

/**
 * Amazon API Gateway WebSocket API. `$connect`, `$disconnect`, `$default` and the custom route
 * keys go to one Lambda handler through AWS_PROXY integrations; `$connect` is guarded by IAM or
 * by a Lambda REQUEST authorizer (who is which: webSocketFunctions in websocket-connections.ts).
 * Without a connected function the API has no routes yet. The handler, and every function with a
 * data connection to the API, may post to its connections (callback URL in the environment).
 * Access logs go to a log group of its own; API Gateway writes WebSocket logs through one
 * CloudWatch role per account and region (the stage is refused without it). That setting belongs
 * to the account, not to an environment: managed in every environment's stack, each apply points
 * it at its own environment's role, and destroying one environment resets it (hashicorp/aws 6
 * resets the account settings when `aws_api_gateway_account` is destroyed) under the others. The
 * README's "Account setup" sets it once per account and region; `setAccountLogRole` manages it
 * here, for one environment per account only.
 */
export const awsWebSocketApi = defineService({
  id: 'aws.websocket-api',
  cloud: 'aws',
  kind: 'realtime',
  name: 'API Gateway (WebSocket API)',
  category: 'messaging',
  description:
    'WebSocket API with $connect, $disconnect, $default and custom routes to a Lambda handler, IAM or Lambda authorizer on $connect, stage throttling and access logs; connected functions may push to clients.',
  icon: 'aws-api-gateway',
  properties: [
    strProp(
      'routeSelectionExpression',
      'Route selection expression',
      '$request.body.action',
      'Where the route key of an incoming message is read.',
    ),
    listProp('routeKeys', 'Custom route keys', []),
    enumProp('authorizer', 'Authorizer on $connect', ['iam', 'lambda', 'none'], 'iam'),
    strProp(
      'authorizerFunction',
      'Authorizer function',
      '',
      'Id or name of the connected Lambda function that authorizes $connect (lambda authorizer); empty: the first connected function.',
    ),
    numProp('throttlingBurstLimit', 'Throttling burst (requests)', 500, 1, 5000),
    numProp('throttlingRateLimit', 'Throttling rate (requests/s)', 1000, 1, 10000),
    enumProp('logRetention', 'Access log retention (days)', RETENTION, '30'),
    boolProp(
      'setAccountLogRole',
      "Manage API Gateway's account-wide CloudWatch role here (one environment per account only)",
      false,
    ),
  ],
  placement: 'none',
  port: 443,
  naming: { rule: 'aws-generic', abbreviation: 'ws' },
  emits: {
    terraform: [
      'aws_apigatewayv2_api',
      'aws_apigatewayv2_stage',
      'aws_apigatewayv2_route',
      'aws_apigatewayv2_integration',
      'aws_apigatewayv2_authorizer',
      'aws_lambda_permission',
      'aws_cloudwatch_log_group',
      'aws_iam_role',
      'aws_iam_role_policy_attachment',
      'aws_api_gateway_account',
    ],
  },
  dataActions: ['execute-api:ManageConnections'],
  terraform: (ctx) => {
    const local = ctx.node.local;
    const functions = ctx.outgoing('traffic').map((e) => e.node);
    const other = functions.find((n) => n.service.kind !== 'function');
    if (other)
      throw new BuildError(
        `WebSocket API ${ctx.node.id} cannot integrate with ${other.id} (${other.service.name}): connect it to Lambda functions`,
      );
    const api = ctx.resource('aws_apigatewayv2_api', local, {
      name: ctx.name(),
      protocol_type: 'WEBSOCKET',
      route_selection_expression: ctx.value('routeSelectionExpression'),
      tags: ctx.tags(),
    });
    const apiId = ref(api.address, 'id');
    const executionArn = ref(api.address, 'execution_arn');
    const key = kmsKeyOf(ctx);
    const logs = ctx.resource('aws_cloudwatch_log_group', local, {
      name: tpl('/aws/apigateway/', ctx.name()),
      retention_in_days: ctx.prop('logRetention', Number),
      ...(key ? { kms_key_id: key } : {}),
      tags: ctx.tags(),
    });
    ctx.resource(
      'aws_apigatewayv2_stage',
      local,
      {
        api_id: apiId,
        name: WEBSOCKET_STAGE,
        auto_deploy: true,
        access_log_settings: block({
          destination_arn: ref(logs.address, 'arn'),
          format: call('jsonencode', obj(ACCESS_LOG_FORMAT)),
        }),
        default_route_settings: block({
          throttling_burst_limit: ctx.prop('throttlingBurstLimit'),
          throttling_rate_limit: ctx.prop('throttlingRateLimit'),
          logging_level: 'ERROR',
          // Message bodies stay out of the logs.
          data_trace_enabled: false,
        }),
        tags: ctx.tags(),
      },
      ctx.value<boolean>('setAccountLogRole') ? [accountLogRole(ctx)] : [],
    );

    const { authorizer: authorizerFn, handler } = webSocketFunctions(ctx, ctx.node);
    const unused = functions.find((n) => n !== authorizerFn && n !== handler);
    if (unused)
      throw new BuildError(
        `WebSocket API ${ctx.node.id}: ${unused.id} would get no route; all routes go to one handler function (${handler?.id}), besides a lambda authorizer`,
      );
    const permit = (name: string, fn: TNode, sourceArn: ReturnType<typeof tpl>) =>
      ctx.resource('aws_lambda_permission', name, {
        statement_id: `Allow${pascal(local)}${pascal(name.slice(local.length))}`,
        action: 'lambda:InvokeFunction',
        function_name: primaryRef(ctx, fn, 'function_name'),
        principal: 'apigateway.amazonaws.com',
        source_arn: sourceArn,
      });

    let connectAuth: Record<string, string | TTfRef> = {};
    const mode = ctx.value('authorizer');
    if (mode === 'iam') connectAuth = { authorization_type: 'AWS_IAM' };
    // Without a connected function there is no route, hence no $connect to guard.
    if (mode === 'lambda' && authorizerFn) {
      const authorizer = ctx.resource('aws_apigatewayv2_authorizer', local, {
        api_id: apiId,
        name: 'connect',
        authorizer_type: 'REQUEST',
        authorizer_uri: primaryRef(ctx, authorizerFn, 'invoke_arn'),
        // Browsers cannot set headers on a WebSocket handshake: the token rides in the query.
        identity_sources: ['route.request.querystring.token'],
      });
      permit(
        `${local}_authorizer`,
        authorizerFn,
        tpl(executionArn, '/authorizers/', ref(authorizer.address, 'id')),
      );
      connectAuth = { authorization_type: 'CUSTOM', authorizer_id: ref(authorizer.address, 'id') };
    }

    if (handler) {
      const integration = ctx.resource('aws_apigatewayv2_integration', local, {
        api_id: apiId,
        integration_type: 'AWS_PROXY',
        integration_method: 'POST',
        integration_uri: primaryRef(ctx, handler, 'invoke_arn'),
        content_handling_strategy: 'CONVERT_TO_TEXT',
      });
      const custom = ctx.value<string[]>('routeKeys').filter((k) => !STANDARD_ROUTES.includes(k));
      const routes = [...STANDARD_ROUTES, ...new Set(custom)];
      routes.forEach((routeKey, i) => {
        const name = i < STANDARD_ROUTES.length ? routeKey.slice(1) : `route_${i - 2}`;
        ctx.resource('aws_apigatewayv2_route', `${local}_${name}`, {
          api_id: apiId,
          route_key: routeKey,
          target: tpl('integrations/', ref(integration.address, 'id')),
          ...(routeKey === '$connect' ? connectAuth : {}),
        });
        permit(`${local}_${name}`, handler, tpl(executionArn, `/${WEBSOCKET_STAGE}/${routeKey}`));
      });
    }
    ctx.output(
      'url',
      `WebSocket URL of ${ctx.node.name}`,
      tpl(ref(api.address, 'api_endpoint'), `/${WEBSOCKET_STAGE}`),
    );
    ctx.output(
      'callback_url',
      `Connections callback URL of ${ctx.node.name}`,
      callbackUrl(ctx, ctx.node),
    );
  },
});

/** WebSocket access-log variables (API Gateway developer guide, "$context variables"). */
const ACCESS_LOG_FORMAT = {
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  eventType: '$context.eventType',
  routeKey: '$context.routeKey',
  status: '$context.status',
  connectionId: '$context.connectionId',
  error: '$context.error.message',
  integrationError: '$context.integrationErrorMessage',
};

/**
 * API Gateway writes WebSocket logs through one role per account and region (the stage is
 * refused without it): declared once per design.
 */
function accountLogRole(ctx: TTfBuildContext): string {
  const role = ctx.shared('aws_iam_role', 'apigateway_cloudwatch', {
    name: ctx.designName('apigw-logs', 'aws-iam-role'),
    assume_role_policy: assumeRolePolicy('apigateway.amazonaws.com'),
    tags: ctx.tags(),
  });
  const attachment = ctx.shared('aws_iam_role_policy_attachment', 'apigateway_cloudwatch', {
    role: ref(role.address, 'name'),
    policy_arn: 'arn:aws:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs',
  });
  const account = ctx.shared(
    'aws_api_gateway_account',
    'this',
    { cloudwatch_role_arn: ref(role.address, 'arn') },
    [attachment.address],
  );
  return account.address;
}
