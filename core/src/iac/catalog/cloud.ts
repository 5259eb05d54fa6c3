import type { TCloud } from '../types';
import type { TTfBody, TTfRef, TTfValue, TTfVariable } from '../ir/terraform-ir';
import type { TArmParameter, TArmValue } from '../ir/arm-ir';
import type { TServiceDefinition } from './service';

/** What a cloud adds around its services: provider block, shared resources, regions. */
export interface TCloudSetupContext {
  readonly designName: string;
  readonly region: string;
  /** Design-wide tags. */
  readonly tags: Readonly<Record<string, string>>;
  /** Terraform types the components emit: their services' `emits`, generic resources' `type`. */
  readonly types: ReadonlySet<string>;
  resource(type: string, name: string, body: TTfBody): TTfRef;
  data(type: string, name: string, body: TTfBody): TTfRef;
  variable(v: TTfVariable): TTfRef;
  /** The name of the design-level resource (resource group) under the convention. */
  name(abbreviation: string): TTfValue;
}

export interface TArmSetupContext {
  parameter(p: TArmParameter): TArmValue;
}

export interface TCloudProfile {
  readonly cloud: TCloud;
  readonly label: string;
  /** Real region names, first one the default. */
  readonly regions: readonly string[];
  readonly terraform: {
    readonly name: string;
    readonly source: string;
    readonly version: string;
    readonly providerConfig: (ctx: TCloudSetupContext) => TTfBody;
    /** Design-wide resources (the Azure resource group) and data sources. */
    readonly setup?: (ctx: TCloudSetupContext) => void;
    /** Attribute that carries tags (`tags`, `labels`, `freeform_tags`). */
    readonly tagsAttribute: string;
  };
  readonly services: readonly TServiceDefinition[];
}
