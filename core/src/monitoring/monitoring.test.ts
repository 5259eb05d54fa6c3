import { describe, expect, it } from 'vitest';
import { evaluateCertificate, evaluateHttp, evaluateK8sHealth } from './evaluate';
import { parseJsonPath, readJsonPath } from './json-path';
import { isInMaintenance } from './maintenance';
import { nextCheckState, type CheckStateInput } from './state';
import { latencyPercentiles, percentile, rollupByHour, uptimePercent } from './stats';
import { parseStatusRanges, statusMatches } from './status-codes';

describe('accepted status codes', () => {
  it('reads single codes and ranges, and matches a status against them', () => {
    const parsed = parseStatusRanges('200-299, 301 ,404');
    expect(parsed).toEqual({
      ranges: [
        { min: 200, max: 299 },
        { min: 301, max: 301 },
        { min: 404, max: 404 },
      ],
    });
    if (!('ranges' in parsed)) throw new Error('unreachable');
    expect(statusMatches(parsed.ranges, 204)).toBe(true);
    expect(statusMatches(parsed.ranges, 302)).toBe(false);
    expect(statusMatches(parsed.ranges, 404)).toBe(true);
  });

  it('says what is wrong with a bad list', () => {
    expect(parseStatusRanges('')).toEqual({
      error: 'Enter at least one status code, e.g. 200-299',
    });
    expect(parseStatusRanges('2xx')).toMatchObject({ error: expect.stringContaining('"2xx"') });
    expect(parseStatusRanges('299-200')).toMatchObject({
      error: expect.stringContaining('backwards'),
    });
    expect(parseStatusRanges('99')).toMatchObject({ error: expect.stringContaining('"99"') });
    expect(parseStatusRanges('600')).toMatchObject({ error: expect.stringContaining('100-599') });
  });
});

describe('JSON path', () => {
  it('reads dotted, indexed and quoted steps', () => {
    const doc = { data: { items: [{ state: 'ok' }], 'odd key': 3 } };
    const read = (p: string) => {
      const parsed = parseJsonPath(p);
      if ('error' in parsed) throw new Error(parsed.error);
      return readJsonPath(doc, parsed.path);
    };
    expect(read('$.data.items[0].state')).toBe('ok');
    expect(read('data.items[0].state')).toBe('ok');
    expect(read("$.data['odd key']")).toBe(3);
    expect(read('$.data.missing')).toBeUndefined();
    expect(read('$.data.items.state')).toBeUndefined();
  });

  it('refuses paths it cannot read', () => {
    expect(parseJsonPath('$.a[?(@.b)]')).toMatchObject({ error: expect.any(String) });
    expect(parseJsonPath('$')).toMatchObject({ error: expect.any(String) });
    expect(parseJsonPath('')).toMatchObject({ error: expect.any(String) });
  });

  it('does not walk into the prototype', () => {
    const parsed = parseJsonPath('$.constructor');
    if ('error' in parsed) throw new Error(parsed.error);
    expect(readJsonPath({}, parsed.path)).toBeUndefined();
  });
});

describe('HTTP verdicts', () => {
  const base = { expectedStatus: '200-299' };
  it('is up for an accepted status and down with the status named otherwise', () => {
    expect(evaluateHttp(base, { status: 204, body: '' })).toEqual({ isUp: true, error: null });
    expect(evaluateHttp(base, { status: 500, body: '' })).toEqual({
      isUp: false,
      error: 'Status 500, expected 200-299',
    });
  });
  it('checks a keyword and a JSON value', () => {
    expect(
      evaluateHttp({ ...base, keyword: 'healthy' }, { status: 200, body: 'all healthy' }).isUp,
    ).toBe(true);
    expect(
      evaluateHttp({ ...base, keyword: 'healthy' }, { status: 200, body: 'degraded' }).error,
    ).toBe('The answer does not contain "healthy"');
    const json = { ...base, jsonPath: '$.status', expectedValue: 'ok' };
    expect(evaluateHttp(json, { status: 200, body: '{"status":"ok"}' }).isUp).toBe(true);
    expect(evaluateHttp(json, { status: 200, body: '{"status":"fail"}' }).error).toBe(
      'ok expected at $.status, found fail',
    );
    expect(evaluateHttp(json, { status: 200, body: 'not json' }).error).toBe(
      'The answer is not JSON',
    );
    expect(
      evaluateHttp(
        { ...json, expectedValue: 'true', jsonPath: '$.ok' },
        { status: 200, body: '{"ok":true}' },
      ).isUp,
    ).toBe(true);
  });
});

describe('certificate verdicts', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  it('is up far from expiry, down inside the threshold and after expiry', () => {
    expect(evaluateCertificate(new Date('2027-03-01T00:00:00Z'), now, 14).isUp).toBe(true);
    const soon = evaluateCertificate(new Date('2026-12-05T12:00:00Z'), now, 14);
    expect(soon).toMatchObject({ isUp: false, daysLeft: 6 });
    expect(soon.error).toContain('expires in 6 days');
    expect(evaluateCertificate(new Date('2026-11-01T00:00:00Z'), now, 14).error).toContain(
      'expired on 2026-11-01',
    );
  });
});

describe('Kubernetes health', () => {
  const readyNode = {
    metadata: { name: 'n1' },
    status: { conditions: [{ type: 'Ready', status: 'True' }] },
  };
  const runningPod = (restartCount = 0, ready = true) => ({
    metadata: { name: 'web', namespace: 'default' },
    status: { phase: 'Running', containerStatuses: [{ ready, restartCount }] },
  });
  it('is up when nodes are ready, pods ready and deployments complete', () => {
    const verdict = evaluateK8sHealth(
      {
        nodes: [readyNode],
        pods: [runningPod(), { metadata: { name: 'job' }, status: { phase: 'Succeeded' } }],
        deployments: [
          { metadata: { name: 'web' }, spec: { replicas: 2 }, status: { availableReplicas: 2 } },
        ],
      },
      5,
    );
    expect(verdict).toMatchObject({ isUp: true, problems: [] });
  });
  it('names each problem', () => {
    const verdict = evaluateK8sHealth(
      {
        nodes: [
          {
            metadata: { name: 'n2' },
            status: { conditions: [{ type: 'Ready', status: 'False' }] },
          },
        ],
        pods: [runningPod(0, false), runningPod(9)],
        deployments: [
          {
            metadata: { name: 'api', namespace: 'prod' },
            spec: { replicas: 3 },
            status: { availableReplicas: 1 },
          },
        ],
      },
      5,
    );
    expect(verdict.isUp).toBe(false);
    expect(verdict.problems).toEqual([
      'Node n2 is not ready',
      'Pod default/web is not ready (Running)',
      'Pod default/web restarted 9 times',
      'Deployment prod/api has 1 of 3 replicas available',
    ]);
  });
});

describe('state changes with retries', () => {
  const run = (outcomes: boolean[], retries: number) => {
    let state: CheckStateInput = { state: 'pending', failStreak: 0 };
    const transitions: string[] = [];
    for (const isUp of outcomes) {
      const step = nextCheckState(state, isUp, retries);
      if (step.transition) transitions.push(step.transition);
      state = step;
    }
    return { transitions, state: state.state };
  };
  it('alerts down only after retries + 1 failures in a row, and up once', () => {
    expect(run([true, false, false, true], 2)).toEqual({ transitions: [], state: 'up' });
    expect(run([true, false, false, false, false, true, true], 2)).toEqual({
      transitions: ['down', 'up'],
      state: 'up',
    });
  });
  it('does not alert a new check coming up, but does one that starts down', () => {
    expect(run([true], 0)).toEqual({ transitions: [], state: 'up' });
    expect(run([false], 0)).toEqual({ transitions: ['down'], state: 'down' });
  });
});

describe('uptime and latency', () => {
  it('sums runs and rollups into a percentage', () => {
    expect(uptimePercent([])).toBeNull();
    expect(
      uptimePercent([
        { total: 3, up: 2 },
        { total: 1, up: 1 },
      ]),
    ).toBe(75);
    expect(uptimePercent([{ total: 3, up: 1 }])).toBe(33.333);
  });
  it('takes percentiles by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(latencyPercentiles(values)).toEqual({ p50: 50, p95: 95, p99: 99 });
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNull();
  });
  it('rolls runs up by UTC hour', () => {
    const at = (iso: string) => new Date(iso);
    const hours = rollupByHour([
      { at: at('2026-11-29T10:05:00Z'), isUp: true, latencyMs: 100 },
      { at: at('2026-11-29T10:55:00Z'), isUp: false, latencyMs: null },
      { at: at('2026-11-29T11:00:00Z'), isUp: true, latencyMs: 40 },
    ]);
    expect(hours).toEqual([
      {
        hour: at('2026-11-29T10:00:00Z'),
        total: 2,
        up: 1,
        latencyAvg: 100,
        p50: 100,
        p95: 100,
        p99: 100,
      },
      {
        hour: at('2026-11-29T11:00:00Z'),
        total: 1,
        up: 1,
        latencyAvg: 40,
        p50: 40,
        p95: 40,
        p99: 40,
      },
    ]);
  });
});

describe('maintenance windows', () => {
  const w = {
    startsAt: new Date('2026-11-29T10:00:00Z'),
    endsAt: new Date('2026-11-29T11:00:00Z'),
  };
  it('covers its checks (or all when none named) from its start to before its end', () => {
    expect(isInMaintenance([{ ...w, checkIds: [] }], 'a', new Date('2026-11-29T10:00:00Z'))).toBe(
      true,
    );
    expect(isInMaintenance([{ ...w, checkIds: [] }], 'a', new Date('2026-11-29T11:00:00Z'))).toBe(
      false,
    );
    expect(
      isInMaintenance([{ ...w, checkIds: ['b'] }], 'a', new Date('2026-11-29T10:30:00Z')),
    ).toBe(false);
    expect(
      isInMaintenance([{ ...w, checkIds: ['a'] }], 'a', new Date('2026-11-29T10:30:00Z')),
    ).toBe(true);
  });
});
