import type { TServiceDefinition } from '../../catalog/service';
import type { TPropertyValue } from '../../types';
import type { TDesignIssue } from '../parse';
import type { TDesign } from '../schema-v2';

/** One property of one component the cloud refuses in combination with others. */
export interface TPropertyFinding {
  /** The property to change (the path ends with it). */
  readonly key: string;
  /** Names the field and the values allowed. */
  readonly message: string;
}

export type TProps = Readonly<Record<string, TPropertyValue>>;

/** What a property rule knows besides the values: the component's service id. */
export interface TPropertyContext {
  readonly service: string;
}

/**
 * A rule over the properties of one component (defaults applied, then an environment's
 * overrides): keyed on service ids, so a service it does not know is never checked.
 */
export interface TPropertyRule {
  readonly id: string;
  readonly services: readonly string[];
  /** Where the limit is documented. */
  readonly source: string;
  check(props: TProps, context: TPropertyContext): readonly TPropertyFinding[];
}

/** What design-wide rules can ask: the design and the catalog service of each node id. */
export interface TDesignContext {
  readonly design: TDesign;
  readonly services: ReadonlyMap<string, TServiceDefinition>;
}

/** A rule over the whole design (connections, networks); returns issues with their paths. */
export interface TDesignRule {
  readonly id: string;
  readonly source: string;
  check(context: TDesignContext): readonly TDesignIssue[];
}

export const num = (props: TProps, key: string): number => Number(props[key]);
export const str = (props: TProps, key: string): string => String(props[key]);
