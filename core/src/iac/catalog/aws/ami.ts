import type { TTfBuildContext } from '../service';
import type { TTfRef } from '../../ir/terraform-ir';

/** AWS machine images: the AMI of an operating system for an instance type's architecture. */

export const AMI_FILTERS: Readonly<
  Record<string, { owner: string; name: (arch: string) => string }>
> = {
  'ubuntu-24.04': {
    owner: '099720109477',
    name: (arch) =>
      `ubuntu/images/hvm-ssd-gp3/ubuntu-noble-24.04-${arch === 'arm64' ? 'arm64' : 'amd64'}-server-*`,
  },
  'ubuntu-22.04': {
    owner: '099720109477',
    name: (arch) =>
      `ubuntu/images/hvm-ssd/ubuntu-jammy-22.04-${arch === 'arm64' ? 'arm64' : 'amd64'}-server-*`,
  },
  'amazon-linux-2023': {
    owner: 'amazon',
    name: (arch) => `al2023-ami-2023.*-${arch === 'arm64' ? 'arm64' : 'x86_64'}`,
  },
};

/** Graviton families (t4g, m7g, c7g...) need arm64 images. */
export const archOf = (instanceType: string): string =>
  /^[a-z]+\d+[a-z]*g[a-z]*\./.test(instanceType) ? 'arm64' : 'x86_64';

export function amiLookup(ctx: TTfBuildContext, os: string, instanceType: string): TTfRef {
  const image = AMI_FILTERS[os] ?? AMI_FILTERS['ubuntu-24.04']!;
  const arch = archOf(instanceType);
  return ctx.data('aws_ami', `${ctx.node.local}`, {
    most_recent: true,
    owners: [image.owner],
    filter: [
      { $: 'block', body: { name: 'name', values: [image.name(arch)] } },
      { $: 'block', body: { name: 'architecture', values: [arch] } },
    ],
  });
}
