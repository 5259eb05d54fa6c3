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
  /**
   * Top-level arguments the generator fills from the design when they are left empty (the
   * name from the naming convention, tags, the resource group and region, the compartment), so
   * they are never missing; see core/src/iac/catalog/generic/generic-terraform.ts and generic-arm.ts.
   */
  readonly filled: Readonly<Record<string, string>>;
}

const NAME = 'the naming convention';
const TAGS = "the design's tags (where the type carries them)";

export const GENERIC_SERVICES: readonly TGenericService[] = [
  {
    id: 'aws.resource',
    cloud: 'aws',
    provider: 'aws',
    name: 'Any AWS resource type',
    isArm: false,
    filled: { name: NAME, tags: TAGS },
  },
  {
    id: 'azure.resource',
    cloud: 'azure',
    provider: 'azurerm',
    name: 'Any azurerm resource type',
    isArm: false,
    filled: {
      name: NAME,
      tags: TAGS,
      resource_group_name: "the design's resource group",
      location: "the resource group's region",
    },
  },
  {
    id: 'azure.arm-resource',
    cloud: 'azure',
    provider: 'arm',
    name: 'Any ARM resource',
    isArm: true,
    filled: { name: NAME, tags: TAGS, location: 'the location parameter' },
  },
  {
    id: 'gcp.resource',
    cloud: 'gcp',
    provider: 'google',
    name: 'Any Google resource type',
    isArm: false,
    filled: { name: NAME, labels: TAGS },
  },
  {
    id: 'oci.resource',
    cloud: 'oci',
    provider: 'oci',
    name: 'Any OCI resource type',
    isArm: false,
    // OCI names with `display_name` where a type has no `name`.
    filled: {
      name: NAME,
      display_name: NAME,
      freeform_tags: TAGS,
      compartment_id: 'the compartment variable',
    },
  },
];

const byId = new Map(GENERIC_SERVICES.map((s) => [s.id, s]));

export const findGenericService = (serviceId: string): TGenericService | undefined =>
  byId.get(serviceId);

export const genericServicesOf = (cloud: TCloud): readonly TGenericService[] =>
  GENERIC_SERVICES.filter((s) => s.cloud === cloud);

/** The drag-and-drop type of a generic palette entry: its service id (the type is picked after). */
export const RESOURCE_DRAG_TYPE = 'application/x-stratum-resource';
