/**
 * The kubeconfig fields Stratum refuses, and why (docs/k8s.md "Refused kubeconfig fields").
 * client-node acts on each of them as soon as it loads a config or makes a request: it reads
 * files, spawns programs, or sends the traffic through a proxy the paster chose. Both the
 * kubeconfig spelling and the camelCase one some tools write are refused.
 */
const NO_FILES = 'Stratum does not read files named in a kubeconfig';

const CLUSTER_FIELDS: Record<string, string> = {
  'certificate-authority': `${NO_FILES}; paste the certificate inline as certificate-authority-data`,
  certificateAuthority: `${NO_FILES}; paste the certificate inline as certificate-authority-data`,
  'proxy-url': 'Stratum connects to clusters directly, through its egress policy, never through a proxy named in a kubeconfig',
  proxyUrl: 'Stratum connects to clusters directly, through its egress policy, never through a proxy named in a kubeconfig',
};

const USER_FIELDS: Record<string, string> = {
  exec: 'Stratum does not run programs from a kubeconfig',
  'auth-provider': 'Stratum does not run auth-provider plugins (they run programs and write files); use a token or a client certificate',
  authProvider: 'Stratum does not run auth-provider plugins (they run programs and write files); use a token or a client certificate',
  'token-file': `${NO_FILES}; paste the token as token`,
  tokenFile: `${NO_FILES}; paste the token as token`,
  'client-certificate': `${NO_FILES}; paste the certificate as client-certificate-data`,
  clientCertificate: `${NO_FILES}; paste the certificate as client-certificate-data`,
  'client-key': `${NO_FILES}; paste the key as client-key-data`,
  clientKey: `${NO_FILES}; paste the key as client-key-data`,
  // Kubernetes removed basic authentication in 1.19; a password here would only go to a
  // server that is not a current Kubernetes API server.
  username: 'basic authentication was removed from Kubernetes in 1.19; use a token or a client certificate',
  password: 'basic authentication was removed from Kubernetes in 1.19; use a token or a client certificate',
  // client-node sends only Impersonate-User; dropping these would act with other rights than asked.
  'as-groups': 'impersonating groups is not supported (only as, a user name)',
  'as-uid': 'impersonating a UID is not supported (only as, a user name)',
  'as-user-extra': 'impersonating extra fields is not supported (only as, a user name)',
};

/** Why `key` of a cluster or user entry is refused; undefined when it is not. */
export function refusedFieldOf(
  list: 'clusters' | 'users',
  key: string,
  value: unknown,
): string | undefined {
  // An empty value (`proxy-url: ""`, `exec: null`, as some tools write) does nothing.
  if (value === undefined || value === null || value === '') return undefined;
  const table = list === 'clusters' ? CLUSTER_FIELDS : USER_FIELDS;
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
