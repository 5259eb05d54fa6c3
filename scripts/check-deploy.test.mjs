// The offline deploy check (scripts/check-deploy.mjs, run by `npm run lint`): the shipped
// manifests and Dockerfile pass, and each kind of breakage fails with a message naming it.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDeploy, checkManifests, lintDockerfile, lintDockerignore } from './check-deploy.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const K8S = path.join(ROOT, 'deploy', 'k8s');
const copies = [];

/** A copy of deploy/k8s with `file` rewritten by `edit`. */
async function brokenCopy(file, edit) {
  const dir = await mkdtemp(path.join(tmpdir(), 'stratum-k8s-'));
  copies.push(dir);
  await cp(K8S, dir, { recursive: true });
  const target = path.join(dir, file);
  await writeFile(target, edit(await readFile(target, 'utf8')));
  return dir;
}

afterEach(async () => {
  await Promise.all(copies.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('check-deploy', () => {
  it('passes the shipped manifests, Dockerfile and .dockerignore', async () => {
    const { problems, count } = await checkDeploy(ROOT);
    expect(problems).toEqual([]);
    expect(count).toBeGreaterThanOrEqual(7);
  }, 30_000);

  it('fails a misspelt field, a wrong type and a missing required field (the schemas)', async () => {
    const dir = await brokenCopy('deployment.yaml', (text) =>
      text
        .replace('  replicas: 2', '  replica: 2')
        .replace('containerPort: 8080', "containerPort: 'eighty'"),
    );
    const ingress = await brokenCopy('ingress.yaml', (text) =>
      text.replace('pathType: Prefix', ''),
    );
    const { problems } = await checkManifests(dir);
    expect(problems).toEqual(
      expect.arrayContaining([
        'deployment.yaml: Deployment/stratum: unknown field "spec.replica"',
        expect.stringMatching(/containerPort must be integer/),
        // Without `replicas` the Deployment runs one: the policy says so too.
        'deployment.yaml: Deployment/stratum: replicas must be 2 or more',
      ]),
    );
    expect((await checkManifests(ingress)).problems).toEqual([
      expect.stringMatching(
        /ingress\.yaml: Ingress\/stratum: .*must have required property pathType/,
      ),
    ]);
  }, 30_000);

  it('fails a deployment that breaks the operating rules', async () => {
    const dir = await brokenCopy('deployment.yaml', (text) =>
      text
        .replace('path: /healthz', 'path: /')
        .replace('readOnlyRootFilesystem: true', 'readOnlyRootFilesystem: false')
        .replace("drop: ['ALL']", "drop: ['NET_RAW']")
        .replace(
          /- name: REDIS_URL\n\s+valueFrom:\n\s+secretKeyRef:\n\s+name: stratum-secrets\n\s+key: REDIS_URL/,
          "- name: REDIS_URL\n              value: 'redis://:hunter2@redis:6379'",
        ),
    );
    const { problems } = await checkManifests(dir);
    const where = 'deployment.yaml: Deployment/stratum container stratum';
    expect(problems).toEqual([
      `${where}: readinessProbe must be an httpGet of /healthz`,
      `${where}: readOnlyRootFilesystem must be true`,
      `${where}: capabilities.drop must include ALL`,
      `${where}: REDIS_URL must come from a Secret (valueFrom), not a value`,
    ]);
  }, 30_000);

  it('fails an unknown kind, a manifest left out of the kustomization, an image override that matches nothing and a dangling backend', async () => {
    const dir = await brokenCopy('service.yaml', (text) =>
      text.replace('name: http\n      port: 80', 'name: web\n      port: 80'),
    );
    await writeFile(
      path.join(dir, 'extra.yaml'),
      'apiVersion: v1\nkind: Banana\nmetadata:\n  name: x\n',
    );
    await writeFile(
      path.join(dir, 'kustomization.yaml'),
      (await readFile(path.join(dir, 'kustomization.yaml'), 'utf8')).replace(
        '- name: stratum',
        '- name: stratum-server',
      ),
    );
    const { problems } = await checkManifests(dir);
    expect(problems).toEqual(
      expect.arrayContaining([
        'kustomization.yaml: images entry stratum-server matches no container image',
        'extra.yaml: Banana/x: v1 Banana is not a Kubernetes kind',
        'kustomization.yaml: extra.yaml is not listed in resources',
        'ingress.yaml: backend stratum:http is not a Service port',
      ]),
    );
  }, 30_000);
});

describe('lintDockerfile', () => {
  const good = [
    'ARG NODE_IMAGE=node:22.23.3-bookworm-slim',
    'FROM ${NODE_IMAGE} AS build',
    'RUN npm ci',
    'FROM ${NODE_IMAGE}',
    'COPY --from=build /src/dist ./dist',
    'USER 1000:1000',
    'HEALTHCHECK CMD ["node", "-e", "0"]',
    'ENTRYPOINT ["node", "dist/main.js"]',
  ];

  it('accepts a pinned, multi-stage, non-root image', () => {
    expect(lintDockerfile(good.join('\n'))).toEqual([]);
  });

  it('names each basic it misses', () => {
    const bad = [
      'FROM node:22-slim',
      'ENV SECRET_KEY=abcdefabcdefabcdefabcdefabcdefabcdef',
      'COPY .env ./',
      'USER root',
      'CMD ["node", "main.js"]',
    ].join('\n');
    expect(lintDockerfile(bad)).toEqual([
      'FROM node:22-slim: pin the base image to a full version (or a digest)',
      'ENV SECRET_KEY puts a secret into the image',
      'COPY .env ./: never copy an .env file into the image',
      'use a multi-stage build (build, then a small runtime)',
      'the final stage must switch to a non-root USER',
      'add a HEALTHCHECK (Kubernetes uses its own probes; Docker and Compose use it)',
    ]);
    expect(lintDockerfile(good.filter((l) => !l.startsWith('USER')).join('\n'))).toEqual([
      'the final stage must switch to a non-root USER',
    ]);
  });

  it('wants dependencies, output, data and secrets out of the build context', () => {
    expect(lintDockerignore('**/node_modules\n**/dist\n.env\n.git\ndata\n')).toEqual([]);
    expect(lintDockerignore('dist\n')).toEqual([
      '.dockerignore: node_modules must be excluded from the build context',
      '.dockerignore: .env must be excluded from the build context',
      '.dockerignore: .git must be excluded from the build context',
      '.dockerignore: data must be excluded from the build context',
    ]);
  });
});
