import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * An Auto Scaling group behind an Application and a Network Load Balancer (prod's ALB checks
 * another path), and one no load balancer reaches.
 */
const design = {
  ...smallDesign({
    cloud: 'aws',
    components: [
      {
        id: 'alb',
        service: 'aws.alb',
        name: 'www',
        group: 'sn-0',
        properties: {
          public: false,
          healthPath: '/ready',
          certificateArn: 'arn:aws:acm:eu-west-1:111122223333:certificate/web',
        },
      },
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
