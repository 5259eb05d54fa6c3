import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/** An internal Application Load Balancer checking /ready, in front of what the designs test. */
const ALB = {
  id: 'alb',
  service: 'aws.alb',
  name: 'www',
  group: 'sn-0',
  properties: {
    public: false,
    healthPath: '/ready',
    certificateArn: 'arn:aws:acm:eu-west-1:111122223333:certificate/web',
  },
};

/**
 * An Auto Scaling group behind an Application and a Network Load Balancer (prod's ALB checks
 * another path), and one no load balancer reaches.
 */
const design = {
  ...smallDesign({
    cloud: 'aws',
    components: [
      ALB,
      { id: 'nlb', service: 'aws.nlb', name: 'tcp', group: 'sn-0', properties: { public: false } },
      { id: 'web', service: 'aws.autoscaling-group', name: 'web', group: 'sn-0' },
      { id: 'batch', service: 'aws.autoscaling-group', name: 'batch', group: 'sn-1' },
    ],
    connections: [
      { from: 'alb', to: 'sn-1', type: 'placement' },
      { from: 'nlb', to: 'sn-1', type: 'placement' },
      { from: 'alb', to: 'web', type: 'traffic', port: 8080 },
      { from: 'nlb', to: 'web', type: 'traffic', port: 8080 },
    ],
  }),
  environments: [{ name: 'dev' }, { name: 'prod', overrides: { alb: { healthPath: '/live' } } }],
};

const readmeOf = (files: readonly { path: string; content: string }[]) =>
  files.find((f) => f.path === 'README.md')?.content ?? '';

describe('aws: an Auto Scaling group behind a load balancer runs the user data given at apply', () => {
  const hcl = mainTf(design);

  it('boots its instances with the script in the required variable', () => {
    const template = resourceBlock(hcl, 'aws_launch_template', 'web');
    expect(template).toMatch(/\n\s+user_data\s+= base64encode\(var\.web_user_data\)\n/);
    const variable = /variable "web_user_data" \{[\s\S]*?\n\}/.exec(hcl)?.[0] ?? '';
    expect(variable).toContain('type        = string');
    // No default: a plan without a script stops instead of booting instances that serve nothing.
    expect(variable).not.toContain('default');
    expect(variable).toContain('condition     = can(regex("\\\\S", var.web_user_data))');
    expect(resourceBlock(hcl, 'aws_autoscaling_group', 'web')).toContain(
      'health_check_type   = "ELB"',
    );
  });

  it('says what the script must answer: each target group’s health check', () => {
    const description = /variable "web_user_data" \{\n[^\n]*\n\s+description = "([^\n]*)"/.exec(
      hcl,
    )?.[1];
    expect(description).toContain(
      'HTTP GET /ready or /live on port 8080 with a status from 200 to 399 (load balancer www)',
    );
    expect(description).toContain('TCP connections on port 8080 (load balancer tcp)');
    expect(description).toContain('within 300 s of boot');
  });

  it('leaves a group no load balancer reaches on its stock image', () => {
    expect(resourceBlock(hcl, 'aws_launch_template', 'batch')).not.toContain('user_data');
    expect(hcl).not.toContain('variable "batch_user_data"');
  });

  it('has the README say how to give the script, and what it must answer', () => {
    const readme = readmeOf(terraformFiles(design));
    expect(readme).toContain('## User data of Auto Scaling groups');
    expect(readme).toContain(
      '- `web` (`TF_VAR_web_user_data`): HTTP GET /ready or /live on port 8080',
    );
    expect(readme).toContain('export TF_VAR_web_user_data="$(cat user-data.sh)"');
    expect(readme).not.toContain('`batch` (`TF_VAR_batch_user_data`)');
  });

  it('passes the schema check, in one file and in modules', async () => {
    const schemas = sharedOrBundledSchemas();
    expect(await checkOutput(terraformFiles(design), schemas)).toEqual([]);
    expect(await checkOutput(terraformFiles(design, 'modules'), schemas)).toEqual([]);
  });
});

/** An EC2 instance behind an Application Load Balancer, and a bastion nothing balances. */
const instances = smallDesign({
  cloud: 'aws',
  components: [
    ALB,
    { id: 'app', service: 'aws.ec2', name: 'app', group: 'sn-0' },
    { id: 'bastion', service: 'aws.ec2', name: 'bastion', group: 'sn-1' },
  ],
  connections: [
    { from: 'alb', to: 'sn-1', type: 'placement' },
    { from: 'alb', to: 'app', type: 'traffic', port: 8080 },
  ],
});

describe('aws: an EC2 instance behind a load balancer runs the user data given at apply', () => {
  const hcl = mainTf(instances);

  it('boots with the script in the required variable, kept out of later plans', () => {
    const vm = resourceBlock(hcl, 'aws_instance', 'app');
    // aws_instance base64-encodes user_data itself.
    expect(vm).toMatch(/\n\s+user_data\s+= var\.app_user_data\n/);
    // It runs at the first boot only: a change would stop and start the instance for nothing.
    expect(vm).toMatch(/lifecycle \{\n\s+ignore_changes = \[user_data\]\n\s+\}/);
    const description =
      /variable "app_user_data" \{\n[^\n]*\n\s+description = "([^\n]*)"/.exec(hcl)?.[1] ?? '';
    expect(description).toContain(
      'HTTP GET /ready on port 8080 with a status from 200 to 399 (load balancer www)',
    );
    expect(hcl).toContain('condition     = can(regex("\\\\S", var.app_user_data))');
  });

  it('leaves an instance no load balancer reaches on its stock image', () => {
    expect(resourceBlock(hcl, 'aws_instance', 'bastion')).not.toContain('user_data');
    expect(hcl).not.toContain('variable "bastion_user_data"');
  });

  it('has the README say how to give the script and how a new one takes effect', () => {
    const readme = readmeOf(terraformFiles(instances));
    expect(readme).toContain('## User data of load-balanced EC2 instances');
    expect(readme).toContain('- `app` (`TF_VAR_app_user_data`): HTTP GET /ready on port 8080');
    expect(readme).toContain('terraform apply -replace=');
    expect(readme).not.toContain('## User data of Auto Scaling groups');
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(instances), sharedOrBundledSchemas())).toEqual([]);
  });
});
