import { findService } from '@stratum/core/iac/catalog/registry';
import type { TCloud } from '@stratum/core/iac/types';
import type { TDesign } from '@stratum/core/iac/design/schema-v2';

/** A catalog service's name (`aws.rds-postgres` → its label); a Terraform type stays as it is. */
export const serviceName = (service: string): string => findService(service)?.name ?? service;

const CLOUD_LABELS: Readonly<Record<TCloud, string>> = {
  aws: 'AWS',
  azure: 'Azure',
  gcp: 'GCP',
  oci: 'OCI',
};

/** The short names the comparison's columns use. */
export const cloudLabel = (cloud: TCloud): string => CLOUD_LABELS[cloud];

/** Component id → name, for the lines and assumptions, which name components by id. */
export function componentNamer(design: TDesign | null): (id: string) => string {
  const names = new Map<string, string>();
  for (const c of design?.components ?? []) names.set(c.id, c.name);
  for (const g of design?.groups ?? []) names.set(g.id, g.name);
  return (id) => names.get(id) ?? id;
}
