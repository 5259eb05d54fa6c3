import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * An EventBridge bus connected to an SNS topic: a rule and target publish its events there, the
 * topic's policy lets that rule publish (and keeps the account's own use), and the topic is
 * encrypted with a key EventBridge may use: the AWS-managed SNS key admits no service.
 */
const design = (withKey: boolean) =>
  smallDesign({
    cloud: 'aws',
    components: [
      { id: 'bus', service: 'aws.eventbridge', name: 'orders', properties: { source: 'shop' } },
      { id: 'news', service: 'aws.sns', name: 'news' },
      ...(withKey ? [{ id: 'key', service: 'aws.kms', name: 'news' }] : []),
    ],
    connections: [
      { from: 'bus', to: 'news', type: 'data' },
      ...(withKey ? [{ from: 'news', to: 'key', type: 'data' }] : []),
    ],
  });

const mainOf = (withKey: boolean) =>
  terraformFiles(design(withKey)).find((f) => f.path === 'main.tf')!.content;

describe('aws: an EventBridge bus delivering to an SNS topic', () => {
  const main = mainOf(false);

  it('writes a rule on the bus and a target publishing to the topic', () => {
    expect(resourceBlock(main, 'aws_cloudwatch_event_rule', 'bus_news')).toMatch(
      /event_bus_name = aws_cloudwatch_event_bus\.bus\.name/,
    );
    expect(resourceBlock(main, 'aws_cloudwatch_event_target', 'bus_news')).toMatch(
      /arn\s+= aws_sns_topic\.news\.arn/,
    );
  });

  it("lets that rule publish in the topic's policy, beside the account's own use", () => {
    const policy = resourceBlock(main, 'aws_sns_topic_policy', 'news');
    expect(policy).toMatch(/arn = aws_sns_topic\.news\.arn/);
    expect(policy).toMatch(/Service = "events\.amazonaws\.com"/);
    expect(policy).toContain('"aws:SourceArn" = aws_cloudwatch_event_rule.bus_news.arn');
    expect(policy).toContain('"AWS:SourceOwner" = data.aws_caller_identity.current.account_id');
  });

  it('encrypts the topic with a key of its own that the rule may use', () => {
    expect(resourceBlock(main, 'aws_sns_topic', 'news')).toMatch(
      /kms_master_key_id = aws_kms_key\.news_key\.id/,
    );
    const key = resourceBlock(main, 'aws_kms_key', 'news_key');
    expect(key).toContain('"aws:SourceArn" = aws_cloudwatch_event_rule.bus_news.arn');
    expect(key).toMatch(/Action\s+= \["kms:Decrypt", "kms:GenerateDataKey\*"\]/);
  });

  it("adds the rule to the policy of the topic's own KMS component", () => {
    const withKey = mainOf(true);
    expect(withKey).not.toContain('resource "aws_kms_key" "news_key"');
    expect(resourceBlock(withKey, 'aws_kms_key', 'key')).toContain(
      '"aws:SourceArn" = aws_cloudwatch_event_rule.bus_news.arn',
    );
  });

  it('passes the schema check', async () => {
    for (const withKey of [false, true])
      expect(await checkOutput(terraformFiles(design(withKey)), sharedOrBundledSchemas())).toEqual(
        [],
      );
  });
});
