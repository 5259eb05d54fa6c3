import { describe, expect, it } from 'vitest';
import { exampleFiles, readExample } from '@stratum/cli/testing/fixtures';
import { generate } from '../generate';
import { formatsOf } from '../testing/formats';

/**
 * A data source that reads nothing of the design's (the account, the project, the tenancy's
 * availability domains) is declared in each module that reads it, not wired from the module that
 * declared it first: that wire made, say, an AWS key module depend on a load balancer module.
 */
const modulesOf = (file: string) => {
  const r = generate(readExample(file), { format: 'terraform', layout: 'modules' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r.files;
};

describe('modules layout: data sources', () => {
  const terraform = exampleFiles().filter((f) =>
    formatsOf(readExample(f) as { provider: string }).includes('terraform'),
  );
  it.each(terraform)('%s: no module takes a data source from another module', (file) => {
    const wired = modulesOf(file)
      .filter((f) => f.path.endsWith('/variables.tf'))
      .flatMap((f) => [...f.content.matchAll(/^variable "(data_[^"]+)"/gm)].map((m) => m[1]));
    expect(wired).toEqual([]);
  });

  it("keeps aws-kubernetes-platform's ECS service waiting for the gateway's listener", () => {
    const files = modulesOf('aws-kubernetes-platform.json');
    const kms = files.find((f) => f.path === 'modules/kms/main.tf')!.content;
    expect(kms).toContain('data "aws_caller_identity" "current" {}');
    expect(kms).toContain('data "aws_partition" "current" {}');
    const root = files.find((f) => f.path === 'main.tf')!.content;
    const call = root.slice(root.indexOf('module "serverless_container" {'));
    expect(call.slice(0, call.indexOf('\n}\n'))).toMatch(
      /depends_on\s+= \[module\.network_load_balancer\]/,
    );
  });
});
