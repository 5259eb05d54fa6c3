import type { TCloud } from '@stratum/core/iac/types';

/** The engine's examples (repository `examples/`), offered as starter templates; loaded on demand. */
export interface TStarterTemplate {
  readonly id: string;
  readonly cloud: TCloud;
  readonly title: string;
  readonly load: () => Promise<unknown>;
}

const json = (m: { default: unknown }) => m.default;

export const STARTER_TEMPLATES: readonly TStarterTemplate[] = [
  {
    id: 'aws-three-tier-web-app',
    cloud: 'aws',
    title: 'Three-tier web app',
    load: () => import('../../../../examples/aws-three-tier-web-app.json').then(json),
  },
  {
    id: 'aws-serverless-api',
    cloud: 'aws',
    title: 'Serverless API',
    load: () => import('../../../../examples/aws-serverless-api.json').then(json),
  },
  {
    id: 'aws-kubernetes-platform',
    cloud: 'aws',
    title: 'Kubernetes platform',
    load: () => import('../../../../examples/aws-kubernetes-platform.json').then(json),
  },
  {
    id: 'aws-data-pipeline',
    cloud: 'aws',
    title: 'Data pipeline',
    load: () => import('../../../../examples/aws-data-pipeline.json').then(json),
  },
  {
    id: 'azure-web-platform',
    cloud: 'azure',
    title: 'Web platform',
    load: () => import('../../../../examples/azure-web-platform.json').then(json),
  },
  {
    id: 'gcp-web-platform',
    cloud: 'gcp',
    title: 'Web platform',
    load: () => import('../../../../examples/gcp-web-platform.json').then(json),
  },
  {
    id: 'oci-app-platform',
    cloud: 'oci',
    title: 'Application platform',
    load: () => import('../../../../examples/oci-app-platform.json').then(json),
  },
];

export function templatesFor(cloud: TCloud): readonly TStarterTemplate[] {
  return STARTER_TEMPLATES.filter((t) => t.cloud === cloud);
}
