import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { TSourceKind } from '../contract/inventory/model';
import { buildGraph } from './graph';
import { reduceTransitiveEdges } from './graph-queries';
import type { TParsedSource } from './model';
import { parseSource } from './parse';

// The shared sample files sit beside the checkout (never in it); CI has no copy, so this suite
// only runs where they exist. It checks the counts their README documents.
const root = fileURLToPath(new URL('../../../../shared/fixtures/', import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8');
function parsed(kind: TSourceKind, path: string): TParsedSource {
  const result = parseSource(kind, read(path));
  if (!result.ok) throw new Error(result.message);
  return result.value;
}
const count = (p: { warnings: { code: string; count: number }[] }, code: string) =>
  p.warnings.find((w) => w.code === code)?.count ?? 0;

describe.skipIf(!existsSync(root))('the shared real files', () => {
  it('the CFF GCP state: 98 blocks, 270 instances, 34 module instances, 172 absent dependency targets', () => {
    const p = parsed(
      'tfstate',
      'tfstate/google/cloud-foundation-fabric__data-platform-foundations__default.tfstate',
    );
    expect(p.counts).toEqual({
      blocks: 98,
      instances: 270,
      managed: 256,
      data: 14,
      modules: 34,
      outputs: 6,
    });
    expect(new Set(p.instances.map((i) => i.provider))).toEqual(
      new Set(['google', 'google-beta', 'local']),
    );
    expect(p.instances.filter((i) => i.type === 'google_project')).toHaveLength(9);
    expect(p.instances.filter((i) => i.provider === 'local').every((i) => i.cloud === null)).toBe(
      true,
    );
    const graph = buildGraph(p, { idPrefix: '' });
    // 250 distinct targets, 78 of them in the state (README): the other 172 are external nodes.
    expect(graph.nodes.filter((n) => n.external)).toHaveLength(172);
    expect(count(p, 'dependency-missing')).toBe(172);
    const reduced = reduceTransitiveEdges(graph.edges);
    expect(reduced.length).toBeLessThan(graph.edges.length / 4);
  });

  it('tfstate-lookup: zero-instance block, keys with dots, both provider styles, builtin provider', () => {
    const p = parsed('tfstate', 'tfstate/aws/tfstate-lookup__test__terraform.tfstate');
    expect(p.counts).toMatchObject({ blocks: 12, instances: 17, outputs: 3 });
    expect(p.instances.map((i) => i.address)).toContain('aws_iam_user.users["foo.bar"]');
    expect(
      p.instances.filter((i) => i.type.startsWith('aws_')).every((i) => i.cloud === 'aws'),
    ).toBe(true);
    expect(
      p.instances
        .filter((i) => i.type === 'terraform_remote_state')
        .every((i) => i.cloud === null && i.mode === 'data'),
    ).toBe(true);
  });

  it('snyk capture: module count/for_each instances, module dependencies resolved inside each instance', () => {
    const p = parsed('tfstate', 'tfstate/aws/snyk-cli__capture__full.tfstate');
    expect(p.counts).toMatchObject({
      blocks: 24,
      instances: 26,
      managed: 16,
      data: 10,
      modules: 5,
    });
    const graph = buildGraph(p, { idPrefix: '' });
    const from =
      'module.module_s3_bucket_for_each["bar"].aws_s3_bucket_public_access_block.this[0]';
    const targets = graph.edges.filter((e) => e.from === from).map((e) => e.to);
    expect(targets).toContain('module.module_s3_bucket_for_each["bar"].aws_s3_bucket.this[0]');
    expect(targets).not.toContain('module.module_s3_bucket_for_each["foo"].aws_s3_bucket.this[0]');
  });

  it('refuses the format 3 state by its version', () => {
    const result = parseSource(
      'tfstate',
      read('tfstate/legacy-v3/inspec-iggy__azure-terraform.tfstate'),
    );
    expect(result).toMatchObject({ ok: false, reason: 'legacy' });
    expect(!result.ok && result.message).toContain('format version 3');
  });

  it('the real what-if: 21 distinct resources from 29 entries', () => {
    const p = parsed('whatif', 'whatif/bicepwhatifreport__sub-scope-whatif__report.json');
    expect(p.counts.instances).toBe(21);
    expect(count(p, 'whatif-duplicate')).toBe(8);
    expect(count(p, 'whatif-unsupported')).toBe(2);
    const rest = parsed(
      'whatif',
      'whatif/azure-rest-api-specs__2024-03-01__PostDeploymentWhatIfOnResourceGroup.json',
    );
    expect(rest.counts.instances).toBe(2);
  });

  it('the driftctl report: 1 managed and 2 missing listed, 11 unmanaged counted', () => {
    const p = parsed('driftctl', 'report/driftctl__scan-output__input_stdin_valid.json');
    expect(p.counts.instances).toBe(3);
    expect(count(p, 'driftctl-unmanaged')).toBe(11);
    expect(count(p, 'driftctl-summary-mismatch')).toBe(1);
  });

  it('a design-time plan (checkov): 55 creates, with a graph from configuration references', () => {
    const p = parsed('plan', 'plan/aws/checkov__runner_plan__tfplan.json');
    expect(p.instances.filter((i) => i.action === 'create')).toHaveLength(55);
    const graph = buildGraph(p, { idPrefix: '' });
    expect(graph.edges.length).toBeGreaterThan(0);
    expect(graph.edges.every((e) => e.kind === 'reference')).toBe(true);
  });
});
