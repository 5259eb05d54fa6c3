import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, smallDesign, terraformFiles } from '../../testing/small-design';

/** EventBridge Scheduler starts exactly what it connects to; SES sends for connected compute. */
describe('aws: EventBridge Scheduler and SES', () => {
  const design = smallDesign({
    cloud: 'aws',
    components: [
      { id: 'nightly', service: 'aws.eventbridge-scheduler', name: 'nightly' },
      { id: 'fn', service: 'aws.lambda', name: 'fn' },
      { id: 'flow', service: 'aws.step-functions', name: 'flow' },
      { id: 'jobs', service: 'aws.sqs', name: 'jobs', properties: { fifo: true } },
      { id: 'batch', service: 'aws.ecs-fargate', name: 'batch', group: 'sn-0' },
      { id: 'zone', service: 'aws.route53-zone', name: 'zone' },
      {
        id: 'mail',
        service: 'aws.ses',
        name: 'mail',
        properties: { mailFromDomain: 'bounce.example.com' },
      },
    ],
    connections: [
      { from: 'batch', to: 'sn-1', type: 'placement' },
      { from: 'nightly', to: 'fn', type: 'traffic' },
      { from: 'nightly', to: 'flow', type: 'traffic' },
      { from: 'nightly', to: 'jobs', type: 'traffic' },
      { from: 'nightly', to: 'batch', type: 'traffic' },
      { from: 'mail', to: 'zone', type: 'data' },
      { from: 'fn', to: 'mail', type: 'data' },
    ],
  });
  const hcl = mainTf(design);

  it('schedules each target in one group, with retries, a dead-letter queue and the window off', () => {
    expect(hcl).toMatch(/resource "aws_scheduler_schedule_group" "nightly"/);
    for (const t of ['fn', 'flow', 'jobs', 'batch'])
      expect(hcl).toMatch(new RegExp(`resource "aws_scheduler_schedule" "nightly_${t}"`));
    expect(hcl).toMatch(/schedule_expression\s+= "cron\(0 3 \* \* \? \*\)"/);
    expect(hcl).toMatch(/schedule_expression_timezone\s+= "Etc\/UTC"/);
    expect(hcl).toMatch(/mode = "OFF"/);
    expect(hcl).toMatch(/maximum_retry_attempts\s+= 3/);
    expect(hcl).toMatch(/dead_letter_config \{\s+arn = aws_sqs_queue\.nightly_dlq\.arn/);
    expect(hcl).toMatch(/message_group_id = "nightly"/);
    expect(hcl).toMatch(/task_definition_arn = aws_ecs_task_definition\.batch\.arn/);
    expect(hcl).toMatch(/assign_public_ip\s+= false/);
  });

  it('runs as a role that may start those targets and nothing else', () => {
    const policy = /resource "aws_iam_role_policy" "nightly" \{[\s\S]*?\n\}/.exec(hcl)?.[0] ?? '';
    expect(policy).toMatch(/"lambda:InvokeFunction"/);
    expect(policy).toMatch(/aws_lambda_function\.fn\.arn/);
    expect(policy).toMatch(/"states:StartExecution"/);
    expect(policy).toMatch(/"ecs:RunTask"/);
    expect(policy).toMatch(/"iam:PassRole"/);
    expect(policy).not.toMatch(/"\*"/);
    expect(hcl).toMatch(/Service = "scheduler\.amazonaws\.com"/);
    expect(hcl).toMatch(/"aws:SourceAccount" = data\.aws_caller_identity\.current\.account_id/);
  });

  it('signs with 2048-bit Easy DKIM, requires TLS and publishes the DKIM records in the zone', () => {
    // The zone's domain of each environment (dev.example.com, example.com).
    expect(hcl).toMatch(/email_identity\s+= aws_route53_zone\.zone\.name/);
    expect(hcl).toMatch(/next_signing_key_length = "RSA_2048_BIT"/);
    expect(hcl).toMatch(/tls_policy = "REQUIRE"/);
    expect(hcl).toMatch(/reputation_metrics_enabled = true/);
    for (const i of [1, 2, 3])
      expect(hcl).toMatch(new RegExp(`resource "aws_route53_record" "mail_dkim_${i}"`));
    expect(hcl).toMatch(/mail_from_domain\s+= var\.mail_from_domain/);
    expect(hcl).toMatch(/type\s+= "MX"/);
  });

  it('lets the connected function send as the identity only', () => {
    const data = /resource "aws_iam_role_policy" "fn_data" \{[\s\S]*?\n\}/.exec(hcl)?.[0] ?? '';
    expect(data).toMatch(/"ses:SendEmail"/);
    expect(data).toMatch(/aws_sesv2_email_identity\.mail\.arn/);
    expect(data).toMatch(/aws_sesv2_configuration_set\.mail\.arn/);
  });

  it('validates against the provider schema', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });

  it('without targets, sends its ticks to a queue of its own', () => {
    const alone = mainTf(
      smallDesign({
        cloud: 'aws',
        components: [{ id: 'tick', service: 'aws.eventbridge-scheduler', name: 'tick' }],
      }),
    );
    expect(alone).toMatch(/arn\s+= aws_sqs_queue\.tick\.arn/);
  });
});
