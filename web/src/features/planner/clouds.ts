import { CLOUD_PROFILES } from '@stratum/core/iac/catalog/registry';
import { CLOUDS, type TCloud } from '@stratum/core/iac/types';
import { formatsFor } from '@stratum/core/planner/state';
import { templatesFor } from './templates';

const FORMAT_LABELS = { terraform: 'Terraform', bicep: 'Bicep', arm: 'ARM templates' } as const;

/** Short brand marks and colours for the provider cards and the board's header. */
export const CLOUD_LOOK: Record<TCloud, { mark: string; tone: string }> = {
  aws: { mark: 'AWS', tone: 'bg-amber-100 text-amber-900 ring-amber-300' },
  azure: { mark: 'Az', tone: 'bg-sky-100 text-sky-900 ring-sky-300' },
  gcp: { mark: 'GCP', tone: 'bg-emerald-100 text-emerald-900 ring-emerald-300' },
  oci: { mark: 'OCI', tone: 'bg-red-100 text-red-900 ring-red-300' },
};

export interface TCloudSummary {
  cloud: TCloud;
  label: string;
  services: number;
  regions: number;
  formats: string[];
  templates: number;
}

/** What each cloud offers here, read from the engine's catalog (nothing typed twice). */
export function cloudSummaries(): TCloudSummary[] {
  return CLOUDS.map((cloud) => {
    const profile = CLOUD_PROFILES[cloud];
    return {
      cloud,
      label: profile.label,
      services: profile.services.length,
      regions: profile.regions.length,
      formats: formatsFor(cloud).map((f) => FORMAT_LABELS[f]),
      templates: templatesFor(cloud).length,
    };
  });
}

export const formatLabel = (format: keyof typeof FORMAT_LABELS): string => FORMAT_LABELS[format];
