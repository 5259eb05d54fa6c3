import type {
  TArmType,
  TCategory,
  TCloud,
  TPlacement,
  TPropertyDefinition,
  TPropertyValue,
  TServiceKind,
} from '../types';
import type { TTfBody, TTfObject, TTfRef, TTfValue, TTfVariable } from '../ir/terraform-ir';
import type { TArmParameter, TArmValue } from '../ir/arm-ir';
import type { TConnection } from '../design/schema-v2';

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
  /** The network of the node (through its subnet, or directly). */
  network(): TNode | undefined;
  /** Connections into / out of this node, optionally of one type, with the other end. */
  incoming(type?: TConnection['type']): TEdge[];
  outgoing(type?: TConnection['type']): TEdge[];
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
   * This node's name from the naming convention, with `-suffix` for companion resources;
   * `rule` (naming/rules.ts) fixes the companion's name to its own resource type's rules.
   */
  name(suffix?: string, rule?: string): TTfValue;
  /** Tags / labels for the node (cloud-specific key case is the builder's choice). */
  tags(extra?: Record<string, TTfValue>): TTfObject;
  /**
   * The property as it should appear in code: a literal, or a variable when environments
   * differ; `map` turns the design value into the argument value (per environment too), and
   * `as` names the variable of a mapped value.
   */
  prop(key: string, map?: (v: TPropertyValue) => TPropertyValue, as?: string): TTfValue;
  resource(type: string, name: string, body: TTfBody, dependsOn?: readonly string[]): TTfRef;
  data(type: string, name: string, body: TTfBody): TTfRef;
  /** A resource shared by several nodes (declared by the first that asks for it). */
  shared(type: string, name: string, body: TTfBody, dependsOn?: readonly string[]): TTfRef;
  variable(v: TTfVariable): TTfRef;
  output(name: string, description: string, value: TTfValue, sensitive?: boolean): void;
}

export interface TArmBuildContext extends TBuildContextBase {
  symbol(node: TNode, suffix?: string): string;
  name(suffix?: string, rule?: string): TArmValue;
  tags(): Record<string, TArmValue>;
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
  }): string;
  parameter(p: TArmParameter): TArmValue;
  output(name: string, description: string, value: TArmValue): void;
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
