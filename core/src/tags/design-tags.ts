import { findService } from '../iac/catalog/registry';
import type { TComponent, TDesign } from '../iac/design/schema-v2';
import { checkTagPolicies } from './check';
import { cloudTagViolations } from './cloud-rules';
import type { TTagMap, TTagPolicy, TTagViolation } from './model';

/** The tags Stratum adds to every resource itself (environment, managed-by; AWS also Name). */
export const BUILT_IN_TAGS: Readonly<Record<TDesign['provider'], number>> = {
  aws: 3,
  azure: 2,
  gcp: 1,
  oci: 1,
};

/** A component's tags: the design's defaults with its own on top. */
export function effectiveTags(
  design: Pick<TDesign, 'tags'>,
  component: Pick<TComponent, 'tags'>,
): Record<string, string> {
  return { ...design.tags, ...(component.tags ?? {}) };
}

/** What a policy's resource types are matched against for a component. */
export function componentTypes(component: Pick<TComponent, 'service' | 'resource'>): string[] {
  const service = findService(component.service);
  return [
    component.service,
    ...(service ? [service.kind] : []),
    ...(component.resource ? [component.resource.type] : []),
  ];
}

export interface TComponentTagReport {
  readonly componentId: string;
  readonly componentName: string;
  readonly tags: TTagMap;
  readonly violations: readonly TTagViolation[];
}

/** Each component's tags against the cloud's rules and the policies; components with none left out. */
export function designTagReport(
  design: Pick<TDesign, 'provider' | 'tags' | 'components'>,
  policies: readonly TTagPolicy[],
): TComponentTagReport[] {
  const out: TComponentTagReport[] = [];
  for (const c of design.components) {
    const tags = effectiveTags(design, c);
    const violations = componentTagViolations(design.provider, tags, c, policies);
    if (violations.length > 0)
      out.push({ componentId: c.id, componentName: c.name, tags, violations });
  }
  return out;
}

/** One component's tags (the design's with its own on top) against the cloud and the policies. */
export function componentTagViolations(
  cloud: TDesign['provider'],
  tags: TTagMap,
  component: Pick<TComponent, 'service' | 'resource'>,
  policies: readonly TTagPolicy[],
): TTagViolation[] {
  return [
    ...cloudTagViolations(cloud, tags, BUILT_IN_TAGS[cloud]),
    ...checkTagPolicies({ cloud, types: componentTypes(component), tags }, policies),
  ];
}
