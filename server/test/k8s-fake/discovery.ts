/** `/version`, `/api`, `/api/v1`, `/apis`, `/apis/{g}`, `/apis/{g}/{v}` for the kinds served. */
import { createHash } from 'node:crypto';
import { groupVersion, KINDS, verbsOf, type KindInfo } from './kinds';

const GROUPS = ['apps', 'batch', 'networking.k8s.io'];

export const VERSION_INFO = {
  major: '1',
  minor: '36',
  emulationMajor: '1',
  emulationMinor: '36',
  minCompatibilityMajor: '1',
  minCompatibilityMinor: '35',
  gitVersion: 'v1.36.1',
  gitCommit: '0000000000000000000000000000000000000000',
  gitTreeState: 'clean',
  buildDate: '2026-09-10T12:00:00Z',
  goVersion: 'go1.26.0',
  compiler: 'gc',
  platform: 'linux/amd64',
};

function hash(info: KindInfo): string {
  return (
    createHash('sha256')
      .update(`${groupVersion(info)}/${info.kind}`)
      .digest('base64')
      .slice(0, 11) + '='
  );
}

function resourcesOf(group: string, version: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const info of KINDS.filter((i) => i.group === group && i.version === version)) {
    const main: Record<string, unknown> = {
      name: info.resource,
      singularName: info.singular,
      namespaced: info.namespaced,
      kind: info.kind,
      verbs: verbsOf(info),
    };
    if (info.shortNames.length) main.shortNames = info.shortNames;
    if (info.group === 'apps') main.categories = ['all'];
    main.storageVersionHash = hash(info);
    out.push(main);
    for (const sub of info.subresources) {
      out.push({
        name: `${info.resource}/${sub.name}`,
        singularName: '',
        namespaced: info.namespaced,
        ...(sub.kind === 'Scale' ? { group: 'autoscaling', version: 'v1' } : {}),
        kind: sub.kind,
        verbs: sub.verbs,
      });
    }
  }
  return out.sort((a, b) => String(a.name).localeCompare(String(b.name)));
}

function groupBody(name: string): Record<string, unknown> {
  const gv = { groupVersion: `${name}/v1`, version: 'v1' };
  return { name, versions: [gv], preferredVersion: gv };
}

/** The discovery document for a path, or undefined when the path is not a discovery path. */
export function discovery(path: string, serverAddress: string): unknown {
  if (path === '/version' || path === '/version/') return VERSION_INFO;
  if (path === '/api' || path === '/api/') {
    return {
      kind: 'APIVersions',
      versions: ['v1'],
      serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }],
    };
  }
  if (path === '/api/v1') {
    return { kind: 'APIResourceList', groupVersion: 'v1', resources: resourcesOf('', 'v1') };
  }
  if (path === '/apis' || path === '/apis/') {
    return { kind: 'APIGroupList', apiVersion: 'v1', groups: GROUPS.map(groupBody) };
  }
  const match = /^\/apis\/([^/]+)(?:\/([^/]+))?\/?$/.exec(path);
  if (match && GROUPS.includes(match[1]!)) {
    const [, group, version] = match;
    if (!version) return { kind: 'APIGroup', apiVersion: 'v1', ...groupBody(group!) };
    if (version === 'v1') {
      return {
        kind: 'APIResourceList',
        apiVersion: 'v1',
        groupVersion: `${group}/v1`,
        resources: resourcesOf(group!, 'v1'),
      };
    }
  }
  return undefined;
}
