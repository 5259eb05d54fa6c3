import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { compareManifest, quantity } from './k8s-compare';

const digest = (base64: string) =>
  `sha256:${createHash('sha256').update(Buffer.from(base64, 'base64')).digest('hex')}`;

const deployment = (image: string, cpu: string, replicas = 2) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'shop', labels: { app: 'web' } },
  spec: {
    replicas,
    selector: { matchLabels: { app: 'web' } },
    template: {
      metadata: { labels: { app: 'web' } },
      spec: {
        containers: [
          { name: 'web', image, ports: [{ containerPort: 80 }], resources: { requests: { cpu } } },
        ],
      },
    },
  },
});

/** What the API server answers for it: defaults, status, bookkeeping and canonical quantities. */
const live = (image: string, cpu: string, replicas = 2) => {
  const object = deployment(image, cpu, replicas);
  return {
    ...object,
    metadata: {
      ...object.metadata,
      uid: 'u-1',
      resourceVersion: '42',
      annotations: { 'deployment.kubernetes.io/revision': '3' },
      managedFields: [{ manager: 'stratum', operation: 'Apply' }],
    },
    spec: {
      ...object.spec,
      strategy: { type: 'RollingUpdate' },
      template: {
        ...object.spec.template,
        spec: {
          ...object.spec.template.spec,
          restartPolicy: 'Always',
          containers: [
            {
              name: 'sidecar',
              image: 'envoy:1.30',
            },
            {
              ...object.spec.template.spec.containers[0],
              imagePullPolicy: 'IfNotPresent',
              ports: [{ containerPort: 80, protocol: 'TCP' }],
            },
          ],
        },
      },
    },
    status: { replicas, readyReplicas: replicas },
  };
};

describe('a live Kubernetes object against the manifest Stratum applied', () => {
  it('is in sync when only defaults, status, bookkeeping and canonical quantities differ', () => {
    // 0.5 CPU is read back as 500m; containers are matched by name, not position.
    expect(compareManifest(deployment('nginx:1.27', '0.5'), live('nginx:1.27', '500m'))).toEqual(
      [],
    );
  });

  it('reports each field the manifest sets that the cluster now holds otherwise', () => {
    const changes = compareManifest(deployment('nginx:1.27', '250m'), live('nginx:1.25', '1', 5));
    expect(changes).toEqual([
      { path: ['spec', 'replicas'], before: 2, after: 5 },
      {
        path: ['spec', 'template', 'spec', 'containers', 'web', 'image'],
        before: 'nginx:1.27',
        after: 'nginx:1.25',
      },
      {
        path: ['spec', 'template', 'spec', 'containers', 'web', 'resources', 'requests', 'cpu'],
        before: '250m',
        after: '1',
      },
    ]);
  });

  it('reports a label removed and a container gone', () => {
    const now = live('nginx:1.27', '500m');
    now.metadata.labels = {} as { app: string };
    now.spec.template.spec.containers = [now.spec.template.spec.containers[0]!];
    const changes = compareManifest(deployment('nginx:1.27', '0.5'), now);
    expect(changes.map((c) => c.path.join('.'))).toEqual([
      'metadata.labels.app',
      'spec.template.spec.containers.web',
    ]);
  });

  it('compares a Secret by digest and never shows its values', () => {
    const applied = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'db' },
      data: { password: digest(Buffer.from('s3cret').toString('base64')) },
    };
    const same = { ...applied, data: { password: Buffer.from('s3cret').toString('base64') } };
    expect(compareManifest(applied, same, { secretDigest: digest })).toEqual([]);
    const rotated = { ...applied, data: { password: Buffer.from('other').toString('base64') } };
    expect(compareManifest(applied, rotated, { secretDigest: digest })).toEqual([
      { path: ['data', 'password'], before: '(sensitive)', after: '(sensitive)' },
    ]);
  });

  it('reads quantities as Kubernetes writes them', () => {
    expect(quantity('500m')).toBe(0.5);
    expect(quantity('1Gi')).toBe(quantity('1024Mi'));
    expect(quantity('2e3')).toBe(2000);
    expect(quantity('1.5G')).toBe(1.5e9);
    expect(quantity('nginx')).toBeNull();
  });
});
