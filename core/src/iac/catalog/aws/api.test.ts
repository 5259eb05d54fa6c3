import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { TERRAFORM_LAYOUT_NAMES } from '../../emit/terraform-emitter';
import { generate } from '../../generate';
import { mainTf, smallDesign, terraformFiles } from '../../testing/small-design';

/** An HTTP API reaches containers and internal load balancers the way AWS documents it. */
describe('aws: API Gateway backends', () => {
  const design = smallDesign({
    cloud: 'aws',
    components: [
      { id: 'api', service: 'aws.api-gateway', name: 'api' },
      {
        id: 'svc',
        service: 'aws.ecs-fargate',
        name: 'svc',
        group: 'sn-0',
        properties: { containerPort: 8080 },
      },
      { id: 'ilb', service: 'aws.alb', name: 'ilb', group: 'sn-0', properties: { public: false } },
      { id: 'vm', service: 'aws.ec2', name: 'vm', group: 'sn-1' },
    ],
    connections: [
      { from: 'svc', to: 'sn-1', type: 'placement' },
      { from: 'ilb', to: 'sn-1', type: 'placement' },
      { from: 'ilb', to: 'vm', type: 'traffic' },
      { from: 'api', to: 'svc', type: 'traffic' },
      { from: 'api', to: 'ilb', type: 'traffic' },
    ],
  });

  it('lets browsers send a bearer token and a JSON body across origins', () => {
    // Neither header is CORS-safelisted: without them in the preflight answer the browser
    // blocks every authenticated call from another origin.
    expect(mainTf(design)).toMatch(
      /cors_configuration \{[^}]*allow_headers\s+= \["authorization", "content-type"\]/,
    );
  });

  it('calls an ECS service through a VPC link to its Cloud Map SRV service', () => {
    const hcl = mainTf(design);
    expect(hcl).not.toMatch(/aws_ecs_service\.\w+\.dns_name/);
    expect(hcl).toMatch(/connection_type\s+= "VPC_LINK"/);
    expect(hcl).toMatch(/integration_uri\s+= aws_service_discovery_service\.svc\.arn/);
    expect(hcl).toMatch(/type = "SRV"/);
    expect(hcl).toMatch(/registry_arn\s+= aws_service_discovery_service\.svc\.arn/);
    // The tasks accept the link's traffic on the container's port, and only that.
    expect(hcl).toMatch(
      /"aws_vpc_security_group_ingress_rule" "api_svc_link_in" \{[^}]*security_group_id\s+= aws_security_group\.svc_sg\.id[^}]*from_port\s+= 8080/,
    );
  });

  it('calls an internal load balancer through a VPC link to its listener', () => {
    expect(mainTf(design)).toMatch(/integration_uri\s+= aws_lb_listener\.ilb\.arn/);
  });

  it.each(TERRAFORM_LAYOUT_NAMES)('validates in the %s layout', async (layout) => {
    expect(await checkOutput(terraformFiles(design, layout))).toEqual([]);
  });

  it('refuses a backend it has no documented way to call, naming both ends', () => {
    const r = generate(
      smallDesign({
        cloud: 'aws',
        components: [
          { id: 'api', service: 'aws.api-gateway', name: 'api' },
          { id: 'vm', service: 'aws.ec2', name: 'vm', group: 'sn-0' },
        ],
        connections: [{ from: 'api', to: 'vm', type: 'traffic' }],
      }),
      { format: 'terraform' },
    );
    expect(r.ok ? [] : r.issues.map((i) => i.message)).toEqual([
      expect.stringMatching(/API api cannot integrate with vm/),
    ]);
  });
});

/**
 * An HTTP API keeps a record of its requests (Security Hub APIGateway.9, tfsec
 * aws-api-gateway-enable-access-logging).
 */
describe('aws: HTTP API access logs', () => {
  const design = smallDesign({
    cloud: 'aws',
    components: [
      { id: 'api', service: 'aws.api-gateway', name: 'api', properties: { logRetention: '90' } },
      { id: 'fn', service: 'aws.lambda', name: 'fn' },
    ],
    connections: [{ from: 'api', to: 'fn', type: 'traffic' }],
  });
  const hcl = mainTf(design);

  it('writes the stage’s access log to a log group of its own, kept as long as asked', () => {
    const stage = /resource "aws_apigatewayv2_stage" "api" \{[\s\S]*?\n\}/.exec(hcl)?.[0] ?? '';
    expect(stage).toMatch(
      /access_log_settings \{\n\s+destination_arn = aws_cloudwatch_log_group\.api\.arn/,
    );
    for (const variable of ['$context.requestId', '$context.identity.sourceIp', '$context.status'])
      expect(stage).toContain(`"${variable}"`);
    const logs = /resource "aws_cloudwatch_log_group" "api" \{[\s\S]*?\n\}/.exec(hcl)?.[0] ?? '';
    expect(logs).toContain(
      'name              = "/aws/apigateway/acme-shop-${var.environment}-apigw-api"',
    );
    expect(logs).toMatch(/retention_in_days = 90\n/);
  });

  it('sets no account-wide CloudWatch role, which HTTP APIs do not need', () => {
    expect(hcl).not.toContain('aws_api_gateway_account');
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
