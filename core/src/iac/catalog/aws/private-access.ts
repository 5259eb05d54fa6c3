import type { TNode, TTfBuildContext } from '../service';
import { boolProp, enumProp, numProp } from '../properties';
import { defineService } from '../service';
import { block, ref, tfVar, tpl, type TTfBody, type TTfRef } from '../../ir/terraform-ir';
import { subnetIds, vpcCidr, vpcId } from './shared';
import { bastionPort, workloadSecurityGroup } from './security-groups';

/** AWS edge protection and private access: WAF, VPC endpoints, EC2 Instance Connect Endpoint. */

/** AWS Managed Rules groups a web ACL can turn on (AWS WAF "Baseline rule groups"). */
const MANAGED_RULE_GROUPS = [
  ['commonRules', 'AWSManagedRulesCommonRuleSet', 'Core rule set (OWASP Top 10)'],
  ['knownBadInputs', 'AWSManagedRulesKnownBadInputsRuleSet', 'Known bad inputs (Log4j, …)'],
  ['sqlInjection', 'AWSManagedRulesSQLiRuleSet', 'SQL injection'],
  ['ipReputation', 'AWSManagedRulesAmazonIpReputationList', 'Amazon IP reputation list'],
] as const;

const visibility = (metric: string) =>
  block({ cloudwatch_metrics_enabled: true, metric_name: metric, sampled_requests_enabled: true });

export const awsWaf = defineService({
  id: 'aws.waf',
  cloud: 'aws',
  kind: 'waf',
  name: 'WAF web ACL',
  category: 'security',
  description:
    'AWS WAF in front of the load balancers it has traffic connections to: managed rule groups and a per-IP rate limit.',
  icon: 'aws-waf',
  properties: [
    ...MANAGED_RULE_GROUPS.map(([key, , label]) => boolProp(key, label, key !== 'sqlInjection')),
    // Rate-based rules count requests per IP over 5 minutes; AWS WAF's minimum limit is 10.
    numProp('rateLimit', 'Requests per IP per 5 minutes (0: no limit)', 2000, 0, 2_000_000_000),
  ],
  placement: 'none',
  naming: { rule: 'aws-generic', abbreviation: 'waf' },
  emits: {
    terraform: [
      'aws_wafv2_web_acl',
      'aws_wafv2_web_acl_association',
      'aws_cloudwatch_log_group',
      'aws_wafv2_web_acl_logging_configuration',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const rules: TTfBody[] = MANAGED_RULE_GROUPS.filter(([key]) => ctx.value<boolean>(key)).map(
      ([, group], i) => ({
        name: group,
        priority: i + 1,
        override_action: block({ none: block({}) }),
        statement: block({
          managed_rule_group_statement: block({ name: group, vendor_name: 'AWS' }),
        }),
        visibility_config: visibility(`${local}-${group}`),
      }),
    );
    const limit = ctx.value<number>('rateLimit');
    if (limit > 0) {
      rules.push({
        name: 'rate-limit-per-ip',
        priority: 100,
        action: block({ block: block({}) }),
        statement: block({
          rate_based_statement: block({ limit: Math.max(limit, 10), aggregate_key_type: 'IP' }),
        }),
        visibility_config: visibility(`${local}-rate-limit`),
      });
    }
    const acl = ctx.resource('aws_wafv2_web_acl', local, {
      name: ctx.name(),
      description: `Web ACL ${ctx.node.name}`,
      scope: 'REGIONAL',
      default_action: block({ allow: block({}) }),
      ...(rules.length > 0 ? { rule: rules.map((r) => block(r)) } : {}),
      visibility_config: visibility(local),
      tags: ctx.tags(),
    });
    for (const edge of ctx.outgoing('traffic')) {
      if (edge.node.service.kind !== 'load-balancer') continue;
      ctx.resource('aws_wafv2_web_acl_association', `${local}_${edge.node.local}`, {
        resource_arn: ref(ctx.address(edge.node, 'aws_lb'), 'arn'),
        web_acl_arn: ref(acl.address, 'arn'),
      });
    }
    wafLogs(ctx, acl);
    ctx.output('arn', `ARN of web ACL ${ctx.node.name}`, ref(acl.address, 'arn'));
  },
});

/** Request headers that carry credentials, which the logs keep out (lowercase, as WAF wants). */
const WAF_REDACTED_HEADERS = ['authorization', 'cookie'];

/**
 * Request logs, which AWS WAF keeps only when told (AWS WAF Developer Guide, "Logging web ACL
 * traffic"; Security Hub WAF.11), to a log group whose name must start with aws-waf-logs-. WAF
 * adds the log group's resource policy itself when logging is turned on.
 */
function wafLogs(ctx: TTfBuildContext, acl: TTfRef): void {
  const logs = ctx.resource('aws_cloudwatch_log_group', `${ctx.node.local}_requests`, {
    name: tpl('aws-waf-logs-', ctx.name()),
    retention_in_days: 90,
    tags: ctx.tags(),
  });
  ctx.resource('aws_wafv2_web_acl_logging_configuration', ctx.node.local, {
    resource_arn: ref(acl.address, 'arn'),
    log_destination_configs: [ref(logs.address, 'arn')],
    redacted_fields: WAF_REDACTED_HEADERS.map((name) => block({ single_header: block({ name }) })),
  });
}

/** Gateway endpoints (free, through route tables) exist for S3 and DynamoDB only. */
const GATEWAY_SERVICES = ['s3', 'dynamodb'];
const ENDPOINT_SERVICES = [
  ...GATEWAY_SERVICES,
  'ecr.api',
  'ecr.dkr',
  'logs',
  'monitoring',
  'sqs',
  'sns',
  'events',
  'kinesis-streams',
  'secretsmanager',
  'kms',
  'ssm',
  'ssmmessages',
  'ec2messages',
  'sts',
  'lambda',
  'execute-api',
] as const;

/** Every route table of the network: the VPC's main table and those the gateways create. */
function routeTables(ctx: TTfBuildContext, network: TNode): TTfRef[] {
  const tables = [ref(ctx.address(network, 'aws_vpc'), 'main_route_table_id')];
  const walk = (n: TNode) => {
    for (const child of ctx.children(n)) {
      if (child.service.kind === 'internet-gateway')
        tables.push(ref(ctx.address(child, 'aws_route_table', '_public'), 'id'));
      if (child.service.kind === 'nat-gateway')
        tables.push(ref(ctx.address(child, 'aws_route_table', '_private'), 'id'));
      if (child.service.kind === 'subnet') walk(child);
    }
  };
  walk(network);
  return tables;
}

export const awsVpcEndpoint = defineService({
  id: 'aws.vpc-endpoint',
  cloud: 'aws',
  kind: 'private-endpoint',
  name: 'VPC endpoint',
  category: 'networking',
  description:
    'Private access to an AWS service without the internet or a NAT gateway: a gateway endpoint for S3 and DynamoDB, an interface endpoint with private DNS for the others.',
  icon: 'aws-vpc-endpoint',
  properties: [enumProp('service', 'AWS service', ENDPOINT_SERVICES, 's3')],
  placement: 'subnet',
  naming: { rule: 'aws-tag', abbreviation: 'vpce' },
  emits: {
    terraform: ['aws_vpc_endpoint', 'aws_security_group', 'aws_vpc_security_group_ingress_rule'],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const service = ctx.value('service');
    const serviceName = tpl('com.amazonaws.', tfVar('region'), `.${service}`);
    if (GATEWAY_SERVICES.includes(service)) {
      ctx.resource('aws_vpc_endpoint', local, {
        vpc_id: vpcId(ctx),
        service_name: serviceName,
        vpc_endpoint_type: 'Gateway',
        route_table_ids: routeTables(ctx, ctx.network()!),
        tags: ctx.tags({ Name: ctx.name() }),
      });
      return;
    }
    // Interface endpoints answer HTTPS from inside the VPC only.
    const sg = ctx.resource('aws_security_group', `${local}_sg`, {
      name: ctx.name('sg'),
      description: `Endpoint ${ctx.node.name} (${service})`,
      vpc_id: vpcId(ctx),
      tags: ctx.tags(),
    });
    ctx.resource('aws_vpc_security_group_ingress_rule', `${local}_https`, {
      security_group_id: ref(sg.address, 'id'),
      description: 'HTTPS from the VPC',
      cidr_ipv4: vpcCidr(ctx),
      ip_protocol: 'tcp',
      from_port: 443,
      to_port: 443,
    });
    ctx.resource('aws_vpc_endpoint', local, {
      vpc_id: vpcId(ctx),
      service_name: serviceName,
      vpc_endpoint_type: 'Interface',
      subnet_ids: subnetIds(ctx),
      security_group_ids: [ref(sg.address, 'id')],
      private_dns_enabled: true,
      tags: ctx.tags({ Name: ctx.name() }),
    });
  },
});

export const awsInstanceConnectEndpoint = defineService({
  id: 'aws.instance-connect-endpoint',
  cloud: 'aws',
  kind: 'bastion',
  name: 'EC2 Instance Connect Endpoint',
  category: 'security',
  description:
    'SSH and RDP to private instances through IAM, with no bastion host and no public IP: connect it to the instances it may reach.',
  icon: 'aws-instance-connect',
  properties: [boolProp('preserveClientIp', 'Preserve client IP', false)],
  placement: 'subnet',
  isNetworked: true,
  naming: { rule: 'aws-tag', abbreviation: 'eice' },
  emits: {
    terraform: [
      'aws_ec2_instance_connect_endpoint',
      'aws_security_group',
      'aws_vpc_security_group_egress_rule',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const sg = ctx.resource('aws_security_group', `${local}_sg`, {
      name: ctx.name('sg'),
      description: `Instance Connect Endpoint ${ctx.node.name}`,
      vpc_id: vpcId(ctx),
      tags: ctx.tags(),
    });
    // Least privilege: out only to the instances it is connected to, on their SSH/RDP port.
    for (const edge of ctx.outgoing('traffic')) {
      if (!edge.node.service.isNetworked) continue;
      const port = bastionPort(edge.connection.port);
      ctx.resource('aws_vpc_security_group_egress_rule', `${local}_to_${edge.node.local}_${port}`, {
        security_group_id: ref(sg.address, 'id'),
        description: `To ${edge.node.name} on ${port}`,
        // The instances' group: for an EKS cluster, its nodes', not its control plane's.
        referenced_security_group_id: workloadSecurityGroup(ctx, edge.node),
        ip_protocol: 'tcp',
        from_port: port,
        to_port: port,
      });
    }
    const endpoint = ctx.resource('aws_ec2_instance_connect_endpoint', local, {
      subnet_id: subnetIds(ctx)[0]!,
      security_group_ids: [ref(sg.address, 'id')],
      preserve_client_ip: ctx.prop('preserveClientIp'),
      tags: ctx.tags({ Name: ctx.name() }),
    });
    ctx.output(
      'id',
      `Id of Instance Connect Endpoint ${ctx.node.name}`,
      ref(endpoint.address, 'id'),
    );
  },
});
