import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPlanId } from '@stratum/core/contract/common';
import { parseAllowRules } from '../src/lib/egress';
import { json, startTestServer, type TestServer } from './harness';
import { createProject, newUser, type User } from './planner-helpers';
import { person, share } from './planner-sharing-helpers';
import {
  bucketSnapshot,
  desiredState,
  driftctlReport,
  inSyncSnapshot,
  refreshPlan,
  whatIfRest,
} from './drift-files';

interface Scan {
  id: string;
  summary: Record<string, number>;
  changes: {
    address: string;
    status: string;
    attributes: { path: (string | number)[]; before: unknown; after: unknown }[];
    blastRadius: number | null;
    recommendation: { action: string; code: string | null } | null;
    reason: string | null;
  }[];
  ignored: number;
  noise: { rule: string; count: number }[];
  warnings: string[];
  planActions: unknown[];
  notCheckedTypes: string[];
  sincePrevious: { scanId: string; appeared: string[]; resolved: string[] } | null;
  access: { detect: boolean; recommend: boolean; autopr: boolean };
}

describe('Drift scans', () => {
  let server: TestServer;
  const users: Partial<Record<TPlanId, User>> = {};

  const importSource = async (user: User, name = 'prod') => {
    const res = await user.call('POST', '/api/inventory/sources', {
      kind: 'tfstate',
      name,
      content: desiredState(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return json<{ data: { id: string } }>(res).data.id;
  };
  /** A stored Terraform generation of the project holding one bucket. */
  const insertTerraformGeneration = (project: { id: string; revision: number }) =>
    server.db
      .insertInto('project_generations')
      .values({
        project_id: project.id,
        format: 'terraform',
        layout: 'flat',
        options: JSON.stringify({ ci: false, readme: false }),
        revision: project.revision,
        files: JSON.stringify([
          {
            path: 'main.tf',
            content:
              'resource "aws_s3_bucket" "assets" {\n  bucket = "shop-assets"\n  tags = {\n    env = "prod"\n  }\n}\n',
          },
        ]),
        report: JSON.stringify({}),
        file_count: 1,
        warning_count: 0,
      })
      .execute();

  const scan = async (user: User, body: unknown) => {
    const res = await user.call('POST', '/api/drift/scans', body);
    expect(res.statusCode, res.body).toBe(200);
    return json<{ data: Scan }>(res).data;
  };
  const snapshotScan = (user: User, sourceId: string, content = bucketSnapshot()) =>
    scan(user, {
      desired: { sourceId },
      actual: { kind: 'snapshot', resourceType: 'aws_s3_bucket', content },
    });

  beforeAll(async () => {
    server = await startTestServer({ egressAllow: parseAllowRules('127.0.0.1').rules });
    for (const plan of ['free', 'pro', 'ultra-pro', 'enterprise'] as const) {
      users[plan] = await newUser(server, plan);
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sorts a snapshot into changed, missing and unmanaged, with the blast radius from the graph', async () => {
    const pro = users.pro!;
    const sourceId = await importSource(pro);
    const result = await snapshotScan(pro, sourceId);
    expect(result.summary).toEqual({
      inSync: 0,
      changed: 1,
      missing: 1,
      unmanaged: 1,
      unknown: 0,
      notChecked: 1,
    });
    expect(result.notCheckedTypes).toEqual(['aws_instance']);
    const changed = result.changes.find((c) => c.status === 'changed')!;
    expect(changed.address).toBe('aws_s3_bucket.assets');
    expect(changed.attributes).toContainEqual({
      path: ['tags', 'env'],
      before: 'prod',
      after: 'staging',
    });
    // aws_instance.web depends on the bucket.
    expect(changed.blastRadius).toBe(1);
    expect(result.changes.find((c) => c.status === 'missing')?.address).toBe('aws_s3_bucket.logs');
    expect(result.changes.find((c) => c.status === 'unmanaged')?.address).toMatch(/orphan/);
    // Pro detects; recommendations are ultra-pro's.
    expect(result.access).toEqual({ detect: true, recommend: false, autopr: false });
    expect(result.changes.every((c) => c.recommendation === null)).toBe(true);
  });

  it('reports nothing for an in-sync read, only counted noise', async () => {
    const pro = users.pro!;
    const sourceId = await importSource(pro, 'in-sync');
    const result = await snapshotScan(pro, sourceId, inSyncSnapshot());
    expect(result.summary).toMatchObject({ inSync: 2, changed: 0, missing: 0, unmanaged: 0 });
    expect(result.changes).toEqual([]);
    expect(result.noise.length).toBeGreaterThan(0);
  });

  it('gates by plan: free sees counts only, ultra-pro gets recommendations', async () => {
    const free = users.free!;
    const freeScan = await snapshotScan(free, await importSource(free));
    expect(freeScan.summary.changed).toBe(1);
    expect(freeScan.changes).toEqual([]);
    expect(freeScan.access.detect).toBe(false);

    const ultra = users['ultra-pro']!;
    const ultraScan = await snapshotScan(ultra, await importSource(ultra));
    const unmanaged = ultraScan.changes.find((c) => c.status === 'unmanaged')!;
    expect(unmanaged.recommendation?.action).toBe('import');
    expect(unmanaged.recommendation?.code).toContain('orphan-bucket');
    const patch = await ultra.call('GET', `/api/drift/scans/${ultraScan.id}/patch`);
    expect(patch.statusCode).toBe(403);
    expect(json(patch)).toMatchObject({ code: 'drift/feature_not_allowed' });
  });

  it('keeps a history with what appeared and resolved since the previous scan of the source', async () => {
    const pro = users.pro!;
    const sourceId = await importSource(pro, 'history');
    const first = await snapshotScan(pro, sourceId);
    expect(first.sincePrevious).toBeNull();
    const second = await snapshotScan(pro, sourceId, inSyncSnapshot());
    expect(second.sincePrevious?.scanId).toBe(first.id);
    expect(second.sincePrevious?.appeared).toEqual([]);
    expect(second.sincePrevious?.resolved.sort()).toEqual(
      first.changes.map((c) => c.address).sort(),
    );
    const list = json<{ data: { items: { id: string }[] } }>(
      await pro.call('GET', `/api/drift/scans?source=${sourceId}`),
    ).data.items;
    expect(list.map((s) => s.id)).toEqual([second.id, first.id]);
    const again = json<{ data: Scan }>(await pro.call('GET', `/api/drift/scans/${first.id}`)).data;
    expect(again.summary).toEqual(first.summary);
    // Another user sees none of it.
    expect((await users.free!.call('GET', `/api/drift/scans/${first.id}`)).statusCode).toBe(404);
  });

  it('applies ignore rules at scan time', async () => {
    const user = await newUser(server, 'pro');
    const sourceId = await importSource(user);
    const rule = await user.call('POST', '/api/drift/ignore-rules', {
      attributePath: 'tags.LastScanned',
      note: 'the scanner tags buckets',
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const typeRule = await user.call('POST', '/api/drift/ignore-rules', {
      addressPattern: 'aws_s3_bucket.logs*',
    });
    expect(typeRule.statusCode).toBe(200);
    const result = await snapshotScan(user, sourceId);
    const changed = result.changes.find((c) => c.status === 'changed')!;
    expect(changed.attributes.map((a) => a.path.join('.'))).not.toContain('tags.LastScanned');
    expect(result.changes.some((c) => c.address === 'aws_s3_bucket.logs')).toBe(false);
    expect(result.ignored).toBeGreaterThanOrEqual(2);
    const empty = await user.call('POST', '/api/drift/ignore-rules', { note: 'nothing' });
    expect(empty.statusCode).toBe(400);
    const id = json<{ data: { id: string } }>(rule).data.id;
    expect((await user.call('DELETE', `/api/drift/ignore-rules/${id}`)).statusCode).toBe(200);
    const rules = json<{ data: { items: unknown[] } }>(
      await user.call('GET', '/api/drift/ignore-rules'),
    ).data.items;
    expect(rules).toHaveLength(1);
  });

  it('takes a refresh-only plan alone (it carries both sides)', async () => {
    const result = await scan(users.pro!, { actual: { kind: 'plan', content: refreshPlan() } });
    expect(result.summary.changed).toBe(1);
    expect(result.changes[0]).toMatchObject({
      address: 'aws_instance.web',
      attributes: [{ path: ['instance_type'], before: 't3.micro', after: 't3.large' }],
    });
  });

  it('keeps a plan’s own planned changes apart from drift, stored with the scan', async () => {
    const plan = JSON.parse(refreshPlan()) as Record<string, unknown>;
    plan.resource_changes = [
      {
        address: 'aws_instance.api',
        previous_address: 'aws_instance.old_api',
        mode: 'managed',
        type: 'aws_instance',
        name: 'api',
        action_reason: 'replace_because_cannot_update',
        change: {
          actions: ['delete', 'create'],
          before: { ami: 'ami-1' },
          after: { ami: 'ami-2' },
          replace_paths: [['ami']],
        },
      },
    ];
    const result = await scan(users.pro!, {
      actual: { kind: 'plan', content: JSON.stringify(plan) },
    });
    expect(result.summary.changed).toBe(1);
    expect(result.planActions).toEqual([
      {
        address: 'aws_instance.api',
        previousAddress: 'aws_instance.old_api',
        type: 'aws_instance',
        action: 'replace',
        reason: 'replace_because_cannot_update',
        replacePaths: ['ami'],
      },
    ]);
    // Read back later (the history), the same.
    const again = json<{ data: { planActions: unknown[] } }>(
      await users.pro!.call('GET', `/api/drift/scans/${result.id}`),
    ).data;
    expect(again.planActions).toEqual(result.planActions);
    // Free sees the counts only: not which resources the plan touches either.
    const free = await scan(users.free!, {
      actual: { kind: 'plan', content: JSON.stringify(plan) },
    });
    expect(free.planActions).toEqual([]);
  });

  it('takes an Azure what-if REST envelope: duplicates once, NoChange in sync, Unsupported unknown', async () => {
    // The REST envelope holds what-if's low-confidence list beside its changes.
    const doc = JSON.parse(whatIfRest()) as { properties: { potentialChanges?: unknown[] } };
    doc.properties.potentialChanges = [
      {
        resourceId: '/subscriptions/0/resourceGroups/rg/providers/Microsoft.Web/sites/app-web',
        changeType: 'Modify',
      },
    ];
    const result = await scan(users.pro!, {
      actual: { kind: 'whatif', content: JSON.stringify(doc) },
    });
    expect(result.summary).toMatchObject({ changed: 1, unknown: 1, inSync: 1 });
    // What the reader set aside is said, not dropped.
    expect(result.warnings).toEqual([
      "1 potential change(s) (what-if's low-confidence list) are not reported as drift.",
    ]);
    const unknown = result.changes.find((c) => c.status === 'unknown')!;
    expect(unknown.reason).toMatch(/reference\(\)/);
  });

  it('takes a driftctl report against a stored source', async () => {
    const pro = users.pro!;
    const sourceId = await importSource(pro, 'driftctl');
    const result = await scan(pro, {
      desired: { sourceId },
      actual: { kind: 'driftctl', content: driftctlReport() },
    });
    expect(result.summary).toMatchObject({ changed: 1, missing: 1, unmanaged: 1 });
    expect(result.changes.find((c) => c.status === 'changed')?.address).toBe(
      'aws_s3_bucket.assets',
    );
  });

  it('answers bad input with a clear 4xx and stores nothing', async () => {
    const pro = users.pro!;
    const count = async () =>
      Number(
        (
          await sql<{
            n: string;
          }>`SELECT count(*) AS n FROM drift_scans WHERE user_id = ${pro.userId}`.execute(server.db)
        ).rows[0]?.n,
      );
    const before = await count();
    const notJson = await pro.call('POST', '/api/drift/scans', {
      actual: { kind: 'plan', content: '{not json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(json(notJson)).toMatchObject({ code: 'drift/invalid_scan' });
    const noDesired = await pro.call('POST', '/api/drift/scans', {
      actual: { kind: 'snapshot', resourceType: 'aws_s3_bucket', content: bucketSnapshot() },
    });
    expect(noDesired.statusCode).toBe(400);
    const k8s = await pro.call('POST', '/api/drift/scans', {
      desired: { kind: 'tfstate', content: desiredState() },
      actual: { kind: 'k8s', clusterId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(k8s.statusCode).toBe(404);
    expect(json(k8s)).toMatchObject({ code: 'k8s/cluster_not_found' });
    const otherSource = await pro.call('POST', '/api/drift/scans', {
      desired: { sourceId: await importSource(users.free!) },
      actual: { kind: 'snapshot', resourceType: 'aws_s3_bucket', content: bucketSnapshot() },
    });
    expect(otherSource.statusCode).toBe(404);
    expect(await count()).toBe(before);
  });

  it('enterprise gets a pull-request patch against the project’s generated Terraform', async () => {
    const ent = users.enterprise!;
    const project = await createProject(ent, 'Drift shop');
    await insertTerraformGeneration(project);
    const sourceId = await importSource(ent);
    const result = await scan(ent, {
      desired: { sourceId },
      actual: { kind: 'snapshot', resourceType: 'aws_s3_bucket', content: bucketSnapshot() },
      projectId: project.id,
    });
    expect(result.access.autopr).toBe(true);
    const res = await ent.call('GET', `/api/drift/scans/${result.id}/patch`);
    expect(res.statusCode, res.body).toBe(200);
    const patch = json<{
      data: { projectId: string; diff: string; files: string[]; title: string };
    }>(res).data;
    expect(patch.projectId).toBe(project.id);
    expect(patch.diff).toContain('orphan-bucket');
    expect(patch.files.length).toBeGreaterThan(0);
  });

  it('a member of a shared project gets its patch too; someone outside it does not', async () => {
    const [owner, member, outsider] = await Promise.all([
      person(server),
      person(server),
      person(server),
    ]);
    const project = await createProject(owner, 'Shared drift shop');
    await insertTerraformGeneration(project);
    await share(owner, project.id, member, 'viewer');
    for (const [who, status] of [
      [member, 200],
      [outsider, 404],
    ] as const) {
      const result = await scan(who, {
        desired: { sourceId: await importSource(who) },
        actual: { kind: 'snapshot', resourceType: 'aws_s3_bucket', content: bucketSnapshot() },
        projectId: project.id,
      });
      const res = await who.call('GET', `/api/drift/scans/${result.id}/patch`);
      expect(res.statusCode, res.body).toBe(status);
    }
  });
});
