#!/usr/bin/env node
// `npm run lint` runs this (through tsx: it reuses the Clusters page's schema check, a TypeScript
// module): every Kubernetes manifest under deploy/k8s is validated offline against the API's JSON
// schemas (`kubernetes-models`) with unknown fields rejected (client-node's models), then held to
// the rules docs/operating.md promises (two replicas, probes, non-root, read-only root, a PDB, …);
// deploy/Dockerfile and .dockerignore are linted for the basics. Prints every problem; exits 1.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { schemaProblems } from '../server/src/features/k8s/manifest-schema.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Names whose value is a credential: never a literal in a manifest, an ENV or an ARG. */
const SECRET_NAME =
  /SECRET|PASSWORD|PASSWD|TOKEN|API_KEY|PRIVATE_KEY|DATABASE_URL|REDIS_URL|SMTP_URL/i;
const EXAMPLE = /\.example\.ya?ml$/;

/** Every .yaml/.yml file below `dir`, relative to it, sorted. */
async function yamlFiles(dir, prefix = '') {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => {
      const relative = path.posix.join(prefix, e.name);
      if (e.isDirectory()) return yamlFiles(dir, relative);
      return /\.ya?ml$/.test(e.name) ? [relative] : [];
    }),
  );
  return nested.flat().sort();
}

/** The documents of every manifest file: { file, doc } with YAML errors reported. */
async function loadDocuments(dir, problems) {
  const documents = [];
  for (const file of await yamlFiles(dir)) {
    const text = await readFile(path.join(dir, file), 'utf8');
    for (const parsed of parseAllDocuments(text)) {
      if (parsed.errors.length > 0) {
        for (const error of parsed.errors) problems.push(`${file}: YAML: ${error.message}`);
        continue;
      }
      const doc = parsed.toJS();
      if (doc !== null && doc !== undefined) documents.push({ file, doc });
    }
  }
  return documents;
}

async function isKnownKind(apiVersion, kind) {
  if (!/^[A-Za-z0-9.]+(\/[a-z0-9]+)?$/.test(apiVersion) || !/^[A-Z][A-Za-z0-9]*$/.test(kind))
    return false;
  try {
    const module = await import(`kubernetes-models/${apiVersion}/${kind}`);
    return typeof module[kind] === 'function';
  } catch {
    return false;
  }
}

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const matches = (selector, labels) =>
  isObject(selector) &&
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([k, v]) => labels?.[k] === v);

/** Schema validity of one object: a known built-in kind, its JSON schema, no unknown field. */
async function checkSchema({ file, doc }, problems) {
  const where = `${file}: ${doc.kind ?? '?'}/${doc.metadata?.name ?? '?'}`;
  if (typeof doc.apiVersion !== 'string' || typeof doc.kind !== 'string') {
    problems.push(`${where}: apiVersion and kind are required`);
    return;
  }
  if (doc.kind === 'Kustomization') return;
  if (!(await isKnownKind(doc.apiVersion, doc.kind))) {
    problems.push(`${where}: ${doc.apiVersion} ${doc.kind} is not a Kubernetes kind`);
    return;
  }
  if (typeof doc.metadata?.name !== 'string' || doc.metadata.name === '')
    problems.push(`${where}: metadata.name is required`);
  for (const problem of await schemaProblems(doc.apiVersion, doc.kind, doc))
    problems.push(`${where}: ${problem}`);
}

/** Kustomization: every resource exists, every manifest (not the examples) is a resource. */
function checkKustomization(documents, problems) {
  const kustomizations = documents.filter((d) => d.doc.kind === 'Kustomization');
  if (kustomizations.length === 0) {
    problems.push('kustomization.yaml: missing (deploy/k8s is applied with kubectl apply -k)');
    return;
  }
  const files = new Set(documents.map((d) => d.file));
  const images = documents.flatMap(({ doc }) =>
    (doc.spec?.template?.spec?.containers ?? []).map((c) => String(c.image ?? '').split(':')[0]),
  );
  for (const { file, doc } of kustomizations) {
    for (const image of doc.images ?? [])
      if (!images.includes(image.name))
        problems.push(`${file}: images entry ${image.name} matches no container image`);
    const base = path.posix.dirname(file);
    const listed = new Set((doc.resources ?? []).map((r) => path.posix.join(base, r)));
    for (const resource of listed)
      if (!files.has(resource)) problems.push(`${file}: resource ${resource} does not exist`);
    for (const other of files) {
      const isHere = path.posix.dirname(other) === base;
      if (isHere && other !== file && !EXAMPLE.test(other) && !listed.has(other))
        problems.push(`${file}: ${other} is not listed in resources`);
    }
  }
}

function checkContainer(where, container, pod, mounts, problems) {
  const security = container.securityContext ?? {};
  const podSecurity = pod.securityContext ?? {};
  if (!container.image || /:latest$/.test(container.image))
    problems.push(`${where}: image must be set, and not to :latest`);
  if (container.readinessProbe?.httpGet?.path !== '/healthz')
    problems.push(`${where}: readinessProbe must be an httpGet of /healthz`);
  if (!container.livenessProbe) problems.push(`${where}: livenessProbe is missing`);
  for (const kind of ['requests', 'limits'])
    for (const resource of ['cpu', 'memory'])
      if (!container.resources?.[kind]?.[resource])
        problems.push(`${where}: resources.${kind}.${resource} is missing`);
  if (!(security.runAsNonRoot ?? podSecurity.runAsNonRoot))
    problems.push(`${where}: runAsNonRoot must be true`);
  if (security.readOnlyRootFilesystem !== true)
    problems.push(`${where}: readOnlyRootFilesystem must be true`);
  if (security.allowPrivilegeEscalation !== false)
    problems.push(`${where}: allowPrivilegeEscalation must be false`);
  if (!(security.capabilities?.drop ?? []).includes('ALL'))
    problems.push(`${where}: capabilities.drop must include ALL`);
  const seccomp = security.seccompProfile?.type ?? podSecurity.seccompProfile?.type;
  if (seccomp !== 'RuntimeDefault' && seccomp !== 'Localhost')
    problems.push(`${where}: seccompProfile must be RuntimeDefault`);
  const paths = new Set((container.volumeMounts ?? []).map((m) => m.mountPath));
  for (const required of ['/tmp', envValue(container, 'DATA_DIR') ?? '/data'])
    if (!paths.has(required) || !mounts.has(required))
      problems.push(`${where}: ${required} must be a writable (emptyDir or volume) mount`);
  for (const variable of container.env ?? [])
    if (SECRET_NAME.test(variable.name) && variable.value !== undefined)
      problems.push(`${where}: ${variable.name} must come from a Secret (valueFrom), not a value`);
}

const envValue = (container, name) => container.env?.find((e) => e.name === name)?.value;

/** The rules a Stratum deployment keeps (decision 0031), across the objects. */
function checkPolicy(documents, problems) {
  const of = (kind) => documents.filter((d) => d.doc.kind === kind);
  const deployments = of('Deployment');
  if (deployments.length === 0) problems.push('deploy/k8s: no Deployment');
  const secretKeys = new Map(
    of('Secret').map(({ doc }) => [
      doc.metadata?.name,
      Object.keys(doc.stringData ?? doc.data ?? {}),
    ]),
  );
  for (const { file, doc } of of('Secret'))
    if (!EXAMPLE.test(file))
      problems.push(`${file}: a Secret with values does not belong in the repository`);
  for (const { file, doc } of of('ConfigMap'))
    for (const key of Object.keys(doc.data ?? {}))
      if (SECRET_NAME.test(key)) problems.push(`${file}: ${key} belongs in a Secret`);

  for (const { file, doc } of deployments) {
    const where = `${file}: Deployment/${doc.metadata?.name}`;
    const pod = doc.spec?.template?.spec ?? {};
    const labels = doc.spec?.template?.metadata?.labels ?? {};
    if (!((doc.spec?.replicas ?? 1) >= 2)) problems.push(`${where}: replicas must be 2 or more`);
    if (!pod.topologySpreadConstraints?.length && !pod.affinity?.podAntiAffinity)
      problems.push(`${where}: spread the replicas (topologySpreadConstraints or podAntiAffinity)`);
    if (!(pod.terminationGracePeriodSeconds >= 15))
      problems.push(`${where}: terminationGracePeriodSeconds must cover the 10 s shutdown`);
    const mounts = new Set(
      (pod.containers ?? []).flatMap((c) =>
        (c.volumeMounts ?? [])
          .filter((m) =>
            (pod.volumes ?? []).some(
              (v) => v.name === m.name && (v.emptyDir || v.persistentVolumeClaim || v.ephemeral),
            ),
          )
          .map((m) => m.mountPath),
      ),
    );
    for (const container of pod.containers ?? []) {
      checkContainer(`${where} container ${container.name}`, container, pod, mounts, problems);
      for (const variable of container.env ?? []) {
        const ref = variable.valueFrom?.secretKeyRef;
        if (!ref || ref.optional) continue;
        const keys = secretKeys.get(ref.name);
        if (!keys?.includes(ref.key))
          problems.push(`${where}: secret ${ref.name} key ${ref.key} is not in the example Secret`);
      }
    }
    if (
      !of('PodDisruptionBudget').some(({ doc: b }) =>
        matches(b.spec?.selector?.matchLabels, labels),
      )
    )
      problems.push(`${where}: no PodDisruptionBudget selects its pods`);
    const services = of('Service').filter(({ doc: s }) => matches(s.spec?.selector, labels));
    if (services.length === 0) problems.push(`${where}: no Service selects its pods`);
    const portNames = new Set(
      (pod.containers ?? []).flatMap((c) => (c.ports ?? []).map((p) => p.name)),
    );
    for (const { file: sf, doc: s } of services)
      for (const port of s.spec?.ports ?? [])
        if (typeof port.targetPort === 'string' && !portNames.has(port.targetPort))
          problems.push(`${sf}: targetPort ${port.targetPort} is not a container port`);
  }

  const services = new Map(of('Service').map(({ doc }) => [doc.metadata?.name, doc]));
  for (const { file, doc } of of('Ingress')) {
    const backends = (doc.spec?.rules ?? []).flatMap((r) => r.http?.paths ?? []);
    for (const { backend } of backends) {
      const service = services.get(backend?.service?.name);
      const port = backend?.service?.port ?? {};
      const hasPort = service?.spec?.ports?.some(
        (p) => (port.name !== undefined && p.name === port.name) || p.port === port.number,
      );
      if (!service || !hasPort)
        problems.push(
          `${file}: backend ${backend?.service?.name}:${port.name ?? port.number} is not a Service port`,
        );
    }
  }
}

/** Problems of the manifests under `dir` (an empty list when all is well). */
export async function checkManifests(dir) {
  const problems = [];
  const documents = await loadDocuments(dir, problems);
  for (const document of documents) await checkSchema(document, problems);
  checkKustomization(documents, problems);
  checkPolicy(documents, problems);
  return { problems, count: documents.length };
}

/** Dockerfile instructions with their continuation lines joined, comments dropped. */
function instructions(text) {
  const joined = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
  return joined
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [, keyword = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
      return { keyword: keyword.toUpperCase(), rest };
    });
}

/** The basics of a production Dockerfile: pinned bases, several stages, non-root, no secrets. */
export function lintDockerfile(text) {
  const problems = [];
  const args = new Map();
  const stages = [];
  for (const { keyword, rest } of instructions(text)) {
    if (keyword === 'ARG') {
      const [, name, value] = /^([A-Za-z_][A-Za-z0-9_]*)(?:=(.*))?$/.exec(rest) ?? [];
      if (name && value !== undefined && !args.has(name))
        args.set(name, value.replace(/^"|"$/g, ''));
      if (name && SECRET_NAME.test(name) && value)
        problems.push(`ARG ${name} has a secret default`);
    } else if (keyword === 'FROM') {
      const image = rest
        .replace(/--platform=\S+\s+/, '')
        .split(/\s+/)[0]
        .replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_, n) => args.get(n) ?? '');
      stages.push({ image, user: undefined, hasCommand: false });
      const isEarlierStage = stages.slice(0, -1).some((s) => s.name === image);
      const alias = /\sAS\s+(\S+)/i.exec(rest)?.[1];
      stages.at(-1).name = alias;
      if (
        !isEarlierStage &&
        !/@sha256:[a-f0-9]{64}$/.test(image) &&
        !/:\d+\.\d+\.\d+[^:]*$/.test(image)
      )
        problems.push(`FROM ${image || rest}: pin the base image to a full version (or a digest)`);
    } else if (keyword === 'USER' && stages.length > 0) {
      stages.at(-1).user = rest.trim();
    } else if ((keyword === 'CMD' || keyword === 'ENTRYPOINT') && stages.length > 0) {
      stages.at(-1).hasCommand = true;
    } else if (keyword === 'ENV') {
      for (const [, name, value] of rest.matchAll(/([A-Za-z_][A-Za-z0-9_]*)[= ]("[^"]*"|\S*)/g))
        if (SECRET_NAME.test(name) && value.replace(/"/g, '') !== '')
          problems.push(`ENV ${name} puts a secret into the image`);
    } else if ((keyword === 'COPY' || keyword === 'ADD') && /(^|\s)\S*\.env(\s|$)/.test(rest)) {
      problems.push(`${keyword} ${rest}: never copy an .env file into the image`);
    } else if (keyword === 'ADD' && /https?:\/\//.test(rest)) {
      problems.push(`ADD ${rest}: download with a checksum in a RUN step instead`);
    }
  }
  if (stages.length < 2) problems.push('use a multi-stage build (build, then a small runtime)');
  const last = stages.at(-1);
  if (last && (!last.user || /^(root|0)(:|$)/.test(last.user)))
    problems.push('the final stage must switch to a non-root USER');
  if (last && !last.hasCommand) problems.push('the final stage needs an ENTRYPOINT or CMD');
  if (!instructions(text).some((i) => i.keyword === 'HEALTHCHECK'))
    problems.push('add a HEALTHCHECK (Kubernetes uses its own probes; Docker and Compose use it)');
  return problems;
}

/** The build context must leave out dependencies, build output, local data and secrets. */
export function lintDockerignore(text) {
  const lines = new Set(text.split(/\r?\n/).map((l) => l.trim()));
  return ['node_modules', 'dist', '.env', '.git', 'data']
    .filter((entry) => ![entry, `**/${entry}`, `/${entry}`].some((form) => lines.has(form)))
    .map((entry) => `.dockerignore: ${entry} must be excluded from the build context`);
}

/** Everything under deploy/ plus the root .dockerignore; the problems, each on one line. */
export async function checkDeploy(root = ROOT) {
  const { problems, count } = await checkManifests(path.join(root, 'deploy', 'k8s'));
  const dockerfile = path.join(root, 'deploy', 'Dockerfile');
  if (existsSync(dockerfile))
    problems.push(
      ...lintDockerfile(await readFile(dockerfile, 'utf8')).map((p) => `deploy/Dockerfile: ${p}`),
    );
  else problems.push('deploy/Dockerfile: missing');
  const ignore = path.join(root, '.dockerignore');
  problems.push(...lintDockerignore(existsSync(ignore) ? await readFile(ignore, 'utf8') : ''));
  return { problems, count };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { problems, count } = await checkDeploy();
  if (problems.length > 0) {
    process.stderr.write(
      `deploy/ has ${problems.length} problem(s):\n  ${problems.join('\n  ')}\n`,
    );
    process.exit(1);
  }
  process.stdout.write(
    `deploy/: ${count} documents valid against the Kubernetes schemas; Dockerfile and .dockerignore pass.\n`,
  );
}
