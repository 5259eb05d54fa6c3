import { describe, expect, it } from 'vitest';
import { completeDesign } from '../iac/design/complete';
import { parseDesign } from '../iac/design/parse';
import { validateDesign } from '../iac/design/validate';
import { explainIssues } from './design-issues';

const parsed = parseDesign({
  v: 2,
  name: 'explain',
  provider: 'aws',
  region: 'eu-west-1',
  groups: [
    { id: 'vpc', service: 'aws.vpc', name: 'main' },
    {
      id: 'app',
      service: 'aws.subnet',
      name: 'app',
      parent: 'vpc',
      properties: { cidr: '10.0.1.0/24' },
    },
    {
      id: 'app-b',
      service: 'aws.subnet',
      name: 'app-b',
      parent: 'vpc',
      properties: { cidr: '10.0.2.0/24', zone: '1' },
    },
  ],
  components: [
    {
      id: 'web',
      service: 'aws.autoscaling-group',
      name: 'web',
      group: 'app',
      properties: { minSize: 5, maxSize: 2 },
    },
  ],
  connections: [{ from: 'web', to: 'app-b', type: 'placement' }],
});

describe('explainIssues', () => {
  it('names the component of a cross-field error and a reachability warning, and points at the field', () => {
    if (!parsed.ok) throw new Error('fixture');
    const design = completeDesign(parsed.design).design;
    const explained = explainIssues(design, validateDesign(design));
    expect(explained).toEqual([
      {
        path: 'architectureConfig.components[0].properties.minSize',
        message:
          'Scale set “web”: minSize 5 is above maxSize 2: lower minSize or raise maxSize (minSize ≤ maxSize)',
        severity: 'error',
      },
      {
        path: 'architectureConfig.components[0]',
        message:
          'Add a NAT gateway to network “main”: “web” (Auto Scaling group) in private subnet “app” cannot reach package repositories',
        severity: 'warning',
      },
    ]);
  });

  it('does not name a component twice where the message starts with its kind and name', () => {
    const queue = parseDesign({
      v: 2,
      name: 'jobs',
      provider: 'aws',
      region: 'eu-west-1',
      components: [
        { id: 'jobs', service: 'aws.sqs', name: 'jobs', properties: { senders: ['apii'] } },
        { id: 'api', service: 'aws.lambda', name: 'api' },
      ],
      connections: [{ from: 'api', to: 'jobs', type: 'data' }],
    });
    if (!queue.ok) throw new Error('fixture');
    const design = completeDesign(queue.design).design;
    const [sender] = explainIssues(design, validateDesign(design)).filter((i) =>
      i.message.includes('as a sender'),
    );
    expect(sender?.message).toMatch(/^Queue “jobs” lists “apii” as a sender, but no component/);
  });

  it('names the environment and the component of an override the cloud refuses', () => {
    if (!parsed.ok) throw new Error('fixture');
    const design = completeDesign({
      ...parsed.design,
      components: [{ ...parsed.design.components[0]!, properties: { minSize: 2, maxSize: 4 } }],
      environments: [
        { name: 'dev', overrides: {} },
        { name: 'prod', overrides: { web: { maxSize: 1 } } },
      ],
    }).design;
    const errors = explainIssues(design, validateDesign(design)).filter(
      (i) => i.severity === 'error',
    );
    expect(errors).toEqual([
      {
        path: 'architectureConfig.environments[1].overrides.web',
        message:
          'Environment “prod”, scale set “web”: minSize 2 is above maxSize 1: lower minSize or raise maxSize (minSize ≤ maxSize)',
        severity: 'error',
      },
    ]);
  });
});
