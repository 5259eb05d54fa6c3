import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { AppError } from '../../lib/errors';
import { parseKubeconfig } from './kubeconfig';

const pem = (label: string) =>
  Buffer.from(`-----BEGIN ${label}-----\nMIIBfake\n-----END ${label}-----\n`).toString('base64');

function config(
  cluster: Record<string, unknown> = {},
  user: Record<string, unknown> = {},
  context: Record<string, unknown> = {},
) {
  return {
    apiVersion: 'v1',
    kind: 'Config',
    'current-context': 'prod',
    clusters: [
      {
        name: 'prod-cluster',
        cluster: { server: 'https://k8s.example.com:6443', 'certificate-authority-data': pem('CERTIFICATE'), ...cluster },
      },
    ],
    users: [{ name: 'alice', user: { token: 'abc.def', ...user } }],
    contexts: [{ name: 'prod', context: { cluster: 'prod-cluster', user: 'alice', namespace: 'shop', ...context } }],
  };
}

function refusal(text: string): AppError {
  try {
    parseKubeconfig(text);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('parseKubeconfig', () => {
  it('reads a YAML kubeconfig into one entry per context with inline credentials only', () => {
    const { contexts, warnings } = parseKubeconfig(stringify(config()));
    expect(warnings).toEqual([]);
    expect(contexts).toEqual([
      {
        v: 1,
        context: 'prod',
        namespace: 'shop',
        cluster: {
          name: 'prod-cluster',
          server: 'https://k8s.example.com:6443',
          caData: pem('CERTIFICATE'),
          skipTLSVerify: false,
        },
        user: { name: 'alice', token: 'abc.def' },
      },
    ]);
  });

  it('reads the same kubeconfig as JSON, and a client certificate instead of a token', () => {
    const json = JSON.stringify(
      config({}, { token: undefined, 'client-certificate-data': pem('CERTIFICATE'), 'client-key-data': pem('RSA PRIVATE KEY') }),
    );
    const [entry] = parseKubeconfig(json).contexts;
    expect(entry?.user).toEqual({ name: 'alice', certData: pem('CERTIFICATE'), keyData: pem('RSA PRIVATE KEY') });
  });

  it.each([
    ['users', { exec: { command: 'aws', args: ['eks', 'get-token'] } }, 'users[0].user.exec is not allowed: Stratum does not run programs from a kubeconfig'],
    ['users', { 'auth-provider': { name: 'oidc' } }, 'users[0].user.auth-provider is not allowed'],
    ['users', { 'token-file': '/var/run/secrets/token' }, 'users[0].user.token-file is not allowed'],
    ['users', { tokenFile: '/etc/passwd' }, 'users[0].user.tokenFile is not allowed'],
    ['users', { 'client-certificate': '/home/a/.kube/a.crt' }, 'users[0].user.client-certificate is not allowed'],
    ['users', { 'client-key': '/home/a/.kube/a.key' }, 'users[0].user.client-key is not allowed'],
    ['users', { username: 'admin', password: 'secret' }, 'users[0].user.username is not allowed: basic authentication'],
    ['clusters', { 'certificate-authority': '/etc/ssl/ca.crt' }, 'clusters[0].cluster.certificate-authority is not allowed'],
    ['clusters', { 'proxy-url': 'socks5://evil:1080' }, 'clusters[0].cluster.proxy-url is not allowed'],
    ['clusters', { server: 'http://k8s.example.com' }, 'clusters[0].cluster.server is not allowed: http://k8s.example.com is not https'],
  ] as const)('refuses %s field %j with a message naming it', (list, field, message) => {
    const text = stringify(list === 'users' ? config({}, field) : config(field));
    const error = refusal(text);
    expect(error.code).toBe('k8s/kubeconfig_refused');
    expect(error.status).toBe(400);
    expect(error.message).toContain(message);
  });

  it('refuses a hostile entry even when no context uses it', () => {
    const raw = config();
    raw.users.push({ name: 'other', user: { exec: { command: 'sh' } } as never });
    expect(refusal(stringify(raw)).message).toContain('users[1].user.exec is not allowed');
  });

  it('accepts plain http only with insecure-skip-tls-verify, and warns', () => {
    const { contexts, warnings } = parseKubeconfig(
      stringify(config({ server: 'http://k8s.example.com:8080', 'insecure-skip-tls-verify': true, 'certificate-authority-data': undefined })),
    );
    expect(contexts[0]?.cluster.skipTLSVerify).toBe(true);
    expect(warnings).toEqual([expect.stringContaining('Context "prod": TLS to http://k8s.example.com:8080 is not verified')]);
  });

  it.each([
    ['', 'The kubeconfig is empty'],
    ['   \n', 'The kubeconfig is empty'],
    ['clusters: [\n', 'The kubeconfig is not valid YAML or JSON'],
    ['a: 1\n---\nb: 2\n', 'more than one document'],
    ['- just\n- a list\n', 'must be a mapping'],
    [stringify({ ...config(), contexts: [] }), 'The kubeconfig has no contexts'],
    [stringify({ clusters: [], users: [] }), 'The kubeconfig has no contexts'],
    [stringify(config({}, {}, { cluster: 'missing' })), 'contexts[0].context.cluster "missing" is not in clusters'],
    [stringify(config({}, {}, { user: 'nobody' })), 'contexts[0].context.user "nobody" is not in users'],
    [stringify(config({}, { token: undefined })), 'has no credentials Stratum can use'],
    [stringify(config({ 'certificate-authority-data': 'bm90IGEgY2VydA==' })), 'is not a base64-encoded PEM certificate'],
    [stringify(config({}, {}, { namespace: 'Not_A_Namespace' })), 'is not a Kubernetes namespace name'],
    ['!!js/function "x"\n', 'YAML tag'],
  ])('refuses %j with a clear 400', (text, message) => {
    const error = refusal(text);
    expect(error.code).toBe('k8s/kubeconfig_invalid');
    expect(error.status).toBe(400);
    expect(error.message).toContain(message);
  });

  it('refuses a kubeconfig past the size cap before parsing it', () => {
    const error = refusal(`# ${'x'.repeat(300 * 1024)}\n${stringify(config())}`);
    expect(error.message).toBe('The kubeconfig is larger than 256 KB');
  });

  it('survives an alias bomb with a 400', () => {
    const lines = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 10; i += 1) {
      lines.push(`a${i}: &a${i} [${Array.from({ length: 10 }, () => `*a${i - 1}`).join(', ')}]`);
    }
    const error = refusal(`${lines.join('\n')}\n`);
    expect(error.code).toBe('k8s/kubeconfig_invalid');
  });
});
