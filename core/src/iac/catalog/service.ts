import type {
  TArmType,
  TCategory,
  TCloud,
  TPlacement,
  TPropertyDefinition,
  TPropertyValue,
  TServiceKind,
} from '../types';
import type {
  TTfBody,
  TTfResourceOptions,
  TTfObject,
  TTfRef,
  TTfValue,
  TTfVariable,
} from '../ir/terraform-ir';
import type { TArmNestedTemplate, TArmParameter, TArmValue } from '../ir/arm-ir';
import type { TConnection } from '../design/schema-v2';
import type { TComponentResource } from '../design/resource-arg';

/** A design node (group or component) with its service resolved and defaults applied. */
export interface TNode {
  readonly id: string;
  /** Identifier-safe form of the id: Terraform local name, Bicep symbol stem. */
  readonly local: string;
  readonly name: string;
  readonly service: TServiceDefinition;
  readonly isGroup: boolean;
  /** Group parent (subnet -> network) or placement (component -> subnet/network). */
  readonly parent?: string;
  readonly properties: Readonly<Record<string, TPropertyValue>>;
  /** Per environment: only the properties that differ from `properties`. */
  readonly overrides: Readonly<Record<string, Readonly<Record<string, TPropertyValue>>>>;
  /** Generic resource components: the provider type and its arguments. */
  readonly resource?: TComponentResource;
  /** The component's own tags (the design's are added by the builders). */
  readonly tags?: Readonly<Record<string, string>>;
}

export interface TEdge {
  readonly connection: TConnection;
  readonly node: TNode;
}

/** What every builder can ask about its node and the graph around it. */
export interface TBuildContextBase {
  readonly node: TNode;
  readonly region: string;
  readonly environments: readonly string[];
  /** The property's base value (for decisions in the builder). */
  value<T extends TPropertyValue = string>(key: string): T;
  /** The subnet the node is placed in, then any extra subnets from placement connections. */
  subnets(): TNode[];
  /** The same for another node (a backend reached through a link in its subnets). */
  subnetsOf(node: TNode): TNode[];
  /** The network of the node (through its subnet, or directly). */
  network(): TNode | undefined;
  /** Connections into / out of this node, optionally of one type, with the other end. */
  incoming(type?: TConnection['type']): TEdge[];
  outgoing(type?: TConnection['type']): TEdge[];
  /** The same for another node (key policies follow the stores that use the key). */
  incomingOf(node: TNode, type?: TConnection['type']): TEdge[];
  outgoingOf(node: TNode, type?: TConnection['type']): TEdge[];
  /** Connections of another node (a subnet asking what its components read). */
  edgesOf(node: TNode, dir: 'in' | 'out', type?: TConnection['type']): TEdge[];
  /** Every node of the design. */
  nodes(): readonly TNode[];
  /** A node by id. */
  lookup(id: string | undefined): TNode | undefined;
  /** Nodes whose parent (group or placement) is `node`: a network's subnets, a subnet's components. */
  children(node: TNode): readonly TNode[];
  /** Port of a connection: its own, or the target service's default. */
  portOf(edge: TEdge, target: TNode): number;
}

export interface TTfBuildContext extends TBuildContextBase {
  /** Address of another node's resource: `<type>.<node local><suffix>`. */
  address(node: TNode, type: string, suffix?: string): string;
  /**
   * `attr` of another node's primary resource: the resource of its service's first emitted
   * type named after the node (else the first of that type), else the first resource its
   * builder emits (resolved once every node is built).
   */
  primary(node: TNode, attr: string): TTfRef;
  /**
   * This node's name from the naming convention, with `-suffix` for companion resources. The
   * resource it is pushed with fixes it to that type's rule (naming/type-rules.ts); `rule`
   * (naming/rules.ts) fixes it here already, for a name used outside a name argument.
   */
  name(suffix?: string, rule?: string): TTfValue;
  /**
   * Another node's name with `-suffix`, for a resource several components share (`shared`):
   * named after what it is shared for (the network, the target), it keeps its name when the
   * component that happened to write it first is removed — a new name would replace it.
   */
  nameOf(node: TNode, suffix: string, rule?: string): TTfValue;
  /** A name for one resource per design: the design's pattern with `suffix` as the type, no name. */
  designName(suffix: string, rule?: string): TTfValue;
  /** Tags / labels for the node (cloud-specific key case is the builder's choice). */
  tags(extra?: Record<string, TTfValue>): TTfObject;
  /**
   * The property as it should appear in code: a literal, or a variable when environments
   * differ; `map` turns the design value into the argument value (per environment too), and
   * `as` names the variable of a mapped value.
   */
  prop(key: string, map?: (v: TPropertyValue) => TPropertyValue, as?: string): TTfValue;
  resource(
    type: string,
    name: string,
    body: TTfBody,
    dependsOn?: readonly string[],
    options?: TTfResourceOptions,
  ): TTfRef;
  /**
   * A second configuration of the node's provider (`aws.us_east_1`), declared once, for
   * resources that must live elsewhere (CloudFront certificates in us-east-1).
   */
  providerAlias(alias: string, config: TTfBody): string;
  data(type: string, name: string, body: TTfBody): TTfRef;
  /** A resource shared by several nodes (declared by the first that asks for it). */
  shared(type: string, name: string, body: TTfBody, dependsOn?: readonly string[]): TTfRef;
  variable(v: TTfVariable): TTfRef;
  output(name: string, description: string, value: TTfValue, sensitive?: boolean): void;
  /** As for ARM (below): `address` queued under `key`; the answer is for its `dependsOn`. */
  oneAtATime(key: string, address: string): string[];
}

export interface TArmBuildContext extends TBuildContextBase {
  symbol(node: TNode, suffix?: string): string;
  /** A path (`id`, `name`, `properties.x`) of another node's primary ARM resource. */
  primary(node: TNode, path: string): TArmValue;
  name(suffix?: string, rule?: string): TArmValue;
  tags(): Record<string, TArmValue>;
  /**
   * As for Terraform; a mapped value that differs between environments is an expression of the
   * property's one parameter (`as` is not needed: no second parameter is declared).
   */
  prop(key: string, map?: (v: TPropertyValue) => TPropertyValue, as?: string): TArmValue;
  resource(r: {
    symbol: string;
    type: string;
    apiVersion: string;
    name: TArmValue;
    parent?: string;
    scope?: string;
    body: Record<string, TArmValue>;
    dependsOn?: string[];
    /** A nested deployment: the template it deploys (see TArmNestedTemplate). */
    template?: TArmNestedTemplate;
    /** Declared by the first node that asks (a private DNS zone); later asks reuse it. */
    shared?: boolean;
  }): string;
  parameter(p: TArmParameter): TArmValue;
  /** A string output unless `type` says otherwise (an object of settings). */
  output(name: string, description: string, value: TArmValue, type?: 'string' | 'object'): void;
  /**
   * For resources the cloud takes one at a time (a PostgreSQL flexible server runs one
   * administrator change at once, and ARM deploys what does not depend on each other in
   * parallel): `symbol` is queued under `key`, and the answer, for its `dependsOn`, is the
   * resource queued there before it in this build, if any.
   */
  oneAtATime(key: string, symbol: string): string[];
}

export interface TServiceDefinition {
  /** `<cloud>.<service>`, stable: designs store it. */
  readonly id: string;
  readonly cloud: TCloud;
  readonly kind: TServiceKind;
  readonly name: string;
  readonly category: TCategory;
  readonly description: string;
  /** Key into the web app's icon set. */
  readonly icon: string;
  readonly properties: readonly TPropertyDefinition[];
  readonly placement: TPlacement;
  /** Default port for traffic and data connections to it. */
  readonly port?: number;
  /** Gets a security group of its own when it sits in a network. */
  readonly isNetworked?: boolean;
  /** Must be the only component of its subnet (an Azure Application Gateway). */
  readonly needsOwnSubnet?: boolean;
  /** Naming: the rule set (see naming/rules.ts) and the default abbreviation for `{type}`. */
  readonly naming: { readonly rule: string; readonly abbreviation: string };
  /** What it emits: Terraform types, and ARM types with API versions for Azure. */
  readonly emits: { readonly terraform: readonly string[]; readonly arm?: readonly TArmType[] };
  /** IAM actions a `data` connection to it grants to the source's role (AWS). */
  readonly dataActions?: readonly string[];
  readonly terraform: (ctx: TTfBuildContext) => void;
  readonly arm?: (ctx: TArmBuildContext) => void;
}

export function defineService(def: TServiceDefinition): TServiceDefinition {
  return def;
}
