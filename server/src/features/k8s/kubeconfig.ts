import { parseDocument } from 'yaml';
import { K8S_LIMITS } from '@stratum/core/contract/k8s/cluster';
import { AppError } from '../../lib/errors';
import { refusedFieldOf } from './kubeconfig-rules';

/** The API server of one context, as stored (sealed). Only inline credentials exist here. */
export interface KubeClusterEntry {
  name: string;
  /** The URL without a trailing slash. */
  server: string;
  /** Base64 PEM, as in the kubeconfig. */
  caData?: string;
  skipTLSVerify: boolean;
  tlsServerName?: string;
}

export interface KubeUserEntry {
  name: string;
  token?: string;
  /** Base64 PEM client certificate and key, as in the kubeconfig. */
  certData?: string;
  keyData?: string;
  /** `as`: the user to impersonate (Impersonate-User). */
  impersonate?: string;
}

/** One context with everything needed to reach its cluster: what is sealed at rest. */
export interface KubeContextEntry {
  v: 1;
  context: string;
  namespace: string;
  cluster: KubeClusterEntry;
  user: KubeUserEntry;
}

export interface ParsedKubeconfig {
  contexts: KubeContextEntry[];
  warnings: string[];
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const invalid = (message: string) => new AppError('k8s/kubeconfig_invalid', message);

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/**
 * Reads a pasted kubeconfig (YAML or JSON) as hostile input: size-capped, one document, no
 * custom tags, aliases bounded; every field that would make Stratum read a file, run a program
 * or go through a proxy is refused with a 400 naming it (kubeconfig-rules.ts). Nothing here
 * touches the disk or the network; the servers' addresses are checked by the caller.
 */
export function parseKubeconfig(text: string): ParsedKubeconfig {
  if (Buffer.byteLength(text, 'utf8') > K8S_LIMITS.kubeconfigBytes) {
    throw invalid(`The kubeconfig is larger than ${K8S_LIMITS.kubeconfigBytes / 1024} KB`);
  }
  if (!text.trim()) throw invalid('The kubeconfig is empty');
  const root = readYaml(text);
  refuseHostileFields(root);
  const clusters = namedEntries(root, 'clusters', 'cluster');
  const users = namedEntries(root, 'users', 'user');
  const contexts = namedEntries(root, 'contexts', 'context');
  if (contexts.length === 0) throw invalid('The kubeconfig has no contexts');
  const warnings: string[] = [];
  const parsed = contexts.map(({ name, body, path }) => {
    const clusterName = requiredString(body, 'cluster', `${path}.context.cluster`);
    const userName = requiredString(body, 'user', `${path}.context.user`);
    const cluster = clusters.find((c) => c.name === clusterName);
    if (!cluster) throw invalid(`${path}.context.cluster "${clusterName}" is not in clusters`);
    const user = users.find((u) => u.name === userName);
    if (!user) throw invalid(`${path}.context.user "${userName}" is not in users`);
    const namespace = optionalString(body, 'namespace', `${path}.context.namespace`) ?? 'default';
    if (namespace.length > 63 || !DNS_LABEL.test(namespace)) {
      throw invalid(`${path}.context.namespace "${namespace}" is not a Kubernetes namespace name`);
    }
    const entry: KubeContextEntry = {
      v: 1,
      context: name,
      namespace,
      cluster: readCluster(cluster.name, cluster.body, `${cluster.path}.cluster`),
      user: readUser(user.name, user.body, `${user.path}.user`),
    };
    if (entry.cluster.skipTLSVerify) {
      warnings.push(
        `Context "${name}": TLS to ${entry.cluster.server} is not verified (insecure-skip-tls-verify); anyone on the path can read and change the traffic`,
      );
    }
    return entry;
  });
  return { contexts: parsed, warnings };
}

function readYaml(text: string): Json {
  // YAML 1.2 core schema: no custom or language tags, no merge keys; JSON is a subset of it.
  const doc = parseDocument(text, {
    schema: 'core',
    merge: false,
    uniqueKeys: true,
    prettyErrors: false,
  });
  const error = doc.errors[0];
  if (error) {
    const message = error.code === 'MULTIPLE_DOCS' ? 'it holds more than one document' : error.message;
    throw invalid(`The kubeconfig is not valid YAML or JSON: ${message.split('\n')[0]}`);
  }
  if (doc.warnings.some((w) => w.code === 'TAG_RESOLVE_FAILED')) {
    throw invalid('The kubeconfig uses a YAML tag Stratum does not read');
  }
  let value: unknown;
  try {
    // A small alias budget: a kubeconfig needs none, and a "billion laughs" needs thousands.
    value = doc.toJS({ maxAliasCount: 20 });
  } catch (error) {
    throw invalid(`The kubeconfig could not be read: ${(error as Error).message}`);
  }
  if (!isObject(value)) {
    throw invalid('The kubeconfig must be a mapping with clusters, users and contexts');
  }
  return value;
}

/** Every cluster and user entry is checked, used by a context or not. */
function refuseHostileFields(root: Json): void {
  for (const list of ['clusters', 'users'] as const) {
    const items = root[list];
    if (!Array.isArray(items)) continue;
    items.forEach((item, i) => {
      const body = isObject(item) ? item[list === 'clusters' ? 'cluster' : 'user'] : undefined;
      if (!isObject(body)) return;
      const path = `${list}[${i}].${list === 'clusters' ? 'cluster' : 'user'}`;
      for (const key of Object.keys(body)) {
        const refusal = refusedFieldOf(list, key, body[key]);
        if (refusal) throw new AppError('k8s/kubeconfig_refused', `${path}.${key} is not allowed: ${refusal}`);
      }
    });
  }
}

function namedEntries(root: Json, list: string, field: string) {
  const items = root[list] ?? [];
  if (!Array.isArray(items)) throw invalid(`${list} must be a list`);
  const seen = new Set<string>();
  return items.map((item, i) => {
    const path = `${list}[${i}]`;
    if (!isObject(item)) throw invalid(`${path} must be a mapping`);
    const name = requiredString(item, 'name', `${path}.name`);
    if (name.length > 253) throw invalid(`${path}.name is longer than 253 characters`);
    if (seen.has(name)) throw invalid(`${path}.name "${name}" appears twice in ${list}`);
    seen.add(name);
    const body = item[field];
    if (!isObject(body)) throw invalid(`${path}.${field} is missing`);
    return { name, body, path };
  });
}

function readCluster(name: string, body: Json, path: string): KubeClusterEntry {
  const raw = requiredString(body, 'server', `${path}.server`);
  const skip = body['insecure-skip-tls-verify'] ?? false;
  if (typeof skip !== 'boolean') throw invalid(`${path}.insecure-skip-tls-verify must be true or false`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid(`${path}.server "${raw}" is not a URL`);
  }
  if (url.protocol === 'http:' && !skip) {
    throw new AppError(
      'k8s/kubeconfig_refused',
      `${path}.server is not allowed: ${raw} is not https (plain http only with insecure-skip-tls-verify: true)`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppError('k8s/kubeconfig_refused', `${path}.server is not allowed: ${raw} is not https`);
  }
  if (url.username || url.password || url.search || url.hash || !url.hostname) {
    throw invalid(`${path}.server must be a plain URL: no user, password, query or fragment`);
  }
  const caData = pemData(body, 'certificate-authority-data', `${path}`, 'CERTIFICATE');
  const tlsServerName = optionalString(body, 'tls-server-name', `${path}.tls-server-name`);
  return {
    name,
    server: url.toString().replace(/\/$/, ''),
    ...(caData && { caData }),
    skipTLSVerify: skip,
    ...(tlsServerName && { tlsServerName }),
  };
}

function readUser(name: string, body: Json, path: string): KubeUserEntry {
  const token = optionalString(body, 'token', `${path}.token`);
  if (token !== undefined && (/[\r\n\0]/.test(token) || !token.trim())) {
    throw invalid(`${path}.token must be one line of text`);
  }
  const certData = pemData(body, 'client-certificate-data', path, 'CERTIFICATE');
  const keyData = pemData(body, 'client-key-data', path, 'PRIVATE KEY');
  if (Boolean(certData) !== Boolean(keyData)) {
    throw invalid(`${path} needs both client-certificate-data and client-key-data, or neither`);
  }
  if (!token && !certData) {
    throw invalid(
      `${path} has no credentials Stratum can use: a token, or client-certificate-data with client-key-data`,
    );
  }
  const impersonate = optionalString(body, 'as', `${path}.as`);
  return {
    name,
    ...(token && { token: token.trim() }),
    ...(certData && { certData, keyData }),
    ...(impersonate && { impersonate }),
  };
}

/** A base64 PEM field: decoded once here so a broken one is a 400 now, not a TLS error later. */
function pemData(body: Json, key: string, path: string, label: string): string | undefined {
  const value = optionalString(body, key, `${path}.${key}`);
  if (value === undefined) return undefined;
  const compact = value.replace(/\s+/g, '');
  const pem = /^[A-Za-z0-9+/]*={0,2}$/.test(compact) ? Buffer.from(compact, 'base64').toString('latin1') : '';
  if (!new RegExp(`-----BEGIN [A-Z ]*${label}-----`).test(pem)) {
    throw invalid(`${path}.${key} is not a base64-encoded PEM ${label.toLowerCase()}`);
  }
  return compact;
}

function requiredString(body: Json, key: string, path: string): string {
  const value = optionalString(body, key, path);
  if (!value) throw invalid(`${path} is missing`);
  return value;
}

function optionalString(body: Json, key: string, path: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw invalid(`${path} must be text`);
  return value;
}
