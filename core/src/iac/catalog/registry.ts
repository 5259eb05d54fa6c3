import type { TCloud, TServiceKind } from '../types';
import type { TCloudProfile } from './cloud';
import type { TServiceDefinition } from './service';
import { AWS } from './aws';
import { AZURE } from './azure';
import { GCP } from './gcp';
import { OCI } from './oci';

/** Every cloud profile; adding a cloud is one entry here. */
export const CLOUD_PROFILES: Readonly<Record<TCloud, TCloudProfile>> = {
  aws: AWS,
  azure: AZURE,
  gcp: GCP,
  oci: OCI,
};

const byId = new Map<string, TServiceDefinition>();
for (const profile of Object.values(CLOUD_PROFILES)) {
  for (const s of profile.services) byId.set(s.id, s);
}

export function findService(id: string): TServiceDefinition | undefined {
  return byId.get(id);
}

export function servicesOf(cloud: TCloud): readonly TServiceDefinition[] {
  return CLOUD_PROFILES[cloud].cloud === cloud ? CLOUD_PROFILES[cloud].services : [];
}

/** The service of `cloud` that is the equivalent of `kind` (re-targeting follows this). */
export function serviceForKind(cloud: TCloud, kind: TServiceKind): TServiceDefinition | undefined {
  return servicesOf(cloud).find((s) => s.kind === kind);
}

export function allServices(): readonly TServiceDefinition[] {
  return [...byId.values()];
}
