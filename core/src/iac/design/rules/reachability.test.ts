import { describe, expect, it } from 'vitest';
import { completeDesign } from '../complete';
import { parseDesign } from '../parse';
import { validateDesign } from '../validate';

type TNode = { id: string; service: string; name?: string; group?: string; properties?: object };

/** Warnings of a design in one network `main` with subnets `web` (public if asked) and `app`. */
function warningsOf(
  provider: 'aws' | 'gcp' | 'oci' | 'azure',
  components: TNode[],
  options: { publicWeb?: boolean; connections?: object[] } = {},
) {
  const net = {
    aws: 'aws.vpc',
    gcp: 'gcp.vpc-network',
    oci: 'oci.vcn',
    azure: 'azure.virtual-network',
  }[provider];
  const subnet = {
    aws: 'aws.subnet',
    gcp: 'gcp.subnetwork',
    oci: 'oci.subnet',
    azure: 'azure.subnet',
  }[provider];
  const region = {
    aws: 'eu-west-1',
    gcp: 'europe-west4',
    oci: 'eu-frankfurt-1',
    azure: 'westeurope',
  }[provider];
  // Only AWS and OCI subnets are public or private.
  const isPublic = (yes: boolean) =>
    provider === 'gcp' || provider === 'azure' ? {} : { public: yes };
  const parsed = parseDesign({
    v: 2,
    name: 'reach',
    provider,
    region,
    groups: [
      { id: 'main', service: net, name: 'main' },
      {
        id: 'web',
        service: subnet,
        name: 'web',
        parent: 'main',
        properties: { cidr: '10.0.1.0/24', ...isPublic(options.publicWeb ?? true) },
      },
      {
        id: 'app',
        service: subnet,
        name: 'app',
        parent: 'main',
        properties: {
          cidr: '10.0.2.0/24',
          ...isPublic(false),
          ...(provider === 'aws' ? { zone: '1' } : {}),
        },
      },
    ],
    components: components.map((c) => ({ name: c.id, properties: {}, ...c })),
    connections: options.connections ?? [],
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return validateDesign(completeDesign(parsed.design).design)
    .filter((i) => i.severity === 'warning')
    .map((i) => `${i.path}: ${i.message}`);
}

describe('reachability: what an architect would add', () => {
  it('an internet-facing load balancer in a private subnet', () => {
    expect(
      warningsOf('aws', [{ id: 'lb', service: 'aws.alb', group: 'app' }], {
        connections: [{ from: 'lb', to: 'web', type: 'placement' }],
      }),
    ).toEqual([
      'components[0].group: load balancer faces the internet but sits in private subnet “app”: move it to a public subnet, or mark “app” public so it routes to the internet gateway',
    ]);
    expect(
      warningsOf('aws', [
        { id: 'lb', service: 'aws.alb', group: 'app', properties: { public: false } },
      ]),
    ).not.toContainEqual(expect.stringContaining('faces the internet'));
    expect(
      warningsOf('oci', [{ id: 'lb', service: 'oci.load-balancer', group: 'app' }]),
    ).toContainEqual(expect.stringContaining('sits in private subnet “app”'));
  });

  it('private containers, VMs and VPC functions without a NAT gateway', () => {
    const api = { id: 'api', service: 'aws.ecs-fargate', group: 'app' };
    expect(warningsOf('aws', [api])).toEqual([
      'components[0]: add a NAT gateway to network “main”: “api” (ECS on Fargate) in private subnet “app” cannot pull its image',
    ]);
    expect(
      warningsOf('aws', [api, { id: 'nat', service: 'aws.nat-gateway', group: 'web' }]),
    ).toEqual([]);
    expect(warningsOf('aws', [{ ...api, group: 'web' }])).toEqual([
      'components[0].group: move “api” (ECS on Fargate) to a private subnet and add a NAT gateway to network “main”: it has no public IP in public subnet “web” and cannot pull its image',
    ]);
    expect(
      warningsOf(
        'aws',
        [
          { id: 'fn', service: 'aws.lambda', group: 'app' },
          { id: 'files', service: 'aws.s3' },
        ],
        { connections: [{ from: 'fn', to: 'files', type: 'data' }] },
      ),
    ).toEqual([
      'components[0]: add a NAT gateway to network “main”: “fn” (Lambda function) in private subnet “app” cannot call “files” (AWS APIs outside the VPC)',
    ]);
    expect(warningsOf('aws', [{ id: 'fn', service: 'aws.lambda', group: 'app' }])).toEqual([]);
    // EKS nodes in a public subnet take a public IP from it; the private one needs the NAT.
    const eks = { id: 'eks', service: 'aws.eks', group: 'web' };
    expect(warningsOf('aws', [eks])).toEqual([]);
    expect(
      warningsOf('aws', [eks], { connections: [{ from: 'eks', to: 'app', type: 'placement' }] }),
    ).toEqual([
      'components[0]: add a NAT gateway to network “main”: “eks” (EKS cluster) in private subnet “app” cannot pull images or join the cluster',
    ]);
    expect(
      warningsOf('gcp', [{ id: 'vm', service: 'gcp.compute-instance', group: 'app' }]),
    ).toEqual([
      'components[0]: add Cloud NAT to network “main”: “vm” (Compute Engine instance) in subnet “app” cannot reach package repositories (it has no external IP)',
    ]);
    expect(
      warningsOf('oci', [
        { id: 'ci', service: 'oci.container-instance', group: 'app' },
        { id: 'nat', service: 'oci.nat-gateway', group: 'main' },
      ]),
    ).toEqual([]);
  });

  it('Azure VMs behind a Standard load balancer without a NAT gateway on their subnet', () => {
    const vmBehindLb = (more: TNode[] = [], connections: object[] = []) =>
      warningsOf(
        'azure',
        [
          { id: 'lb', service: 'azure.load-balancer', group: 'app', properties: { public: false } },
          { id: 'vm', service: 'azure.linux-vm', group: 'app' },
          ...more,
        ],
        { connections: [{ from: 'lb', to: 'vm', type: 'traffic' }, ...connections] },
      ).filter((w) => w.includes('NAT'));
    expect(vmBehindLb()).toEqual([
      'components[1]: connect subnet “app” to a NAT gateway: “vm” (Linux virtual machine) cannot reach package repositories (the backend of a Standard load balancer gets no default outbound access)',
    ]);
    // A NAT gateway serves the subnets connected to it only.
    const nat = { id: 'nat', service: 'azure.nat-gateway', group: 'main' };
    expect(vmBehindLb([nat], [{ from: 'app', to: 'nat', type: 'traffic' }])).toEqual([]);
    expect(vmBehindLb([nat], [{ from: 'web', to: 'nat', type: 'traffic' }])).toHaveLength(1);
    // Outside a load balancer's pool a VM keeps default outbound access.
    expect(
      warningsOf('azure', [{ id: 'vm', service: 'azure.linux-vm', group: 'app' }]).filter((w) =>
        w.includes('NAT'),
      ),
    ).toEqual([]);
  });

  it('gateways whose route table no subnet uses', () => {
    expect(
      warningsOf('aws', [{ id: 'igw', service: 'aws.internet-gateway', group: 'main' }], {
        publicWeb: false,
      }),
    ).toEqual([
      'components[0]: “igw” (Internet gateway) has a route table associated with no subnet: add a public subnet to network “main” (or mark one public), or remove it',
    ]);
    expect(
      warningsOf('oci', [{ id: 'igw', service: 'oci.internet-gateway', group: 'main' }]),
    ).toEqual([]);
  });

  it('a load balancer sending to a port its container does not listen on', () => {
    const components = [
      { id: 'lb', service: 'aws.alb', group: 'web' },
      {
        id: 'api',
        service: 'aws.ecs-fargate',
        group: 'app',
        // The team's image (the placeholder's port is rule aws-container-placeholder-port's).
        properties: { image: 'public.ecr.aws/acme/api:1.4.2', containerPort: 8080 },
      },
      { id: 'nat', service: 'aws.nat-gateway', group: 'web' },
    ];
    const traffic = (port: number) => [{ from: 'lb', to: 'api', type: 'traffic', port }];
    expect(warningsOf('aws', components, { connections: traffic(80) })).toEqual([
      "connections[0].port: load balancer “lb” sends traffic and health checks to port 80, but “api” (ECS on Fargate) listens on 8080: set the connection's port to 8080, or containerPort to 80",
    ]);
    expect(warningsOf('aws', components, { connections: traffic(8080) })).toEqual([]);
    expect(
      warningsOf(
        'oci',
        [
          { id: 'lb', service: 'oci.load-balancer', group: 'web' },
          {
            id: 'api',
            service: 'oci.container-instance',
            group: 'app',
            properties: { port: 3000 },
          },
          { id: 'nat', service: 'oci.nat-gateway', group: 'main' },
        ],
        { connections: [{ from: 'lb', to: 'api', type: 'traffic' }] },
      ),
    ).toEqual([
      expect.stringContaining('to port 80, but “api” (Container instance) listens on 3000'),
    ]);
    // The GCP load balancer sends to the group's named port, 80, whatever the connection says.
    const mig = [
      { id: 'lb', service: 'gcp.http-load-balancer' },
      { id: 'web', service: 'gcp.managed-instance-group', group: 'app' },
      { id: 'nat', service: 'gcp.cloud-nat', group: 'main' },
    ];
    const to = (port: number) => ({
      connections: [{ from: 'lb', to: 'web', type: 'traffic', port }],
    });
    expect(warningsOf('gcp', mig, to(8080))).toEqual([
      "connections[0].port: load balancer “lb” sends traffic and health checks to port 8080, but “web” (Managed instance group) listens on 80: set the connection's port to 80",
    ]);
    expect(warningsOf('gcp', mig, to(80))).toEqual([]);
  });

  it('alarms publishing to a topic nobody subscribes to', () => {
    const topic = (properties: object) => [
      { id: 'alerts', service: 'aws.sns', properties },
      { id: 'errors', service: 'aws.cloudwatch-alarm' },
    ];
    const connections = [{ from: 'errors', to: 'alerts', type: 'data' }];
    const delivery = (w: string[]) => w.filter((x) => x.includes('subscriptionEndpoint'));
    expect(delivery(warningsOf('aws', topic({}), { connections }))).toEqual([
      'components[0].properties.subscriptionEndpoint: alarms publish to topic “alerts” but nothing subscribes to it: set subscriptionEndpoint (an e-mail address or an HTTPS URL), or connect it to a queue or function',
    ]);
    expect(
      delivery(
        warningsOf('aws', topic({ subscriptionEndpoint: 'oncall@example.com' }), { connections }),
      ),
    ).toEqual([]);
  });
});
