import { describe, expect, it } from 'vitest';
import { generate } from '../../iac/generate';
import { terraformToDesign } from './import';

/** Design → the engine's Terraform → design: the connections read back. */
function connectionsBack(design: unknown): string[] {
  const r = generate(design, { format: 'terraform' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  const out = terraformToDesign(r.files.filter((f) => /\.(tf|tfvars)$/.test(f.path)));
  return out.design!.connections.map((c) => `${c.from}>${c.to}:${c.type}`);
}

describe('a connection written through a third component', () => {
  it('reads a health check of a distribution the zone has a record for, not of the zone’s other one', () => {
    // The check probes `aws_route53_record.zone_cdn.fqdn`: the zone's record for `cdn`, among
    // its records for two distributions.
    const back = connectionsBack({
      v: 2,
      name: 'web',
      provider: 'aws',
      region: 'eu-west-1',
      components: [
        { id: 'cdn', service: 'aws.cloudfront', name: 'cdn' },
        { id: 'docs', service: 'aws.cloudfront', name: 'docs' },
        { id: 'site', service: 'aws.s3', name: 'site' },
        { id: 'zone', service: 'aws.route53-zone', name: 'zone' },
        { id: 'up', service: 'aws.route53-health-check', name: 'up' },
      ],
      connections: [
        { from: 'cdn', to: 'site', type: 'data' },
        { from: 'docs', to: 'site', type: 'data' },
        { from: 'zone', to: 'cdn', type: 'traffic' },
        { from: 'zone', to: 'docs', type: 'traffic' },
        { from: 'up', to: 'cdn', type: 'traffic' },
      ],
    });
    expect(back).toContain('up>cdn:traffic');
    expect(back.filter((c) => c.startsWith('up>'))).toEqual(['up>cdn:traffic']);
  });
});
