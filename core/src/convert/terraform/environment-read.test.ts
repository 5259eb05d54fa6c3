import { describe, expect, it } from 'vitest';
import { generate } from '../../iac/generate';
import { readEnvironment } from './environment-read';
import { instantiate } from './instantiate';
import { loadConfiguration } from './load';
import { serviceProbe } from './probe';
import { recoverProperties } from './probe-read';
import { viewOf, type TView } from './view';

/**
 * A design with one component varied in prod, written by the engine: the component's view in
 * each environment (its resources: those named after it), as the importer reads them.
 */
function viewsOf(design: { region: string; components: { id: string }[] }, id: string) {
  const r = generate(design, { format: 'terraform' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  const config = loadConfiguration(r.files.filter((f) => /\.(tf|tfvars)$/.test(f.path)));
  const local = id.replace(/-/g, '_');
  return config.environments.map((e): TView => {
    const own = instantiate(config, e).resources.filter(
      (x) => x.mode === 'resource' && (x.name === local || x.name.startsWith(`${local}_`)),
    );
    return viewOf(own, local, local, { ownerOf: () => undefined, variable: () => undefined });
  });
}

function readProd(
  design: { region: string; components: { id: string; service: string }[] },
  id: string,
  /** What the first environment's reading leaves out (a value a connection gives). */
  given: readonly string[] = [],
) {
  const service = design.components.find((c) => c.id === id)!.service;
  const probe = serviceProbe(service, design.region)!;
  const [dev, prod] = viewsOf(design, id) as [TView, TView];
  const base = recoverProperties(probe, dev);
  for (const key of given) delete base[key];
  const input = { probe, view: prod, baseView: dev, base, region: design.region, placed: false };
  return { read: readEnvironment(input), alone: recoverProperties(probe, prod) };
}

describe('a component read in another environment', () => {
  it('takes the value of its per-environment variable when the build writes a derived value from the design’s (an Azure plan’s always_on)', () => {
    const design = {
      v: 2,
      name: 'orders',
      provider: 'azure',
      region: 'northeurope',
      environments: [{ name: 'dev' }, { name: 'prod', overrides: { fn: { sku: 'P1v3' } } }],
      components: [{ id: 'fn', service: 'azure.function-app', name: 'orders' }],
    };
    const { read, alone } = readProd(design, 'fn');
    expect(read).toEqual({ sku: 'P1v3' });
    // Read on its own, the prod plan looked like the Consumption one (no always_on).
    expect(alone).toEqual({});
  });

  it('leaves out a value that follows another one that changes (Kafka memory: vCPUs × memory per vCPU)', () => {
    const design = {
      v: 2,
      name: 'insights',
      provider: 'gcp',
      region: 'europe-west1',
      environments: [{ name: 'dev' }, { name: 'prod', overrides: { kafka: { vcpus: 6 } } }],
      groups: [
        { id: 'vpc', service: 'gcp.vpc-network', name: 'main' },
        { id: 'apps', service: 'gcp.subnetwork', name: 'apps', parent: 'vpc' },
      ],
      components: [{ id: 'kafka', service: 'gcp.managed-kafka', name: 'events', group: 'apps' }],
    };
    const { read, alone } = readProd(design, 'kafka');
    expect(read).toEqual({ vcpus: 6 });
    expect(alone).toEqual({ vcpus: 6, memoryPerVcpu: '8' });
  });

  it('keeps what is the same in every environment as the first environment’s (a disk in its VM’s zone)', () => {
    const design = {
      v: 2,
      name: 'telemetry',
      provider: 'gcp',
      region: 'europe-west3',
      environments: [{ name: 'dev' }, { name: 'prod', overrides: { scratch: { size: 200 } } }],
      groups: [
        { id: 'vpc', service: 'gcp.vpc-network', name: 'main' },
        { id: 'batch-subnet', service: 'gcp.subnetwork', name: 'batch', parent: 'vpc' },
      ],
      components: [
        {
          id: 'batch',
          service: 'gcp.compute-instance',
          name: 'batch',
          group: 'batch-subnet',
          properties: { zone: 'c' },
        },
        { id: 'scratch', service: 'gcp.persistent-disk', name: 'scratch' },
      ],
      connections: [{ from: 'batch', to: 'scratch', type: 'data' }],
    };
    const { read, alone } = readProd(design, 'scratch', ['zone']);
    expect(read).toEqual({ size: 200 });
    // Read on its own, the disk's zone (its VM's) became a prod value the engine cannot vary.
    expect(alone).toEqual({ size: 200, zone: 'c' });
  });
});
