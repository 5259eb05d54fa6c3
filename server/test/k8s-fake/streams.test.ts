import { PassThrough, Readable } from 'node:stream';
import { CoreV1Api, Exec, Log, type V1Status } from '@kubernetes/client-node';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubeConfigFor, raw } from './fake-kube-helpers';
import { startFakeKube, type FakeKube } from './index';

let kube: FakeKube;

beforeAll(async () => {
  kube = await startFakeKube();
});
afterAll(() => kube.close());

function sink(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('logs', { timeout: 120_000 }, () => {
  it('returns the tail with RFC3339Nano timestamps', async () => {
    kube.setLogs('shop', 'web-7d4b9c8f5-h2x9q', 'web', [
      { time: '2026-11-28T10:00:00.123Z', text: 'one' },
      { time: '2026-11-28T10:00:01Z', text: 'two' },
      { time: '2026-11-28T10:00:02Z', text: 'three' },
    ]);
    const out = sink();
    await new Log(kubeConfigFor(kube)).log('shop', 'web-7d4b9c8f5-h2x9q', '', out.stream, {
      tailLines: 2,
      timestamps: true,
    });
    await until(() => out.text().includes('three'));
    expect(out.text()).toBe(
      '2026-11-28T10:00:01.000000000Z two\n2026-11-28T10:00:02.000000000Z three\n',
    );
  });

  it('keeps a follow stream open and pushes appended lines until the container ends', async () => {
    kube.setLogs('shop', 'db-0', 'postgres', ['ready']);
    const out = sink();
    let finished = false;
    out.stream.on('end', () => (finished = true));
    const controller = await new Log(kubeConfigFor(kube)).log(
      'shop',
      'db-0',
      'postgres',
      out.stream,
      { follow: true },
    );
    await until(() => out.text() === 'ready\n');
    kube.appendLog('shop', 'db-0', 'postgres', ['checkpoint starting', 'checkpoint complete']);
    await until(() => out.text() === 'ready\ncheckpoint starting\ncheckpoint complete\n');
    expect(finished).toBe(false);
    kube.endLog('shop', 'db-0', 'postgres');
    await until(() => finished);
    controller.abort();
  });

  it('needs a container name for a multi-container pod (400 with the real text)', async () => {
    const response = await raw(kube, '/api/v1/namespaces/shop/pods/db-0/log');
    expect(response.status).toBe(400);
    expect(response.json().message).toBe(
      'a container name must be specified for pod db-0, choose one of: [postgres metrics]',
    );
    const invalid = await raw(
      kube,
      '/api/v1/namespaces/shop/pods/db-0/log?container=postgres&sinceSeconds=-5',
    );
    expect(invalid.status).toBe(422);
    expect(invalid.json().message).toBe(
      'PodLogOptions "db-0" is invalid: sinceSeconds: Invalid value: -5: must be greater than 0',
    );
  });
});

async function run(
  command: string[],
  options: { stdin?: Readable; container?: string; tty?: boolean; pod?: string } = {},
) {
  const out = sink();
  const err = sink();
  let status: V1Status | undefined;
  const ws = await new Exec(kubeConfigFor(kube)).exec(
    'shop',
    options.pod ?? 'web-7d4b9c8f5-h2x9q',
    options.container ?? 'web',
    command,
    out.stream,
    err.stream,
    options.stdin ?? null,
    options.tty ?? false,
    (s) => (status = s),
  );
  await until(() => status !== undefined);
  return { stdout: out.text(), stderr: err.text(), status: status!, protocol: ws.protocol };
}

describe('exec', { timeout: 120_000 }, () => {
  it('runs echo over v5 and reports Success on channel 3', async () => {
    const result = await run(['echo', 'hello', 'world']);
    expect(result).toEqual({
      stdout: 'hello world\n',
      stderr: '',
      status: { metadata: {}, status: 'Success' },
      protocol: 'v5.channel.k8s.io',
    });
  });

  it('separates stderr and carries a non-zero exit code the way the real server does', async () => {
    const result = await run(['sh', '-c', 'echo out; echo oops >&2; exit 3']);
    expect(result.stdout).toBe('out\n');
    expect(result.stderr).toBe('oops\n');
    expect(result.status).toEqual({
      metadata: {},
      status: 'Failure',
      message:
        'command terminated with non-zero exit code: error executing command [sh -c echo out; echo oops >&2; exit 3], exit code 3',
      reason: 'NonZeroExitCode',
      details: { causes: [{ reason: 'ExitCode', message: '3' }] },
    });
  });

  it('echoes stdin back with cat until stdin closes (v5 close frame)', async () => {
    const result = await run(['cat'], { stdin: Readable.from(['line one\n', 'line two\n']) });
    expect(result.stdout).toBe('line one\nline two\n');
    expect(result.status.status).toBe('Success');
  });

  it('prints the container env, and fails an unknown command with an InternalError Status', async () => {
    const env = await run(['env'], { pod: 'db-0', container: 'postgres' });
    expect(env.stdout).toContain('POSTGRES_DB=shop\n');
    expect(env.stdout).toContain('HOSTNAME=db-0\n');
    const unknown = await run(['kubectl-nope']);
    expect(unknown.status).toMatchObject({ status: 'Failure', reason: 'InternalError', code: 500 });
    expect(unknown.status.message).toContain('executable file not found in $PATH');
  });

  it('speaks v4 to a client that offers only v4, and answers pre-upgrade errors as HTTP Status', async () => {
    const url = `${kube.url.replace('https', 'wss')}/api/v1/namespaces/shop/pods/web-7d4b9c8f5-h2x9q/exec?command=echo&command=v4&stdout=true`;
    const frames: Buffer[] = [];
    const ws = new WebSocket(url, ['v4.channel.k8s.io'], {
      ca: kube.caPem,
      headers: { authorization: `Bearer ${kube.token}` },
    });
    ws.on('message', (data: Buffer) => frames.push(data));
    await new Promise((resolve) => ws.on('close', resolve));
    expect(ws.protocol).toBe('v4.channel.k8s.io');
    expect(frames.map((f) => [f[0], f.subarray(1).toString()])).toEqual([
      [1, ''],
      [1, 'v4\n'],
      [3, '{"metadata":{},"status":"Success"}'],
    ]);

    const denied = new WebSocket(url, ['v5.channel.k8s.io'], {
      ca: kube.caPem,
      headers: { authorization: `Bearer ${kube.readOnlyToken}` },
    });
    const status = await new Promise<number>((resolve) =>
      denied.on('unexpected-response', (_req, res) => resolve(res.statusCode!)),
    );
    expect(status).toBe(403);
    const multi = await raw(kube, '/api/v1/namespaces/shop/pods/db-0/exec?command=ls&stdout=true');
    expect(multi.status).toBe(400);
  });

  it('runs an interactive shell under a tty and records the session', async () => {
    const stdin = new PassThrough();
    const out = sink();
    let status: V1Status | undefined;
    await new Exec(kubeConfigFor(kube)).exec(
      'shop',
      'web-7d4b9c8f5-h2x9q',
      'web',
      ['sh'],
      out.stream,
      null,
      stdin,
      true,
      (s) => (status = s),
    );
    stdin.write('echo hi\r');
    await until(() => out.text().includes('hi\r\n'));
    stdin.write('exit 4\r');
    await until(() => status !== undefined);
    expect(out.text()).toBe('# echo hi\r\nhi\r\n# exit 4\r\n');
    expect(status?.details?.causes?.[0]).toEqual({ reason: 'ExitCode', message: '4' });
    expect(kube.execSessions.at(-1)).toMatchObject({
      command: ['sh'],
      tty: true,
      stderr: false,
      exitCode: 4,
    });
  });
});

describe('plain http', { timeout: 120_000 }, () => {
  it('serves over http for a kubeconfig with insecure-skip-tls-verify', async () => {
    const plain = await startFakeKube({ http: true });
    try {
      expect(plain.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(plain.kubeconfig()).toContain('insecure-skip-tls-verify: true');
      const core = kubeConfigFor(plain).makeApiClient(CoreV1Api);
      expect((await core.listNamespace()).items.length).toBe(5);
    } finally {
      await plain.close();
    }
  });
});
