/** Vocabulary shared by the catalog, the design document, the builders and the emitters. */
export const CLOUDS = ['aws', 'azure', 'gcp', 'oci'] as const;
export type TCloud = (typeof CLOUDS)[number];

export const CATEGORIES = [
  'compute',
  'containers',
  'functions',
  'storage',
  'databases',
  'networking',
  'security',
  'messaging',
  'monitoring',
  'api',
  /** Any resource type of a provider, written from the provider schema. */
  'generic',
] as const;
export type TCategory = (typeof CATEGORIES)[number];

/**
 * The cross-cloud key: services of different clouds with the same kind are equivalents, which
 * is what re-targeting a design to another cloud follows.
 */
export const SERVICE_KINDS = [
  'network',
  'subnet',
  'security-group',
  'vm',
  'autoscaling-group',
  'kubernetes',
  'serverless-container',
  'container-registry',
  'function',
  'web-app',
  'object-storage',
  'file-storage',
  'block-storage',
  'postgresql',
  'mysql',
  'sqlserver',
  'nosql',
  'cache',
  'search',
  'load-balancer',
  'network-load-balancer',
  'nat-gateway',
  'internet-gateway',
  'dns-zone',
  'cdn',
  'vpn-gateway',
  'bastion',
  'private-endpoint',
  'waf',
  'kms',
  'secret',
  'identity',
  'queue',
  'topic',
  'event-bus',
  'stream',
  'log-group',
  'apm',
  'alarm',
  'api-gateway',
  'kafka',
  'data-warehouse',
  /** A generic component: any provider resource type; it has no equivalent in another cloud. */
  'resource',
  'workflow',
  'user-directory',
  'document-db',
  'backup',
  'message-broker',
  'health-check',
  'email',
  'log-router',
  /** Horizontally scaled relational database (Spanner, Aurora DSQL). */
  'distributed-sql',
  /** Wide-column store for large key-value and time-series data (Bigtable, Keyspaces). */
  'wide-column',
  /** Push queue of HTTP tasks with rate limits and retries (Cloud Tasks). */
  'task-queue',
  /** Cron jobs that call or publish on a schedule (Cloud Scheduler, EventBridge Scheduler). */
  'scheduler',
  /** WebSocket publish/subscribe to browsers and devices (Azure Web PubSub). */
  'realtime',
  /** Resolves the network's private names for on-premises clients, and theirs for it (DNS Private Resolver). */
  'dns-resolver',
] as const;
export type TServiceKind = (typeof SERVICE_KINDS)[number];

/** Kinds that are containers on the board (groups) rather than components. */
export const GROUP_KINDS: readonly TServiceKind[] = ['network', 'subnet'];

export type TPropertyValue = string | number | boolean | string[];
export type TPropertyType = 'string' | 'number' | 'boolean' | 'enum' | 'cidr' | 'string-list';

export interface TPropertyDefinition {
  readonly key: string;
  readonly label: string;
  readonly type: TPropertyType;
  readonly description?: string;
  readonly default: TPropertyValue;
  /** For `enum`: the real values the cloud accepts (instance sizes, engine versions...). */
  readonly allowed?: readonly string[];
  /** For `enum`: values once allowed, each with the one a saved design now reads (`complete`). */
  readonly retired?: Readonly<Record<string, string>>;
  /**
   * For `enum`: values no longer offered that the cloud still runs, each with the warning a
   * saved design holding one gets; validation accepts them, as a replacement would upgrade or
   * rebuild what that design describes (an EKS minor in extended support).
   */
  readonly deprecated?: Readonly<Record<string, string>>;
  readonly min?: number;
  readonly max?: number;
}

/** Where a component must sit on the board. */
export type TPlacement = 'subnet' | 'network' | 'optional-subnet' | 'none';

export interface TArmType {
  readonly type: string;
  readonly apiVersion: string;
}
