/**
 * The one registry of product areas (DESIGN.md "One registry of product areas"). Navigation, the
 * palette, the Features page, the plans' feature lists, the onboarding hints and the changelog
 * read it, so nothing the product says runs ahead of its code. When an area is built, flip its
 * `state` to 'built' here and write its description as what it does; nothing else needs editing.
 */

/** 'built': this version has it. 'coming': it is not built yet and must never be sold as usable. */
export const AREA_STATES = ['built', 'coming'] as const;
export type TAreaState = (typeof AREA_STATES)[number];

/** §2 "Signed-in pages": the page comes from the first path segment. */
export const PAGE_KEYS = [
  'dashboard',
  'planner',
  'converter',
  'api',
  'audit',
  'inventory',
  'cmdb',
  'costing',
  'drift',
  'monitoring',
  'tools',
  'subscription',
  'profile',
  'admin',
  'messages',
  'tags',
  'forums',
  'changelog',
  'clusters',
] as const;
export type TPageKey = (typeof PAGE_KEYS)[number];

export const AREA_GROUPS = ['workspace', 'build', 'operate', 'tools', 'administration'] as const;
export type TAreaGroup = (typeof AREA_GROUPS)[number];

export const AREA_GROUP_TITLES: Record<TAreaGroup, string> = {
  workspace: 'Your workspace',
  build: 'Plan and build',
  operate: 'Operate',
  tools: 'Everyday tools',
  administration: 'Administration',
};

export interface ProductArea {
  /** The area's name, as in DESIGN.md's list (plus dashboard, profile and database). */
  id: string;
  /** Its name on the Features page, as its page title and in the palette. */
  label: string;
  /** The signed-in page that shows it (`/<page>`), if it has one. */
  page: TPageKey | null;
  state: TAreaState;
  group: TAreaGroup;
  /** One line, true today: what it does when built, what it is for when coming. */
  description: string;
}

/** Every area of the product (spec §1), in the order the Features page lists them. */
export const AREAS = [
  // Your workspace
  {
    id: 'auth',
    label: 'Sign-in and account security',
    page: null,
    state: 'built',
    group: 'workspace',
    description:
      'Sign-up with a six-digit email code, a sign-in form that locks after five failures, password reset by mailed link, and sign-out that ends the session at once.',
  },
  {
    id: 'dashboard',
    label: 'Dashboard',
    page: 'dashboard',
    state: 'built',
    group: 'workspace',
    description:
      'Your plan and usage, your projects and those shared with you, site notices and the recent sign-ins of your account.',
  },
  {
    id: 'profile',
    label: 'Profile settings',
    page: 'profile',
    state: 'built',
    group: 'workspace',
    description:
      'Your name, designation and avatar, and a password change that signs out your other sessions.',
  },
  {
    id: 'shell',
    label: 'Navigation and command palette',
    page: null,
    state: 'built',
    group: 'workspace',
    description:
      'A header whose items fold into More on narrow screens, a Tools menu, Ctrl+K to reach every page and the common actions, and your generations or credits left in a corner display you can fold away.',
  },
  {
    id: 'messages',
    label: 'Messages',
    page: 'messages',
    state: 'built',
    group: 'workspace',
    description:
      'Write to staff or another user, reply, and see the unread count on the bell in the header, which rings as soon as a message arrives.',
  },
  {
    id: 'notices',
    label: 'Site notices',
    page: null,
    state: 'built',
    group: 'workspace',
    description:
      'Announcements from staff at the top of the dashboard, rotating when there are several.',
  },
  {
    id: 'onboarding',
    label: 'Onboarding tips and tour',
    page: null,
    state: 'built',
    group: 'workspace',
    description:
      'A short tip at the top of the main pages, dismissed page by page or all at once, and a four-step tour on the dashboard that the members of a shared project move through together, live.',
  },
  // Plan and build
  {
    id: 'planner',
    label: 'Planner',
    page: 'planner',
    state: 'built',
    group: 'build',
    description:
      'Seven steps — cloud, services, architecture board, naming, file structure, code generation and a simulated deployment — saved as projects with snapshots and shared by e-mail with editors and viewers.',
  },
  {
    id: 'board',
    label: 'Architecture board',
    page: null,
    state: 'built',
    group: 'build',
    description:
      'Networks, subnets and services on a canvas with typed connections, validation on every node, automatic layout, undo and starter templates.',
  },
  {
    id: 'iac',
    label: 'Code generation',
    page: null,
    state: 'built',
    group: 'build',
    description:
      'Terraform for AWS, Azure, Google Cloud and Oracle Cloud, Bicep and ARM for Azure — deterministic, and checked against the provider schemas.',
  },
  {
    id: 'converter',
    label: 'IaC converter',
    page: 'converter',
    state: 'built',
    group: 'build',
    description:
      'Terraform into a design on the board, or into Terraform for another cloud, Bicep or ARM; Bicep into ARM and back for any resource type. Every output validated, what could not be converted listed with its line.',
  },
  {
    id: 'tags',
    label: 'Tags',
    page: 'tags',
    state: 'built',
    group: 'build',
    description:
      'Tag keys and values, yours and organisation-wide, and policies per cloud (required keys, allowed values, a pattern, a case): hinted on the board, enforced at generation, checked against the inventory with the fix, and the cost of your projects by tag.',
  },
  // Operate
  {
    id: 'costing',
    label: 'Costing',
    page: 'costing',
    state: 'built',
    group: 'operate',
    description:
      'Monthly list prices of a design on AWS, Azure and Google Cloud side by side, on the board as you draw and line by line with editable usage assumptions; Terraform plans priced with their difference; CSV export.',
  },
  {
    id: 'drift',
    label: 'Drift detector',
    page: 'drift',
    state: 'built',
    group: 'operate',
    description:
      'Terraform state against a refresh-only plan, an Azure what-if, a driftctl report, a snapshot or a live AWS read: changed, missing, unmanaged and unknown resources with attribute diffs, noise dropped, ignore rules, history and schedules; fixes and a patch on higher plans.',
  },
  {
    id: 'inventory',
    label: 'Asset inventory',
    page: 'inventory',
    state: 'built',
    group: 'operate',
    description:
      'Import Terraform states, plans, Azure what-if runs, driftctl reports or CSV (up to 50 MB, versioned, refreshed from a URL or S3, Azure Blob or GCS on a schedule) and filter, search and export every managed resource, secrets masked.',
  },
  {
    id: 'cmdb',
    label: 'CMDB',
    page: 'cmdb',
    state: 'built',
    group: 'operate',
    description:
      "A source's dependency graph from state dependencies and plan references: modules as collapsible groups, search, upstream and downstream highlighting, the blast radius of any resource, and dependencies outside the source shown as external.",
  },
  {
    id: 'monitoring',
    label: 'Monitoring',
    page: 'monitoring',
    state: 'built',
    group: 'operate',
    description:
      'HTTP(S), TCP, TLS certificate and Kubernetes health checks run on a schedule, with uptime, latency charts, incidents, alerts by message, e-mail or signed webhook, maintenance windows and a public status page.',
  },
  {
    id: 'audit',
    label: 'Audit',
    page: 'audit',
    state: 'built',
    group: 'operate',
    description:
      'Every change you make and every sign-in, sign-out and failed sign-in to your account, recorded on the server with when, from which address, and before and after (secrets masked); filter by action, target and date and export to CSV. Entries cannot be edited or deleted.',
  },
  {
    id: 'k8s',
    label: 'Kubernetes clusters',
    page: 'clusters',
    state: 'built',
    group: 'operate',
    description:
      'Add clusters from a kubeconfig (credentials sealed, hostile fields refused), browse 14 kinds with live updates, read any object as YAML, apply manifests with a dry run, follow pod logs and open a terminal in a container.',
  },
  // Everyday tools
  {
    id: 'api-client',
    label: 'API client',
    page: 'api',
    state: 'built',
    group: 'tools',
    description:
      'Send HTTP requests from the server with {{variables}}, collections in folders, environments with secrets, history, Postman and OpenAPI import, authentication, retries, scripts and code snippets.',
  },
  {
    id: 'tools',
    label: 'Tools',
    page: 'tools',
    state: 'built',
    group: 'tools',
    description:
      'A file difference checker, a JWT token extractor and Base64 encode/decode, all in your browser.',
  },
  {
    id: 'forums',
    label: 'Forums',
    page: 'forums',
    state: 'built',
    group: 'tools',
    description:
      'Threads and replies in Markdown by category, with search, @mentions, reactions, follows, reports and moderation.',
  },
  {
    id: 'assistant',
    label: 'Assistant',
    page: null,
    state: 'built',
    group: 'tools',
    description:
      'An optional chat assistant on any OpenAI-compatible model the operator connects: it explains your design and proposes changes you preview on the board and apply or reject.',
  },
  // Administration
  {
    id: 'subscription',
    label: 'Subscription plans',
    page: 'subscription',
    state: 'built',
    group: 'administration',
    description:
      'Free, Pro, Ultra Pro and Enterprise with their generation and project limits, paid plans requested from staff, and vouchers.',
  },
  {
    id: 'admin',
    label: 'Admin panel',
    page: 'admin',
    state: 'built',
    group: 'administration',
    description:
      'For staff: users, activation requests, vouchers, site notices, error logs, email templates, mailing, system configuration and the audit trail.',
  },
  {
    id: 'database',
    label: 'Database service',
    page: null,
    state: 'built',
    group: 'administration',
    description:
      'For the owner and admins: connect to an external PostgreSQL, run parameterised queries (read-only unless a write is confirmed) and manage schemas from the admin panel, every statement logged.',
  },
  {
    id: 'changelog',
    label: 'Changelog',
    page: 'changelog',
    state: 'built',
    group: 'administration',
    description: 'What changed in each version, on the public site and inside the app.',
  },
] as const satisfies readonly ProductArea[];

export type TAreaId = (typeof AREAS)[number]['id'];

const BY_ID = new Map<string, ProductArea>(AREAS.map((area) => [area.id, area]));
const BY_PAGE = new Map<string, ProductArea>(
  AREAS.flatMap((area) => (area.page === null ? [] : [[area.page, area] as const])),
);

export function areaById(id: TAreaId): ProductArea {
  const area = BY_ID.get(id);
  if (!area) throw new Error(`Unknown area ${id}`);
  return area;
}

/** The area a signed-in page shows; every page key has one (a unit test checks it). */
export function areaOfPage(page: TPageKey): ProductArea {
  const area = BY_PAGE.get(page);
  if (!area) throw new Error(`No area for page ${page}`);
  return area;
}

export const isBuilt = (area: ProductArea): boolean => area.state === 'built';

export function areasInGroup(group: TAreaGroup): ProductArea[] {
  return AREAS.filter((area) => area.group === group);
}

export interface NavEntry {
  area: TAreaId;
  /** §2's label for the item. */
  label: string;
  /** Dashboard and Planner never fold into More. */
  isPinned?: boolean;
  isStaffOnly?: boolean;
  /** Not one of §2's header items: always listed in the More menu, never in the row. */
  isInMoreMenu?: boolean;
}

/** §2 "App header" navigation, in order; each item shows its area's state. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { area: 'dashboard', label: 'Dashboard', isPinned: true },
  { area: 'planner', label: 'Planner', isPinned: true },
  { area: 'converter', label: 'Converter' },
  { area: 'api-client', label: 'API Calls' },
  { area: 'audit', label: 'Audit' },
  { area: 'forums', label: 'Forums' },
  { area: 'inventory', label: 'Inventory' },
  { area: 'cmdb', label: 'CMDB' },
  { area: 'costing', label: 'Costing' },
  { area: 'monitoring', label: 'Monitoring' },
  { area: 'subscription', label: 'Plans' },
  { area: 'admin', label: 'Admin', isStaffOnly: true },
  { area: 'k8s', label: 'Clusters', isInMoreMenu: true },
  { area: 'drift', label: 'Drift', isInMoreMenu: true },
];
