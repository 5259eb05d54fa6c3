import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectDrift } from '../detect';
import { SENSITIVE_MASK } from '../normalize';
import { actualOf, desiredOf } from '../test-helpers';
import { readActual } from '.';

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
const desired = (name = 'state.tfstate') => desiredOf(fixture(name));
const actual = (kind: Parameters<typeof actualOf>[0], name: string, type?: string) =>
  actualOf(kind, fixture(name), type);

describe('plan resource_drift', () => {
  const plan = actual('plan', 'plan-drift.json');

  it('reads a deleted resource without address or key as missing, at the instance the plan knows', () => {
    expect(plan.value.verdicts.find((v) => v.status === 'missing')).toMatchObject({
      address: 'aws_lambda_permission.allow_events[0]',
      id: 'perm-0002',
      resourceType: 'aws_lambda_permission',
    });
  });

  it('drops an update whose before and after are identical, and null → {} tags, as noise', () => {
    expect(plan.value.verdicts.map((v) => v.address)).not.toContain('aws_cloudwatch_log_group.app');
    expect(plan.value.verdicts.map((v) => v.address)).not.toContain('aws_instance.web');
    expect(plan.value.noise).toMatchObject({ 'refresh-equal': 1, 'empty-equivalent': 2 });
  });

  it('reports a real change on a moved resource at its new address, sensitive values masked', () => {
    const v = plan.value.verdicts.find((x) => x.status === 'changed');
    expect(v).toMatchObject({
      address: 'aws_instance.api_moved',
      previousAddress: 'aws_instance.api',
    });
    expect(v?.attributes).toEqual([
      { path: ['ami'], before: 'ami-0old', after: 'ami-0new' },
      { path: ['user_data'], before: SENSITIVE_MASK, after: SENSITIVE_MASK },
    ]);
  });

  it('carries the desired side: the state before refresh, deleted resources included', () => {
    const d = plan.desired ?? [];
    expect(d.map((r) => r.address).sort()).toEqual([
      'aws_cloudwatch_log_group.app',
      'aws_instance.api_moved',
      'aws_instance.web',
      'aws_lambda_permission.allow_events[0]',
    ]);
    expect(d.find((r) => r.address === 'aws_instance.api_moved')?.attributes.ami).toBe('ami-0old');
  });

  it('alone gives the full picture: one changed, one missing, the rest in sync', () => {
    const r = detectDrift(plan.desired ?? null, plan.value, { ignoreRules: [] });
    expect(r.summary).toEqual({
      inSync: 2,
      changed: 1,
      missing: 1,
      unmanaged: 0,
      unknown: 0,
      notChecked: 0,
    });
  });

  it('matches a moved resource with a state that still has the old address', () => {
    const d = [
      {
        address: 'aws_instance.api',
        type: 'aws_instance',
        id: 'i-0api',
        attributes: {},
        sensitivePaths: [],
      },
    ];
    const r = detectDrift(d, plan.value, { ignoreRules: [] });
    expect(r.changes.find((c) => c.status === 'changed')?.address).toBe('aws_instance.api_moved');
    expect(r.summary.notChecked).toBe(0);
  });

  it('lists planned actions, a replace with its reason and paths (not drift)', () => {
    expect(plan.value.planActions).toEqual([
      {
        address: 'aws_lambda_permission.allow_events[0]',
        previousAddress: null,
        type: 'aws_lambda_permission',
        action: 'create',
        reason: null,
        replacePaths: [],
      },
      {
        address: 'aws_instance.web',
        previousAddress: null,
        type: 'aws_instance',
        action: 'replace',
        reason: 'replace_because_cannot_update',
        replacePaths: ['ami'],
      },
      {
        address: 'aws_instance.api_moved',
        previousAddress: 'aws_instance.api',
        type: 'aws_instance',
        action: 'update',
        reason: null,
        replacePaths: [],
      },
    ]);
  });

  it('reads a refresh-only plan: drift inside a block, unset-list noise, the other resource in sync', () => {
    const p = actual('plan', 'plan-refresh-only.json');
    const r = detectDrift(p.desired ?? null, p.value, { ignoreRules: [] });
    expect(r.summary).toMatchObject({ changed: 1, inSync: 1 });
    expect(r.changes[0]?.attributes).toEqual([
      { path: ['tags', 'env'], before: 'prod', after: 'staging' },
    ]);
    expect(p.value.planActions).toEqual([]);
  });

  it('reads a refreshed state as a cloud read of every type it holds', () => {
    const state = readActual(
      'plan',
      JSON.stringify({
        format_version: '1.0',
        values: {
          root_module: {
            resources: [
              {
                address: 'aws_iam_role.worker[0]',
                mode: 'managed',
                type: 'aws_iam_role',
                name: 'worker',
                index: 0,
                values: { id: 'worker_0', description: 'new' },
              },
            ],
          },
        },
      }),
    );
    if (!state.ok) throw new Error(state.message);
    const r = detectDrift(desired(), state.value, { ignoreRules: [] });
    expect(r.summary).toMatchObject({ changed: 1, missing: 1 });
    expect(r.changes.find((c) => c.status === 'missing')?.address).toBe('aws_iam_role.worker[1]');
  });

  it('refuses what is not a plan with a message', () => {
    expect(readActual('plan', '')).toEqual({
      ok: false,
      message: 'The plan (terraform show -json) is empty.',
    });
    const r = readActual('plan', '{"version": 3, "modules": []}');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/3/);
  });
});
