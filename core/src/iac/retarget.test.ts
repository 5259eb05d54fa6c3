import { describe, expect, it } from 'vitest';
import { parseDesign } from './design/parse';
import { generate, prepareDesign } from './generate';
import { equivalentRegion, retargetDesign } from './retarget';
import { readExample } from '@stratum/cli/testing/fixtures';

const design = () => {
  const r = parseDesign(readExample('aws-three-tier-web-app.json'));
  if (!r.ok) throw new Error('invalid example');
  return r.design;
};

describe('re-targeting', () => {
  it('maps services by kind, maps the region and lists what has no equivalent', () => {
    const r = retargetDesign(design(), 'azure');
    expect(r.design.provider).toBe('azure');
    expect(r.design.region).toBe('northeurope');
    // The six subnets, and one more: an Application Gateway needs a subnet of its own.
    expect(r.design.groups.map((g) => g.service)).toEqual([
      'azure.virtual-network',
      ...Array(7).fill('azure.subnet'),
    ]);
    expect(r.design.groups.at(-1)).toMatchObject({ id: 'lb-subnet', parent: 'vpc' });
    const unmapped = r.unmapped.map((u) => u.id);
    expect(unmapped).toContain('igw');
    // The ALB becomes the Application Gateway (WAF) and keeps its health check path.
    expect(r.design.components.find((c) => c.id === 'lb')).toMatchObject({
      service: 'azure.application-gateway',
      properties: { healthPath: '/healthz' },
    });
    expect(r.design.components.find((c) => c.id === 'cdn')?.service).toBe('azure.front-door');
    expect(r.design.components.find((c) => c.id === 'db')?.service).toBe(
      'azure.postgresql-flexible',
    );
    expect(r.design.components.find((c) => c.id === 'key')?.service).toBe('azure.key-vault');
    // Connections to components that could not be mapped are dropped, the rest kept.
    const ids = new Set(
      r.design.components.map((c) => c.id).concat(r.design.groups.map((g) => g.id)),
    );
    expect(r.design.connections.every((c) => ids.has(c.from) && ids.has(c.to))).toBe(true);
  });

  it('maps virtual machine sizes by tier', () => {
    const gcp = retargetDesign(design(), 'gcp');
    expect(gcp.design.components.find((c) => c.id === 'bastion')?.properties).toEqual({
      machineType: 'e2-micro',
    });
    const withVm = {
      ...design(),
      components: [
        {
          id: 'vm',
          service: 'aws.ec2',
          name: 'vm',
          group: 'app-a',
          properties: { instanceType: 't3.medium' },
        },
      ],
    };
    const azure = retargetDesign(withVm, 'azure');
    expect(azure.design.components[0]?.properties).toEqual({ size: 'Standard_B2s' });
    expect(retargetDesign(withVm, 'oci').design.components[0]?.properties).toEqual({
      ocpus: 1,
      memoryGb: 4,
    });
  });

  it('gives the Application Gateway a free subnet of its own, so the whole example builds on Azure', () => {
    const r = retargetDesign(design(), 'azure');
    const subnet = r.design.groups.find((g) => g.id === 'lb-subnet');
    const others = r.design.groups.filter((g) => g.parent === 'vpc' && g.id !== 'lb-subnet');
    expect(r.design.components.find((c) => c.id === 'lb')?.group).toBe('lb-subnet');
    expect(others.map((g) => g.properties.cidr)).not.toContain(subnet?.properties.cidr);
    expect(r.adjustments).toContainEqual({
      id: 'lb',
      message: expect.stringMatching(/^moved to a subnet of its own \(10\.\d+\.\d+\.0\/24\)/),
    });
    for (const format of ['terraform', 'bicep', 'arm'] as const) {
      const generated = generate(r.design, { format, layout: 'single', readme: false });
      expect(generated.ok ? [] : generated.issues, format).toEqual([]);
    }
  });

  it('produces a design that validates when every service has an equivalent', () => {
    const small = {
      ...design(),
      groups: design().groups.slice(0, 2),
      components: [
        { id: 'files', service: 'aws.s3', name: 'files', properties: {} },
        { id: 'q', service: 'aws.sqs', name: 'jobs', properties: {} },
      ],
      connections: [],
      environments: [{ name: 'dev', overrides: {} }],
    };
    for (const cloud of ['azure', 'gcp', 'oci'] as const) {
      const r = retargetDesign(small, cloud);
      const prepared = prepareDesign(r.design);
      expect(prepared.ok ? [] : prepared.issues, cloud).toEqual([]);
    }
  });

  it('maps the Azure entry points to AWS load balancers and App Service to App Runner', () => {
    const azure = parseDesign(readExample('azure-web-platform.json'));
    const three = parseDesign(readExample('azure-three-tier-web-app.json'));
    if (!azure.ok || !three.ok) throw new Error('invalid example');
    const web = retargetDesign(azure.design, 'aws');
    expect(web.design.components.find((c) => c.id === 'web-lb')?.service).toBe('aws.nlb');
    expect(web.design.components.find((c) => c.id === 'portal')?.service).toBe('aws.app-runner');
    expect(web.unmapped.find((u) => u.id === 'portal')).toBeUndefined();
    const agw = retargetDesign(three.design, 'aws').design.components.find(
      (c) => c.id === 'gateway',
    );
    expect(agw?.service).toBe('aws.alb');
  });

  it('knows equivalent regions', () => {
    expect(equivalentRegion('aws', 'eu-central-1', 'oci')).toBe('eu-frankfurt-1');
    expect(equivalentRegion('gcp', 'asia-northeast1', 'azure')).toBe('japaneast');
  });
});

describe('re-targeting placement', () => {
  it('moves a component from a subnet to its network when the target service sits in the network', () => {
    const r = retargetDesign(design(), 'oci');
    expect(r.design.components.find((c) => c.id === 'nat')?.group).toBe('vpc');
    expect(r.adjustments.map((a) => a.message)).toContain(
      'placed in network "vpc" instead of subnet "public-a"',
    );
  });
});
