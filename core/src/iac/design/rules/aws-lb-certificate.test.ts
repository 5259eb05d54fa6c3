import { describe, expect, it } from 'vitest';
import { completeDesign } from '../complete';
import { parseDesign } from '../parse';
import { validateDesign } from '../validate';
import { smallDesign } from '../../testing/small-design';

const IN_REGION =
  'arn:aws:acm:eu-west-1:123456789012:certificate/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b';
const US_EAST_1 =
  'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b';

/** Findings of rule aws-lb-certificate for a load balancer in eu-west-1 (prod may override it). */
function findings(service: string, props: Record<string, unknown>, prod?: Record<string, unknown>) {
  const design = {
    ...smallDesign({
      cloud: 'aws',
      components: [
        { id: 'lb', service, name: 'edge', group: 'sn-0', properties: props },
        { id: 'web', service: 'aws.ec2', name: 'web', group: 'sn-1' },
      ],
      connections: [
        { from: 'lb', to: 'sn-1', type: 'placement' },
        { from: 'lb', to: 'web', type: 'traffic', port: 8080 },
      ],
    }),
    environments: [{ name: 'dev' }, { name: 'prod', overrides: prod ? { lb: prod } : {} }],
  };
  const parsed = parseDesign(design);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return validateDesign(completeDesign(parsed.design).design)
    .filter((i) => /certificateArn/.test(i.message))
    .map((i) => `${i.severity} ${i.path}: ${i.message}`);
}

describe('aws-lb-certificate', () => {
  it('tells an NLB given a certificate on TCP to set protocol to TLS', () => {
    expect(findings('aws.nlb', { certificateArn: IN_REGION })).toEqual([
      'error components[0].properties.protocol: certificateArn is for a TLS listener, and load balancer “edge” listens on TCP (it passes connections through and never presents a certificate): set protocol to TLS to end TLS on 443 with it, or clear certificateArn',
    ]);
  });

  it.each(['aws.alb', 'aws.nlb'])(
    'refuses for %s a certificate of another region, or no ACM certificate ARN at all',
    (service) => {
      const tls = service === 'aws.nlb' ? { protocol: 'TLS' } : {};
      expect(findings(service, { ...tls, certificateArn: US_EAST_1 })).toEqual([
        'error components[0].properties.certificateArn: certificateArn of load balancer “edge” is an ACM certificate in us-east-1, and a listener takes a certificate of its own region only: request or import it in eu-west-1 and set that ARN',
      ]);
      expect(findings(service, { ...tls, certificateArn: 'my-cert' })).toEqual([
        'error components[0].properties.certificateArn: certificateArn “my-cert” of load balancer “edge” is not the ARN of an ACM certificate: set it to arn:aws:acm:eu-west-1:<account>:certificate/<id> (aws acm list-certificates --region eu-west-1), or leave it empty to give the certificate as a required variable at apply',
      ]);
    },
  );

  it("reports an environment's certificate on that override", () => {
    expect(
      findings(
        'aws.nlb',
        { protocol: 'TLS', certificateArn: IN_REGION },
        { certificateArn: US_EAST_1 },
      ),
    ).toEqual([
      'error environments[1].overrides.lb.certificateArn: certificateArn of load balancer “edge” is an ACM certificate in us-east-1, and a listener takes a certificate of its own region only: request or import it in eu-west-1 and set that ARN',
    ]);
  });

  it('accepts TLS with a certificate of the region, an IAM server certificate, or none (a required variable)', () => {
    expect(findings('aws.nlb', { protocol: 'TLS', certificateArn: IN_REGION })).toEqual([]);
    expect(
      findings('aws.alb', {
        certificateArn: 'arn:aws:iam::123456789012:server-certificate/edge-2026',
      }),
    ).toEqual([]);
    expect(findings('aws.nlb', { protocol: 'TLS' })).toEqual([]);
    expect(findings('aws.nlb', {})).toEqual([]);
  });
});
