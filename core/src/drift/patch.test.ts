import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TDriftChange } from '../contract/drift/scans';
import { unifiedDiff } from './diff';
import { buildDriftPatch } from './patch';

const mainTf = readFileSync(new URL('./fixtures/main.tf', import.meta.url), 'utf8');

/** A strict patch applier (like `git apply`): context and removed lines must match exactly. */
function applyPatch(diff: string, files: Record<string, string>): Record<string, string> {
  const out = { ...files };
  const lines = diff.split('\n');
  let i = 0;
  while (i < lines.length) {
    const header = /^diff --git a\/(.+) b\/(.+)$/.exec(lines[i] ?? '');
    if (!header) {
      i += 1;
      continue;
    }
    const path = header[2] ?? '';
    i += 1;
    const isNew = lines[i] === 'new file mode 100644';
    if (isNew) i += 1;
    i += 2; // --- and +++
    const old = isNew ? [] : (out[path] ?? '').replace(/\n$/, '').split('\n');
    if (!isNew && out[path] === undefined) throw new Error(`no ${path}`);
    const result: string[] = [];
    let at = 0;
    while (i < lines.length && lines[i]?.startsWith('@@')) {
      const m = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@$/.exec(lines[i] ?? '');
      if (!m) throw new Error(`bad hunk header ${lines[i]}`);
      const oldStart = Number(m[1]);
      const oldLen = m[2] === undefined ? 1 : Number(m[2]);
      const start = oldLen === 0 ? oldStart : oldStart - 1;
      while (at < start) result.push(old[at++] ?? '');
      i += 1;
      while (i < lines.length && /^[ +-]/.test(lines[i] ?? '')) {
        const l = lines[i] ?? '';
        if (l[0] === '+') result.push(l.slice(1));
        else {
          if (old[at] !== l.slice(1))
            throw new Error(
              `context mismatch at ${path}:${at + 1}: ${JSON.stringify(old[at])} vs ${JSON.stringify(l.slice(1))}`,
            );
          if (l[0] === ' ') result.push(l.slice(1));
          at += 1;
        }
        i += 1;
      }
    }
    while (at < old.length) result.push(old[at++] ?? '');
    out[path] = `${result.join('\n')}\n`;
  }
  return out;
}

const base = { blastRadius: null, recommendation: null, reason: null };
const changed = (
  address: string,
  resourceType: string,
  attributes: TDriftChange['attributes'],
): TDriftChange => ({
  ...base,
  address,
  id: address,
  resourceType,
  status: 'changed',
  attributes,
});

describe('buildDriftPatch', () => {
  const changes: TDriftChange[] = [
    changed('aws_iam_role.reader', 'aws_iam_role', [
      { path: ['description'], before: '', after: 'set "outside" ${x}' },
      { path: ['tags', 'LastScanned'], before: '2024-01-01', after: '2024-05-01' },
      { path: ['tags', 'cost '], before: '1', after: undefined },
      { path: ['tags', 'owner '], before: undefined, after: 'platform' },
      { path: ['assume_role_policy'], before: '{}', after: '{"Statement":[]}' },
      { path: ['arn'], before: 'a', after: 'b' },
      { path: ['permissions_boundary'], before: '(sensitive)', after: '(sensitive)' },
    ]),
    changed('aws_dynamodb_table.scores', 'aws_dynamodb_table', [
      { path: ['ttl', 0, 'attribute_name'], before: '', after: 'TimeToExist' },
      { path: ['ttl', 0, 'enabled'], before: false, after: true },
    ]),
    changed('aws_db_subnet_group.main', 'aws_db_subnet_group', [
      { path: ['tags', 'tag '], before: undefined, after: 'test 123' },
    ]),
    changed('aws_ebs_volume.data', 'aws_ebs_volume', [{ path: ['size'], before: 8, after: 10 }]),
    changed('aws_ebs_volume.other', 'aws_ebs_volume', [{ path: ['size'], before: 8, after: 10 }]),
    changed('module.m.aws_s3_bucket.b', 'aws_s3_bucket', [
      { path: ['acl'], before: 'private', after: 'public-read' },
    ]),
    changed('aws_route53_record.r[0]', 'aws_route53_record', [
      { path: ['ttl'], before: 60, after: 300 },
    ]),
    {
      ...base,
      address: 'aws_instance.i_010376047a71419f1',
      id: 'i-010376047a71419f1',
      resourceType: 'aws_instance',
      status: 'unmanaged',
      attributes: [],
    },
    {
      ...base,
      address: 'aws_sqs_queue.jobs',
      id: 'jobs',
      resourceType: 'aws_sqs_queue',
      status: 'missing',
      attributes: [],
    },
  ];
  const patch = buildDriftPatch(changes, { 'main.tf': mainTf, 'versions.tf': 'terraform {}\n' });

  it('applies cleanly and makes exactly the literal edits and the import block', () => {
    const applied = applyPatch(patch.diff, { 'main.tf': mainTf, 'versions.tf': 'terraform {}\n' });
    expect(patch.files).toEqual(['imports.tf', 'main.tf']);
    expect(applied['main.tf']).toBe(
      mainTf
        .replace(
          'description          = ""',
          () => 'description          = "set \\"outside\\" $${x}"',
        )
        .replace(
          'LastScanned = "2024-01-01"\n    "cost "     = "1"\n',
          'LastScanned = "2024-05-01"\n    "owner " = "platform"\n',
        )
        .replace(
          'attribute_name = ""\n    enabled        = false',
          'attribute_name = "TimeToExist"\n    enabled        = true',
        )
        .replace(
          'subnet_ids = [aws_subnet.a.id, aws_subnet.b.id]\n',
          'subnet_ids = [aws_subnet.a.id, aws_subnet.b.id]\n  tags = {\n    "tag " = "test 123"\n  }\n',
        )
        .replace('size              = 8', 'size              = 10'),
    );
    expect(applied['imports.tf']).toBe(
      '# Resources found in the cloud but not in Terraform (drift scan).\n\nimport {\n  to = aws_instance.i_010376047a71419f1\n  id = "i-010376047a71419f1"\n}\n',
    );
    expect(applied['versions.tf']).toBe('terraform {}\n');
  });

  it('lists honestly what it could not do, with the reason', () => {
    expect(patch.notDone).toEqual([
      {
        address: 'aws_iam_role.reader: assume_role_policy',
        reason: 'assume_role_policy is an expression, not a literal: change it by hand.',
      },
      {
        address: 'aws_iam_role.reader: arn',
        reason: 'Computed by the cloud: not an argument in the code.',
      },
      {
        address: 'aws_iam_role.reader: permissions_boundary',
        reason: 'A sensitive value: it is never written into a patch; set it by hand.',
      },
      {
        address: 'aws_ebs_volume.other',
        reason: 'No resource block with this address in the generated code.',
      },
      {
        address: 'module.m.aws_s3_bucket.b',
        reason: 'The code has no module "m" call on this path.',
      },
      {
        address: 'aws_route53_record.r[0]',
        reason:
          'One instance of a count/for_each block: changing the block would change every instance.',
      },
      {
        address: 'aws_sqs_queue.jobs',
        reason:
          'Gone from the cloud: apply re-creates it, or remove its block and forget it (removed block) if that was intended.',
      },
    ]);
  });

  it('has a title and a body for the pull request', () => {
    expect(patch.title).toBe('Drift: adopt 5 cloud values, import 1 resource');
    expect(patch.body).toContain('- `aws_ebs_volume.data`: size = 10');
    expect(patch.body).toContain('terraform plan -generate-config-out=generated.tf');
    expect(patch.body).toContain('## Not in this patch (by hand)');
  });

  it('appends to an existing imports.tf and answers an empty diff when nothing can change', () => {
    const p = buildDriftPatch([changes[7] as TDriftChange], {
      'imports.tf': 'import {\n  to = a.b\n  id = "x"\n}\n',
    });
    expect(
      applyPatch(p.diff, { 'imports.tf': 'import {\n  to = a.b\n  id = "x"\n}\n' })['imports.tf'],
    ).toBe(
      'import {\n  to = a.b\n  id = "x"\n}\n\nimport {\n  to = aws_instance.i_010376047a71419f1\n  id = "i-010376047a71419f1"\n}\n',
    );
    const none = buildDriftPatch([changes[8] as TDriftChange], { 'main.tf': mainTf });
    expect(none).toMatchObject({
      diff: '',
      files: [],
      title: 'Drift: nothing to change in the code',
    });
  });

  it('does not edit a block that lives inside a heredoc or a comment', () => {
    const text =
      'locals {\n  doc = <<EOT\nresource "aws_ebs_volume" "data" {\n  size = 8\n}\nEOT\n}\n# resource "aws_ebs_volume" "data" {\n';
    const p = buildDriftPatch([changes[3] as TDriftChange], { 'main.tf': text });
    expect(p.diff).toBe('');
    expect(p.notDone[0]?.reason).toBe('No resource block with this address in the generated code.');
  });
});

describe('buildDriftPatch and module folders', () => {
  const inModule = (address: string): TDriftChange => ({
    ...base,
    address,
    id: 'vol-1',
    resourceType: 'aws_ebs_volume',
    status: 'changed',
    attributes: [{ path: ['size'], before: 8, after: 10 }],
  });
  const call = (name: string, source: string, extra = '') =>
    `module "${name}" {\n  source = "${source}"\n${extra}}\n`;

  it('follows a local module called once, nested calls included, and edits its block', () => {
    const files = {
      'main.tf': call('app', './modules/app'),
      'modules/app/main.tf': call('storage', '../storage'),
      'modules/storage/main.tf': mainTf,
    };
    const p = buildDriftPatch([inModule('module.app.module.storage.aws_ebs_volume.data')], files);
    expect(p.notDone).toEqual([]);
    expect(p.files).toEqual(['modules/storage/main.tf']);
    const applied = applyPatch(p.diff, files);
    expect(applied['modules/storage/main.tf']).toContain('size              = 10');
    expect(applied['main.tf']).toBe(files['main.tf']);
  });

  it('leaves a module called twice, counted, or from a registry, and says why', () => {
    const twice = buildDriftPatch([inModule('module.a.aws_ebs_volume.data')], {
      'main.tf': call('a', './modules/storage') + call('b', './modules/storage'),
      'modules/storage/main.tf': mainTf,
    });
    expect(twice.notDone[0]?.reason).toBe(
      'modules/storage is called by 2 module blocks: changing it would change them all.',
    );
    const counted = buildDriftPatch([inModule('module.a.aws_ebs_volume.data')], {
      'main.tf': call('a', './modules/storage', '  count  = 2\n'),
      'modules/storage/main.tf': mainTf,
    });
    expect(counted.notDone[0]?.reason).toMatch(/^One instance of a count\/for_each block/);
    const registry = buildDriftPatch([inModule('module.a.aws_ebs_volume.data')], {
      'main.tf': call('a', 'terraform-aws-modules/ebs/aws'),
    });
    expect(registry.notDone[0]?.reason).toBe(
      'Module "a" comes from outside this code (a registry, git or a computed source): change it there.',
    );
    expect(twice.diff + counted.diff + registry.diff).toBe('');
  });

  it('does not edit a block in modules/: it is not at the root address', () => {
    const volume: TDriftChange = {
      ...base,
      address: 'aws_ebs_volume.data',
      id: 'vol-1',
      resourceType: 'aws_ebs_volume',
      status: 'changed',
      attributes: [{ path: ['size'], before: 8, after: 10 }],
    };
    const p = buildDriftPatch([volume], { 'modules/storage/main.tf': mainTf });
    expect(p.diff).toBe('');
    expect(p.notDone).toEqual([
      {
        address: 'aws_ebs_volume.data',
        reason: 'No resource block with this address in the generated code.',
      },
    ]);
  });
});

describe('unifiedDiff', () => {
  it('writes hunks with three lines of context and the no-newline marker', () => {
    expect(unifiedDiff('a.tf', 'a\nb\nc\n', 'a\nB\nc\n')).toBe(
      'diff --git a/a.tf b/a.tf\n--- a/a.tf\n+++ b/a.tf\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n',
    );
    expect(unifiedDiff('a.tf', 'a', 'b')).toBe(
      'diff --git a/a.tf b/a.tf\n--- a/a.tf\n+++ b/a.tf\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file\n',
    );
    expect(unifiedDiff('a.tf', 'x\n', 'x\n')).toBe('');
  });
});
