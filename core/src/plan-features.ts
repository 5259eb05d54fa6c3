import { PLAN_IDS, type TPlanId } from './contract/common';
import { areaById, type TAreaId, type TAreaState } from './areas';
import {
  FEATURE_PLANS,
  GATED_FEATURES,
  TWIN_CAPABILITIES,
  twinCapabilities,
  type TGatedFeature,
  type TTwinCapability,
} from './plans-gating';

/** A §6 gated feature, or a digital-twin capability as `twin-<capability>`. */
export type TPlanCapabilityKey = TGatedFeature | `twin-${TTwinCapability}`;

interface CapabilityEntry {
  label: string;
  /** The area it belongs to: while that area is coming, so is the capability. */
  area: TAreaId;
  /** Its own state inside a built area (a built area can still lack one capability). */
  ownState: TAreaState;
}

/** Where each §6 capability lives and whether it exists; the plans page reads only this. */
const CAPABILITIES: Record<TPlanCapabilityKey, CapabilityEntry> = {
  generation: { label: 'Terraform, Bicep and ARM generation', area: 'iac', ownState: 'built' },
  deployment: { label: 'Deployment (simulated)', area: 'planner', ownState: 'built' },
  'api-advanced-auth': {
    label: 'API client: advanced authentication',
    area: 'api-client',
    ownState: 'built',
  },
  'api-retries': { label: 'API client: retries', area: 'api-client', ownState: 'built' },
  'api-code-snippets': {
    label: 'API client: code snippets',
    area: 'api-client',
    ownState: 'built',
  },
  'export-advanced': { label: 'Advanced export', area: 'planner', ownState: 'coming' },
  'api-pre-request': {
    label: 'API client: pre-request scripts',
    area: 'api-client',
    ownState: 'built',
  },
  'api-test-scripts': { label: 'API client: test scripts', area: 'api-client', ownState: 'built' },
  'advanced-analytics': {
    label: 'Advanced analytics: cost history and forecast',
    area: 'costing',
    ownState: 'built',
  },
  'twin-preview': { label: 'Digital twin: preview', area: 'drift', ownState: 'built' },
  'twin-detect': { label: 'Digital twin: drift detection', area: 'drift', ownState: 'built' },
  'twin-recommend': { label: 'Digital twin: recommendations', area: 'drift', ownState: 'built' },
  'twin-autopr': {
    label: 'Digital twin: automatic pull requests',
    area: 'drift',
    ownState: 'built',
  },
};

export interface PlanCapability {
  key: TPlanCapabilityKey;
  label: string;
  area: TAreaId;
  /** 'built' only when the capability and its area both are. */
  state: TAreaState;
  /** The plans that include it (§6). */
  plans: readonly TPlanId[];
}

function capability(key: TPlanCapabilityKey, plans: readonly TPlanId[]): PlanCapability {
  const entry = CAPABILITIES[key];
  const isBuilt = entry.ownState === 'built' && areaById(entry.area).state === 'built';
  return { key, label: entry.label, area: entry.area, state: isBuilt ? 'built' : 'coming', plans };
}

const PLAN_IDS_BY_TWIN = (twin: TTwinCapability): TPlanId[] =>
  PLAN_IDS.filter((plan) => twinCapabilities(plan).includes(twin));

/** Every §6 capability with its state, in the order of §6. */
export const PLAN_CAPABILITIES: readonly PlanCapability[] = [
  ...GATED_FEATURES.map((feature) => capability(feature, FEATURE_PLANS[feature])),
  ...TWIN_CAPABILITIES.map((twin) => capability(`twin-${twin}`, PLAN_IDS_BY_TWIN(twin))),
];

export interface PlanFeatureList {
  /** Built capabilities the plan may use today. */
  included: string[];
  /** Capabilities the plan will include once they are built: never shown as included. */
  coming: PlanCapability[];
}

/** What a plan's card lists: what it includes today, and apart from it what is coming. */
export function planFeatureList(plan: TPlanId): PlanFeatureList {
  const mine = PLAN_CAPABILITIES.filter((c) => c.plans.includes(plan));
  return {
    included: mine.filter((c) => c.state === 'built').map((c) => c.label),
    coming: mine.filter((c) => c.state === 'coming'),
  };
}
