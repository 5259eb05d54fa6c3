import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { mainTf, smallDesign, terraformFiles } from '../../testing/small-design';

/** A WebSocket API routes to its handler and lets connected functions push to clients. */
describe('aws: WebSocket API', () => {
  const design = smallDesign({
    cloud: 'aws',
    components: [
      {
        id: 'live',
        service: 'aws.websocket-api',
        name: 'live',
        properties: {
          routeKeys: ['subscribe'],
          authorizer: 'lambda',
          authorizerFunction: 'auth',
          throttlingBurstLimit: 50,
          throttlingRateLimit: 20,
          logRetention: '14',
        },
      },
      { id: 'auth', service: 'aws.lambda', name: 'auth' },
      { id: 'sessions', service: 'aws.lambda', name: 'sessions' },
      { id: 'pusher', service: 'aws.lambda', name: 'pusher' },
      { id: 'key', service: 'aws.kms', name: 'key' },
    ],
    connections: [
      { from: 'live', to: 'auth', type: 'traffic' },
      { from: 'live', to: 'sessions', type: 'traffic' },
      { from: 'live', to: 'key', type: 'data' },
      { from: 'pusher', to: 'live', type: 'data' },
    ],
  });
  const hcl = mainTf(design);

  it('is a WebSocket API with throttled, access-logged stage', () => {
    expect(hcl).toMatch(/protocol_type\s+= "WEBSOCKET"/);
    expect(hcl).toMatch(/route_selection_expression = "\$request\.body\.action"/);
    expect(hcl).toMatch(/throttling_burst_limit = 50/);
    expect(hcl).toMatch(/throttling_rate_limit\s+= 20/);
    expect(hcl).toMatch(/data_trace_enabled\s+= false/);
    expect(hcl).toMatch(/destination_arn = aws_cloudwatch_log_group\.live\.arn/);
    expect(hcl).toMatch(/retention_in_days = 14/);
    expect(hcl).toMatch(/kms_key_id\s+= aws_kms_key\.key\.arn/);
    expect(hcl).toMatch(/Service = "logs\.\$\{var\.region\}\.amazonaws\.com"/);
  });

  it("leaves API Gateway's account-wide CloudWatch role to the README's account setup", () => {
    // Every environment in an account shares it: one stack destroyed would reset it.
    expect(hcl).not.toContain('aws_api_gateway_account');
    expect(hcl).not.toContain('AmazonAPIGatewayPushToCloudWatchLogs');
    const readme = terraformFiles(design).find((f) => f.path === 'README.md')!.content;
    const setup = readme.slice(readme.indexOf('## Account setup'), readme.indexOf('## Use'));
    expect(setup).toContain('`aws apigateway get-account --region eu-west-1`');
    expect(setup).toContain(
      'aws iam attach-role-policy --role-name APIGatewayCloudWatchLogs --policy-arn arn:aws:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs',
    );
    expect(setup).toContain(
      'aws apigateway update-account --region eu-west-1 --patch-operations "op=replace,path=/cloudwatchRoleArn,value=arn:aws:iam::$(aws sts get-caller-identity --query Account --output text):role/APIGatewayCloudWatchLogs"',
    );
  });

  it('manages the account role on request, the stage waiting for it, and no README step', () => {
    const components = (design as { components: Record<string, unknown>[] }).components.map((c) =>
      c['id'] === 'live'
        ? { ...c, properties: { ...(c['properties'] as object), setAccountLogRole: true } }
        : c,
    );
    const managed = { ...design, components };
    const text = mainTf(managed);
    expect(text).toMatch(
      /resource "aws_api_gateway_account" "this" \{\n\s+cloudwatch_role_arn = aws_iam_role\.apigateway_cloudwatch\.arn/,
    );
    expect(text).toMatch(/depends_on\s+= \[aws_api_gateway_account\.this\]/);
    const readme = terraformFiles(managed).find((f) => f.path === 'README.md')!.content;
    expect(readme).not.toContain('## Account setup');
  });

  it('routes the predefined and custom keys to the handler, each invoke scoped to its route', () => {
    for (const [name, key] of [
      ['connect', '$connect'],
      ['disconnect', '$disconnect'],
      ['default', '$default'],
      ['route_1', 'subscribe'],
    ]) {
      expect(hcl).toMatch(new RegExp(`resource "aws_apigatewayv2_route" "live_${name}"`));
      expect(hcl).toContain(
        `source_arn    = "\${aws_apigatewayv2_api.live.execution_arn}/live/${key}"`,
      );
    }
    expect(hcl).toMatch(/integration_type\s+= "AWS_PROXY"/);
    expect(hcl).toMatch(/integration_uri\s+= aws_lambda_function\.sessions\.invoke_arn/);
  });

  it('authorizes $connect with the named function', () => {
    expect(hcl).toMatch(/authorizer_type\s+= "REQUEST"/);
    expect(hcl).toMatch(/authorizer_uri\s+= aws_lambda_function\.auth\.invoke_arn/);
    expect(hcl).toMatch(/authorization_type = "CUSTOM"/);
    expect(hcl).toMatch(/\/authorizers\/\$\{aws_apigatewayv2_authorizer\.live\.id\}/);
  });

  it('lets the pushing function and the handler post to connections, with the callback URL', () => {
    for (const fn of ['pusher', 'sessions']) {
      const policy =
        new RegExp(`resource "aws_iam_role_policy" "${fn}_data" \\{[\\s\\S]*?\\n\\}`).exec(
          hcl,
        )?.[0] ?? '';
      expect(policy).toMatch(/"execute-api:ManageConnections"/);
      expect(policy).toContain(
        '${aws_apigatewayv2_api.live.execution_arn}/live/POST/@connections/*',
      );
    }
    // The authorizer only answers $connect: it gets no connection rights.
    expect(hcl).not.toMatch(/resource "aws_iam_role_policy" "auth_data"/);
    expect(hcl).toContain(
      'LIVE_CALLBACK_URL = "${replace(aws_apigatewayv2_api.live.api_endpoint, "wss://", "https://")}/live"',
    );
  });

  it('outputs the wss:// URL of the stage and the callback URL', () => {
    expect(hcl).toMatch(
      /output "live_url" \{[\s\S]*?value\s+= "\$\{aws_apigatewayv2_api\.live\.api_endpoint\}\/live"/,
    );
    expect(hcl).toMatch(/output "live_callback_url"/);
  });

  it('refuses a third function, which no route would reach', () => {
    const r = generate(
      smallDesign({
        cloud: 'aws',
        components: [
          { id: 'ws', service: 'aws.websocket-api', name: 'ws' },
          { id: 'a', service: 'aws.lambda', name: 'a' },
          { id: 'b', service: 'aws.lambda', name: 'b' },
        ],
        connections: [
          { from: 'ws', to: 'a', type: 'traffic' },
          { from: 'ws', to: 'b', type: 'traffic' },
        ],
      }),
      { format: 'terraform', layout: 'single' },
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((i) => i.message).join()).toMatch(/b would get no route/);
  });

  it('validates against the provider schema', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });

  it('guards $connect with IAM by default', () => {
    const alone = mainTf(
      smallDesign({
        cloud: 'aws',
        components: [
          { id: 'ws', service: 'aws.websocket-api', name: 'ws' },
          { id: 'fn', service: 'aws.lambda', name: 'fn' },
        ],
        connections: [{ from: 'ws', to: 'fn', type: 'traffic' }],
      }),
    );
    expect(alone).toMatch(/authorization_type = "AWS_IAM"/);
    expect(alone).not.toMatch(/aws_apigatewayv2_authorizer/);
  });
});
