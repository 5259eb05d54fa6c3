import { CLOUDS, type TCloud } from '@stratum/core/iac/types';

/** The engine's examples (repository `examples/`), offered as starter templates; loaded on demand. */
export interface TStarterTemplate {
  readonly id: string;
  readonly cloud: TCloud;
  readonly title: string;
  readonly load: () => Promise<unknown>;
}

const LOADERS = import.meta.glob<{ default: unknown }>('../../../../examples/*.json');

const TITLES: Readonly<Record<string, string>> = {
  'three-tier-web-app': 'Three-tier web app',
  'serverless-api': 'Serverless API',
  'kubernetes-platform': 'Kubernetes platform',
  'data-pipeline': 'Data pipeline',
  'web-platform': 'Web platform',
  'app-platform': 'Application platform',
  'generic-resources': 'Any provider resource types',
  'arm-resources': 'Any ARM resource types',
};

const titleOf = (slug: string) =>
  TITLES[slug] ?? slug.charAt(0).toUpperCase() + slug.slice(1).replace(/-/g, ' ');

export const STARTER_TEMPLATES: readonly TStarterTemplate[] = Object.entries(LOADERS)
  .flatMap(([path, load]) => {
    const id = /([^/]+)\.json$/.exec(path)?.[1] ?? '';
    const cloud = CLOUDS.find((c) => id.startsWith(`${c}-`));
    if (!cloud) return [];
    return [
      {
        id,
        cloud,
        title: titleOf(id.slice(cloud.length + 1)),
        load: () => load().then((m) => m.default),
      },
    ];
  })
  .sort((a, b) => a.id.localeCompare(b.id));

export function templatesFor(cloud: TCloud): readonly TStarterTemplate[] {
  return STARTER_TEMPLATES.filter((t) => t.cloud === cloud);
}
