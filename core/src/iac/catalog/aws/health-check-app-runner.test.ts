import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, smallDesign, terraformFiles } from '../../testing/small-design';

const block = (hcl: string, type: string, name: string) =>
  new RegExp(`resource "${type}" "${name}" \\{[\\s\\S]*?\\n\\}`).exec(hcl)?.[0] ?? '';

/** Route 53 alarms from us-east-1 through a relay; App Runner reaches VPC data through a connector. */
describe('aws: Route 53 health check and App Runner', () => {
  const design = smallDesign({
    cloud: 'aws',
    components: [
      { id: 'cdn', service: 'aws.cloudfront', name: 'cdn' },
      { id: 'site', service: 'aws.s3', name: 'site' },
      { id: 'zone', service: 'aws.route53-zone', name: 'zone' },
      {
        id: 'up',
        service: 'aws.route53-health-check',
        name: 'up',
        properties: { path: '/healthz' },
      },
      {
        id: 'alerts',
        service: 'aws.sns',
        name: 'alerts',
        properties: { subscriptionEndpoint: 'oncall@example.com' },
      },
      { id: 'web', service: 'aws.app-runner', name: 'web', group: 'sn-0' },
      { id: 'db', service: 'aws.rds-postgresql', name: 'db', group: 'sn-1' },
      { id: 'images', service: 'aws.ecr', name: 'images' },
    ],
    connections: [
      { from: 'cdn', to: 'site', type: 'data' },
      { from: 'db', to: 'sn-0', type: 'placement' },
      { from: 'web', to: 'sn-1', type: 'placement' },
      { from: 'zone', to: 'cdn', type: 'traffic' },
      { from: 'up', to: 'cdn', type: 'traffic' },
      { from: 'up', to: 'alerts', type: 'data' },
      { from: 'web', to: 'db', type: 'data' },
      { from: 'web', to: 'images', type: 'data' },
    ],
  });
  const hcl = mainTf(design);

  it('probes the zone record of the distribution over HTTPS with SNI and latency', () => {
    const check = block(hcl, 'aws_route53_health_check', 'up');
    expect(check).toMatch(/type\s+= "HTTPS"/);
    expect(check).toMatch(/fqdn\s+= aws_route53_record\.zone_cdn\.fqdn/);
    expect(check).toMatch(/port\s+= 443/);
    expect(check).toMatch(/resource_path\s+= "\/healthz"/);
    expect(check).toMatch(/request_interval\s+= 30/);
    expect(check).toMatch(/failure_threshold\s+= 3/);
    expect(check).toMatch(/enable_sni\s+= true/);
    expect(check).toMatch(/measure_latency\s+= true/);
    expect(check).not.toMatch(/regions/);
  });

  it('alarms in us-east-1 and relays to the alert topic’s endpoint through a topic there', () => {
    expect(hcl).toMatch(/provider "aws" \{\s+alias\s+= "us_east_1"\s+region = "us-east-1"/);
    const alarm = block(hcl, 'aws_cloudwatch_metric_alarm', 'up');
    expect(alarm).toMatch(/provider\s+= aws\.us_east_1/);
    expect(alarm).toMatch(/namespace\s+= "AWS\/Route53"/);
    expect(alarm).toMatch(/metric_name\s+= "HealthCheckStatus"/);
    expect(alarm).toMatch(/HealthCheckId = aws_route53_health_check\.up\.id/);
    expect(alarm).toMatch(/alarm_actions\s+= \[aws_sns_topic\.up_relay\.arn\]/);
    const relay = block(hcl, 'aws_sns_topic', 'up_relay');
    expect(relay).toMatch(/provider\s+= aws\.us_east_1/);
    expect(relay).toMatch(/kms_master_key_id = aws_kms_key\.up_relay\.id/);
    const key = block(hcl, 'aws_kms_key', 'up_relay');
    expect(key).toMatch(/provider\s+= aws\.us_east_1/);
    expect(key).toMatch(/Service = "cloudwatch\.amazonaws\.com"/);
    const sub = block(hcl, 'aws_sns_topic_subscription', 'up_relay_alerts');
    expect(sub).toMatch(/provider\s+= aws\.us_east_1/);
    expect(sub).toMatch(/endpoint\s+= aws_sns_topic_subscription\.alerts_notify\.endpoint/);
    expect(sub).toMatch(/protocol\s+= aws_sns_topic_subscription\.alerts_notify\.protocol/);
  });

  it('runs App Runner from the connected ECR repository with an access role limited to it', () => {
    const svc = block(hcl, 'aws_apprunner_service', 'web');
    expect(svc).toMatch(
      /image_identifier\s+= "\$\{aws_ecr_repository\.images\.repository_url\}:\$\{var\.web_image_tag\}"/,
    );
    expect(svc).toMatch(/image_repository_type = "ECR"/);
    expect(svc).toMatch(/access_role_arn = aws_iam_role\.web_ecr\.arn/);
    expect(svc).toMatch(/cpu\s+= "1024"/);
    expect(svc).toMatch(/memory\s+= "2048"/);
    expect(svc).toMatch(/instance_role_arn = aws_iam_role\.web\.arn/);
    expect(svc).toMatch(/is_publicly_accessible = true/);
    expect(svc).toMatch(/egress_type\s+= "VPC"/);
    expect(svc).toMatch(/vpc_connector_arn = aws_apprunner_vpc_connector\.web\.arn/);
    expect(hcl).toMatch(/Service = "build\.apprunner\.amazonaws\.com"/);
    expect(block(hcl, 'aws_iam_role_policy', 'web_ecr')).toMatch(/aws_ecr_repository\.images\.arn/);
    expect(block(hcl, 'aws_apprunner_auto_scaling_configuration_version', 'web')).toMatch(
      /max_concurrency\s+= 100/,
    );
    expect(hcl).toMatch(/output "web_service_url"/);
  });

  it('reaches the database through a connector whose security group the database admits', () => {
    const connector = block(hcl, 'aws_apprunner_vpc_connector', 'web');
    expect(connector).toMatch(/aws_subnet\.sn_0\.id/);
    expect(connector).toMatch(/aws_security_group\.web_sg\.id/);
    expect(hcl).toMatch(/referenced_security_group_id = aws_security_group\.web_sg\.id/);
    const data = block(hcl, 'aws_iam_role_policy', 'web_data');
    expect(data).toMatch(/secretsmanager:GetSecretValue/);
    expect(block(hcl, 'aws_apprunner_service', 'web')).toMatch(
      /DB_HOST\s+= aws_db_instance\.db\.address/,
    );
  });

  it('validates against the provider schema', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });

  it('alone: a public image, default egress, the host name a variable', () => {
    const alone = mainTf(
      smallDesign({
        cloud: 'aws',
        components: [
          { id: 'app', service: 'aws.app-runner', name: 'app' },
          { id: 'hc', service: 'aws.route53-health-check', name: 'hc' },
        ],
      }),
    );
    expect(alone).toMatch(/image_repository_type = "ECR_PUBLIC"/);
    expect(alone).toMatch(/egress_type = "DEFAULT"/);
    expect(alone).not.toMatch(/aws_apprunner_vpc_connector/);
    expect(alone).toMatch(/fqdn\s+= var\.hc_fqdn/);
    expect(alone).not.toMatch(/alarm_actions/);
  });

  it('refuses an image App Runner cannot pull, and a VPC database without placement', () => {
    const build = (props: Record<string, unknown>, withDb: boolean) => () =>
      mainTf(
        smallDesign({
          cloud: 'aws',
          components: [
            { id: 'app', service: 'aws.app-runner', name: 'app', properties: props },
            ...(withDb
              ? [{ id: 'db', service: 'aws.rds-postgresql', name: 'db', group: 'sn-0' }]
              : []),
          ],
          connections: withDb
            ? [
                { from: 'db', to: 'sn-1', type: 'placement' },
                { from: 'app', to: 'db', type: 'data' },
              ]
            : [],
        }),
      );
    expect(build({ image: 'docker.io/library/nginx:latest' }, false)).toThrow(/ECR Public only/);
    expect(build({}, true)).toThrow(/place app in the app subnets/);
  });
});
