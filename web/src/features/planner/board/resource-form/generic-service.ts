import type { TSchemaProvider } from '@stratum/core/iac/catalog/generic/schema-source';
import type { TCloud } from '@stratum/core/iac/types';

/** A palette entry for "any resource type" of one provider (the generic component). */
export interface TGenericService {
  /** The design's `service`: `<cloud>.resource`, or `azure.arm-resource` (Bicep/ARM only). */
  readonly id: string;
  readonly cloud: TCloud;
  readonly provider: TSchemaProvider;
  readonly name: string;
  readonly isArm: boolean;
}

export const GENERIC_SERVICES: readonly TGenericService[] = [
  {
    id: 'aws.resource',
    cloud: 'aws',
    provider: 'aws',
    name: 'Any AWS resource type',
    isArm: false,
  },
  {
    id: 'azure.resource',
    cloud: 'azure',
    provider: 'azurerm',
    name: 'Any azurerm resource type',
    isArm: false,
  },
  {
    id: 'azure.arm-resource',
    cloud: 'azure',
    provider: 'arm',
    name: 'Any ARM resource',
    isArm: true,
  },
  {
    id: 'gcp.resource',
    cloud: 'gcp',
    provider: 'google',
    name: 'Any Google resource type',
    isArm: false,
  },
  {
    id: 'oci.resource',
    cloud: 'oci',
    provider: 'oci',
    name: 'Any OCI resource type',
    isArm: false,
  },
];

const byId = new Map(GENERIC_SERVICES.map((s) => [s.id, s]));

export const findGenericService = (serviceId: string): TGenericService | undefined =>
  byId.get(serviceId);

export const genericServicesOf = (cloud: TCloud): readonly TGenericService[] =>
  GENERIC_SERVICES.filter((s) => s.cloud === cloud);

/** The drag-and-drop type of a generic palette entry: its service id (the type is picked after). */
export const RESOURCE_DRAG_TYPE = 'application/x-stratum-resource';
