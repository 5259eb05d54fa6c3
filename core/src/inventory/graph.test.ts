import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TGraph } from '../contract/cmdb/graph';
import type { TSourceKind } from '../contract/inventory/model';
import { buildGraph, parseTarget } from './graph';
import type { TParsedSource } from './model';
import { parseSource } from './parse';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

function graphOf(kind: TSourceKind, file: string): { parsed: TParsedSource; graph: TGraph } {
  const result = parseSource(kind, fixture(file));
  if (!result.ok) throw new Error(result.message);
  return { parsed: result.value, graph: buildGraph(result.value, { idPrefix: 'src:' }) };
}

const targetsOf = (g: TGraph, address: string) =>
  g.edges
    .filter((e) => e.from === `src:${address}`)
    .map((e) => e.to.slice('src:'.length))
    .sort();

describe('the graph of a state', () => {
  const { graph } = graphOf('tfstate', 'edge-cases.tfstate');

  it('has a node per instance, data sources included as data, ids prefixed', () => {
    const remote = graph.nodes.find((n) => n.address === 'data.terraform_remote_state.network');
    expect(remote).toMatchObject({
      id: 'src:data.terraform_remote_state.network',
      mode: 'data',
      external: false,
    });
    expect(graph.nodes.filter((n) => !n.external)).toHaveLength(15);
  });

  it('links a dependency inside the same module instance only to that instance', () => {
    expect(targetsOf(graph, 'module.app["blue.v2"].aws_instance.web[0]')).toEqual([
      'aws_iam_role.gone',
      'aws_s3_bucket.logs',
      'module.app["blue.v2"].aws_security_group.web',
    ]);
    expect(targetsOf(graph, 'module.app["green"].aws_instance.web[0]')).toContain(
      'module.app["green"].aws_security_group.web',
    );
    expect(
      targetsOf(graph, 'module.net.module.projects["eu.west"].google_project_service_identity.sql'),
    ).toEqual(['module.net.module.projects["eu.west"].google_project.data']);
  });

  it('links a dependency on a module to every instance inside it', () => {
    expect(targetsOf(graph, 'aws_db_instance.main')).toEqual([
      'module.app["blue.v2"].aws_instance.web[0]',
      'module.app["blue.v2"].aws_instance.web[1]',
      'module.app["blue.v2"].aws_security_group.web',
      'module.app["green"].aws_instance.web[0]',
      'module.app["green"].aws_security_group.web',
    ]);
  });

  it('makes one external node and one counted warning per absent target, without duplicate edges or self-loops', () => {
    const externals = graph.nodes.filter((n) => n.external);
    expect(externals).toEqual([
      {
        id: 'src:aws_iam_role.gone',
        address: 'aws_iam_role.gone',
        type: 'aws_iam_role',
        provider: null,
        module: null,
        external: true,
        mode: 'managed',
        cloud: 'aws',
        assetId: null,
      },
    ]);
    expect(graph.edges.filter((e) => e.to === 'src:aws_iam_role.gone')).toHaveLength(3);
    expect(graph.warnings).toEqual([
      expect.objectContaining({
        code: 'dependency-missing',
        count: 1,
        examples: ['aws_iam_role.gone'],
      }),
    ]);
    const keys = graph.edges.map((e) => `${e.from}>${e.to}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(graph.edges.every((e) => e.from !== e.to && e.kind === 'dependency')).toBe(true);
    expect(graph.edges).toHaveLength(17);
    // Terraform 0.12 states wrote explicit depends_on per instance.
    expect(targetsOf(graph, 'random_string.suffix')).toEqual(['aws_s3_bucket.logs']);
  });
});

describe('the graph of a plan', () => {
  it('comes from configuration references, so a create-only plan has one', () => {
    const { graph } = graphOf('plan', 'plan-create.json');
    expect(targetsOf(graph, 'aws_instance.web')).toEqual([
      'aws_kms_key.disk',
      'aws_subnet.a[0]',
      'aws_subnet.a[1]',
      'aws_vpc.main',
      'data.aws_ami.ubuntu',
      'module.sg.aws_security_group.this',
    ]);
    expect(targetsOf(graph, 'aws_subnet.a[0]')).toEqual(['aws_vpc.main']);
    expect(targetsOf(graph, 'module.sg.aws_security_group.this')).toEqual(['aws_vpc.main']);
    expect(graph.edges.every((e) => e.kind === 'reference')).toBe(true);
    expect(graph.nodes.find((n) => n.address === 'aws_kms_key.disk')?.external).toBe(true);
    expect(graph.warnings[0]).toMatchObject({ code: 'dependency-missing', count: 1 });
  });
});

describe('the graph of a what-if', () => {
  it('links child resources to their parent and resources to their group, case-insensitively', () => {
    const { graph } = graphOf('whatif', 'whatif-cli.json');
    const S = '/subscriptions/11111111-2222-3333-4444-555555555555';
    const edge = (from: string, to: string) => ({
      from: `src:${from}`,
      to: `src:${to}`,
      kind: 'owner',
    });
    expect(graph.edges).toEqual(
      expect.arrayContaining([
        edge(
          `${S}/resourceGroups/app-rg/providers/Microsoft.Network/virtualNetworks/vnet1/subnets/default`,
          `${S}/resourceGroups/app-rg/providers/Microsoft.Network/virtualNetworks/vnet1`,
        ),
        edge(
          `${S}/resourceGroups/APP-RG/providers/Microsoft.Compute/disks/vm1-osdisk`,
          `${S}/resourceGroups/app-rg`,
        ),
      ]),
    );
    expect(graph.edges).toHaveLength(4);
    expect(graph.nodes.some((n) => n.external)).toBe(false);
  });
});

describe('targets', () => {
  it('reads resource, data and module targets with keys holding dots', () => {
    expect(parseTarget('module.a["k.1"].data.aws_ami.x[0]')).toEqual({
      modules: [{ name: 'a', key: '"k.1"' }],
      kind: 'data',
      type: 'aws_ami',
      name: 'x',
      key: '0',
    });
    expect(parseTarget('module.a.module.b')).toMatchObject({ kind: 'module', name: 'b' });
    expect(parseTarget('module')).toBeNull();
  });
});
