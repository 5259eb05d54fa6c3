import { describe, expect, it } from 'vitest';
import { generate, prepareDesign } from '../../iac/generate';
import { terraformToDesign } from './import';

/**
 * Properties that show in the Terraform only in a form the probes do not write themselves: a
 * rule named after another property, a data source named after the component, a number after
 * text that other properties change. Each is written by the engine and read back as it was.
 */
function roundTrip(design: Record<string, unknown>) {
  const original = prepareDesign(design);
  if (!original.ok) throw new Error(original.issues.map((i) => i.message).join('\n'));
  const generated = generate(original.design, { format: 'terraform' });
  if (!generated.ok) throw new Error(generated.issues.map((i) => i.message).join('\n'));
  const files = generated.files.filter((f) => /\.(tf|tfvars)$/.test(f.path));
  const back = prepareDesign(terraformToDesign(files).design);
  if (!back.ok) throw new Error(back.issues.map((i) => i.message).join('\n'));
  const props = (id: string) => back.resolved.nodes.find((n) => n.id === id)?.properties;
  const overrides = () => back.design.environments.map((e) => e.overrides);
  const service = (id: string) => back.resolved.nodes.find((n) => n.id === id)?.service.id;
  return { props, service, overrides };
}

const awsNetwork = {
  groups: [
    { id: 'vpc', service: 'aws.vpc', name: 'main' },
    {
      id: 'edge-a',
      service: 'aws.subnet',
      name: 'edge-a',
      parent: 'vpc',
      properties: { public: true },
    },
    {
      id: 'edge-b',
      service: 'aws.subnet',
      name: 'edge-b',
      parent: 'vpc',
      properties: { public: true, zone: '1', cidr: '10.0.2.0/24' },
    },
  ],
};

const ociNetwork = {
  groups: [
    { id: 'vcn', service: 'oci.vcn', name: 'main' },
    {
      id: 'edge',
      service: 'oci.subnet',
      name: 'edge',
      parent: 'vcn',
      properties: { public: true },
    },
  ],
};

describe('Terraform → design: properties written in another form', () => {
  it('reads a public network load balancer on 443 as public (its rule is named after the port)', () => {
    const { props } = roundTrip({
      v: 2,
      name: 'gw',
      provider: 'aws',
      region: 'eu-central-1',
      ...awsNetwork,
      components: [
        {
          id: 'nlb',
          service: 'aws.nlb',
          name: 'gw',
          group: 'edge-a',
          properties: { listenerPort: 443 },
        },
        { id: 'web', service: 'aws.ec2', name: 'web', group: 'edge-a' },
      ],
      connections: [
        { from: 'nlb', to: 'edge-b', type: 'placement' },
        { from: 'nlb', to: 'web', type: 'traffic' },
      ],
    });
    expect(props('nlb')).toMatchObject({ public: true, listenerPort: 443 });
  });

  it('reads a WAF rule set back where its capability lookups are named after the component', () => {
    const { props } = roundTrip({
      v: 2,
      name: 'shop',
      provider: 'oci',
      region: 'eu-frankfurt-1',
      ...ociNetwork,
      components: [
        {
          id: 'lb',
          service: 'oci.load-balancer',
          name: 'web',
          group: 'edge',
          properties: { public: true },
        },
        { id: 'vm', service: 'oci.compute-instance', name: 'web', group: 'edge' },
        { id: 'waf', service: 'oci.waf', name: 'web', properties: { windowsRce: false } },
      ],
      connections: [
        { from: 'lb', to: 'vm', type: 'traffic' },
        { from: 'waf', to: 'lb', type: 'traffic' },
      ],
    });
    expect(props('waf')).toMatchObject({ unixRce: true, windowsRce: false });
  });

  it('reads an alarm threshold written after an operator other than the probed one', () => {
    const { props } = roundTrip({
      v: 2,
      name: 'shop',
      provider: 'oci',
      region: 'eu-frankfurt-1',
      components: [
        { id: 'uptime', service: 'oci.health-check', name: 'storefront' },
        { id: 'alerts', service: 'oci.notification-topic', name: 'alerts' },
        {
          id: 'down',
          service: 'oci.monitoring-alarm',
          name: 'down',
          properties: { operator: '<', threshold: 1, statistic: 'max', interval: '5m' },
        },
      ],
      connections: [
        { from: 'down', to: 'uptime', type: 'data' },
        { from: 'down', to: 'alerts', type: 'data' },
      ],
    });
    expect(props('down')).toMatchObject({ operator: '<', threshold: 1, statistic: 'max' });
  });

  it('reads a Keyspaces table with its columns as name:type (a column block each)', () => {
    const table = {
      table: 'readings',
      columns: ['sensor:text', 'at:timestamp', 'value:double'],
      partitionKey: ['sensor'],
      clusteringKey: ['at'],
      clusteringOrder: 'ASC',
    };
    const { props, service } = roundTrip({
      v: 2,
      name: 'iot',
      provider: 'aws',
      region: 'eu-central-1',
      components: [
        { id: 'readings', service: 'aws.keyspaces', name: 'readings', properties: table },
      ],
    });
    expect(service('readings')).toBe('aws.keyspaces');
    expect(props('readings')).toMatchObject(table);
  });

  it('reads an e-mail domain taken from the connected DNS zone as empty (the zone gives it)', () => {
    const design = (domain: string) => ({
      v: 2,
      name: 'shop',
      provider: 'oci',
      region: 'eu-frankfurt-1',
      components: [
        {
          id: 'dns',
          service: 'oci.dns-zone',
          name: 'shop',
          properties: { domain: 'shop.example.com' },
        },
        { id: 'mail', service: 'oci.email-delivery', name: 'orders', properties: { domain } },
      ],
      connections: [{ from: 'mail', to: 'dns', type: 'data' }],
    });
    expect(roundTrip(design('')).props('mail')).toMatchObject({ domain: '' });
    // A domain of its own stays.
    expect(roundTrip(design('mail.shop.example.com')).props('mail')).toMatchObject({
      domain: 'mail.shop.example.com',
    });
  });

  it("reads a disk attached to a VM without a zone of its own (it sits in the VM's), in every environment", () => {
    const design = (zone: string) => ({
      v: 2,
      name: 'batch',
      provider: 'gcp',
      region: 'europe-west3',
      environments: [{ name: 'dev' }, { name: 'prod' }],
      layout: { terraform: 'env-folders' },
      groups: [
        { id: 'vpc', service: 'gcp.vpc-network', name: 'main' },
        { id: 'apps', service: 'gcp.subnetwork', name: 'apps', parent: 'vpc' },
      ],
      components: [
        {
          id: 'vm',
          service: 'gcp.compute-instance',
          name: 'batch',
          group: 'apps',
          properties: { zone: 'c' },
        },
        { id: 'scratch', service: 'gcp.persistent-disk', name: 'scratch', properties: { zone } },
        { id: 'spare', service: 'gcp.persistent-disk', name: 'spare', properties: { zone } },
        { id: 'key', service: 'gcp.cloud-kms', name: 'disks' },
      ],
      connections: [
        { from: 'vm', to: 'scratch', type: 'data' },
        { from: 'scratch', to: 'key', type: 'data' },
      ],
    });
    const back = roundTrip(design('a'));
    // Attached: the zone is the VM's, whatever its own; alone: its own zone.
    expect(back.props('scratch')).toMatchObject({ zone: 'b' });
    expect(back.props('spare')).toMatchObject({ zone: 'a' });
    expect(back.overrides()).toEqual([{}, {}]);
  });

  it("reads a GKE cluster's workload namespace from the identity grant its data connections add", () => {
    const { props, overrides } = roundTrip({
      v: 2,
      name: 'web',
      provider: 'gcp',
      region: 'europe-west3',
      environments: [{ name: 'dev' }, { name: 'prod' }],
      layout: { terraform: 'env-folders' },
      groups: [
        { id: 'vpc', service: 'gcp.vpc-network', name: 'main' },
        { id: 'apps', service: 'gcp.subnetwork', name: 'apps', parent: 'vpc' },
      ],
      components: [
        {
          id: 'gke',
          service: 'gcp.gke',
          name: 'apps',
          group: 'apps',
          properties: { namespace: 'shop' },
        },
        { id: 'secret', service: 'gcp.secret-manager', name: 'api-key' },
      ],
      connections: [{ from: 'gke', to: 'secret', type: 'data' }],
    });
    expect(props('gke')).toMatchObject({ namespace: 'shop' });
    expect(overrides()).toEqual([{}, {}]);
  });
});
