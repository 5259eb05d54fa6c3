import { buildTerraform } from '../../iac/build/terraform-build';
import { CLOUD_PROFILES, findService } from '../../iac/catalog/registry';
import { prepareParsedDesign } from '../../iac/generate';
import { probeDesign } from './probe-design';

/**
 * What a service's builder writes around its component's name in its outputs' descriptions
 * (`Identity Platform configuration ` before it, nothing after), read from the builder itself:
 * a design with one component of a marked name is built, and each description split at the mark.
 */
export interface TDescriptionTemplate {
  readonly before: string;
  readonly after: string;
}

/** A design name no builder writes by itself. */
const MARK = 'zq9-name';
const ID = 'probe-x';
const cache = new Map<string, readonly TDescriptionTemplate[]>();

export function descriptionTemplates(
  serviceId: string,
  region: string,
): readonly TDescriptionTemplate[] {
  const key = `${serviceId}|${region}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const templates = build(serviceId, region);
  cache.set(key, templates);
  return templates;
}

function build(serviceId: string, region: string): readonly TDescriptionTemplate[] {
  const service = findService(serviceId);
  if (!service) return [];
  try {
    const design = probeDesign(service.cloud, region, [{ id: ID, service, name: MARK }]);
    const prepared = prepareParsedDesign(design);
    if (!prepared.ok) return [];
    const { outputs } = buildTerraform(
      prepared.resolved,
      CLOUD_PROFILES[service.cloud],
      prepared.names,
    );
    return outputs.flatMap((o) => {
      const at = o.node === ID ? o.description.indexOf(MARK) : -1;
      // A description that is the name alone tells nothing of where a name is.
      if (at === -1 || o.description === MARK) return [];
      return [{ before: o.description.slice(0, at), after: o.description.slice(at + MARK.length) }];
    });
  } catch {
    return [];
  }
}

/** The component name a description written from one of the templates holds. */
export function nameInDescription(
  text: string,
  templates: readonly TDescriptionTemplate[],
): string | undefined {
  for (const { before, after } of templates) {
    if (text.length <= before.length + after.length) continue;
    if (!text.startsWith(before) || !text.endsWith(after)) continue;
    const name = text.slice(before.length, text.length - after.length);
    if (/^[a-z0-9][a-z0-9-]{0,39}$/.test(name)) return name;
  }
  return undefined;
}
