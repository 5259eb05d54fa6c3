import { genericServiceId } from '../../iac/catalog/generic/generic';
import { TF_PROVIDER } from '../../iac/catalog/generic/generic-terraform';
import { hasFlag, resourceSchema } from '../../iac/catalog/generic/schema-source';
import { TYPE_PREFIX } from '../../iac/design/validate-resource';
import type { TCloud } from '../../iac/types';
import type { TConvertWarning, TUnconverted } from '../types';
import { idFor, type TRecovered } from './components';
import { genericArguments } from './generic';
import type { TImportedResource, TInstance } from './instantiate';
import type { TCandidate } from './ownership';
import { setupAddresses } from './probe';
import { isTaggedVal, type TVal } from './value';

/**
 * Terraform → generic components: the resources no catalog component explains, each kept as a
 * generic resource of the design's cloud (or listed as unconverted), and the design's tags.
 */

export function designTagsOf(instance: TInstance, cloud: TCloud): Map<string, string> {
  const out = new Map<string, string>();
  const provider = instance.providers.get(
    { aws: 'aws', azure: 'azurerm', gcp: 'google', oci: 'oci' }[cloud],
  );
  const fromBlock = provider?.['default_tags'];
  const tags =
    cloud === 'aws' && fromBlock && (fromBlock as { $: string }).$ === 'block'
      ? (fromBlock as { body: Record<string, unknown> }).body['tags']
      : cloud === 'gcp'
        ? provider?.['default_labels']
        : undefined;
  if (tags && isTaggedVal(tags as TVal) && (tags as { $: string }).$ === 'obj') {
    for (const [k, v] of Object.entries((tags as { entries: Record<string, TVal> }).entries))
      if (typeof v === 'string' && k !== 'managed_by') out.set(k, v);
  }
  if (cloud === 'aws') return out;
  // azurerm and oci have no provider-wide tags, and the engine writes a GCP design's labels on
  // each resource (`default_labels` holds only its own `managed_by`): the design's are those
  // on every tagged resource.
  const attr = cloud === 'oci' ? 'freeform_tags' : cloud === 'gcp' ? 'labels' : 'tags';
  let common: Map<string, string> | undefined;
  for (const r of instance.resources) {
    const t = r.body[attr];
    if (!t || !isTaggedVal(t as TVal) || (t as { $: string }).$ !== 'obj') continue;
    if (cloud === 'gcp' && !isResourceLabels(r.type)) continue;
    const entries = Object.entries((t as { entries: Record<string, TVal> }).entries).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    );
    const here = new Map(entries);
    common = common ? new Map([...common].filter(([k, v]) => here.get(k) === v)) : here;
  }
  return new Map([...out, ...(common ?? [])]);
}

/**
 * Whether a google type's `labels` are its resource labels: the provider adds `default_labels` to
 * those (`terraform_labels`); a notification channel's are its settings (`topic`, `email_address`).
 * Without the schema data, any.
 */
function isResourceLabels(type: string): boolean {
  const attributes = resourceSchema('google', type)?.a;
  return !attributes?.['labels'] || attributes['terraform_labels'] !== undefined;
}

export interface TLeftovers {
  readonly generic: Record<string, unknown>[];
  /** A generic component's id → the address it was read from. */
  readonly genericAddress: Map<string, string>;
  /** A resource's address → the component (catalog or generic) it became. */
  readonly componentAt: Map<string, string>;
}

/** The generic components, with the warnings and unconverted entries the reading gives. */
export function genericComponents(input: {
  readonly base: TInstance;
  readonly cloud: TCloud;
  readonly region: string;
  readonly recovered: readonly TRecovered[];
  readonly owner: ReadonlyMap<string, TCandidate>;
  /** Resources the design's components write again under the same name. */
  readonly rewritten: ReadonlySet<string>;
  readonly taken: Set<string>;
  readonly designTags: ReadonlyMap<string, string>;
  readonly warnings: TConvertWarning[];
  readonly unconverted: TUnconverted[];
  /** A generic component's name (its id when its resource's name does not tell). */
  readonly nameOf: (id: string, x: TImportedResource) => string;
}): TLeftovers {
  const { base, cloud, region, recovered, owner, taken, designTags, warnings, unconverted } = input;
  const prefix = TYPE_PREFIX[cloud];
  const componentAt = new Map<string, string>();
  for (const r of recovered) componentAt.set(r.candidate.primary.address, r.id);
  const setup = setupAddresses(cloud, region);
  const isSetup = (x: TImportedResource) => setup.has(x.address.replace(/^(module\.[^.]+\.)+/, ''));
  const leftovers = base.resources.filter(
    (x) => !owner.has(x.address) && !isSetup(x) && !input.rewritten.has(x.address),
  );
  for (const x of base.resources)
    if (input.rewritten.has(x.address))
      warnings.push({
        file: x.file,
        line: x.line,
        message: `${x.address}: written again by the design's components under the same name`,
      });
  const generic: Record<string, unknown>[] = [];
  const genericAddress = new Map<string, string>();
  for (const x of leftovers)
    if (x.mode === 'resource' && x.type.startsWith(prefix))
      componentAt.set(x.address, idFor(x.name, taken));
  for (const x of leftovers) {
    if (x.mode === 'data') {
      unconverted.push({
        file: x.file,
        line: x.line,
        kind: 'data',
        name: x.address,
        reason:
          'a data source reads something outside the configuration; the design has no place for it',
        text: x.text,
      });
      continue;
    }
    if (!x.type.startsWith(prefix)) {
      unconverted.push({
        file: x.file,
        line: x.line,
        kind: 'resource',
        name: x.address,
        reason: `not a resource of the ${cloud} provider (a design holds one cloud's resources)`,
        text: x.text,
      });
      continue;
    }
    const id = componentAt.get(x.address)!;
    const schema = resourceSchema(TF_PROVIDER[cloud], x.type);
    const isSecret = (path: readonly string[]) => {
      let block = schema;
      for (const name of path.slice(0, -1)) block = block?.b?.[name];
      const last = path[path.length - 1]!;
      return hasFlag(block, last, 'S') || hasFlag(block, last, 'W');
    };
    const args = genericArguments(
      x,
      isSecret,
      { componentAt: (a) => componentAt.get(a) },
      designTags,
    );
    for (const d of args.dropped)
      unconverted.push({
        file: x.file,
        line: x.line,
        kind: 'expression',
        name: `${x.address}.${d.path}`,
        reason:
          'the expression refers to something a generic component cannot reference; set it on the board',
        text: `${d.path} = ${d.text}`,
      });
    warnings.push({
      file: x.file,
      line: x.line,
      message: `${x.address}: kept as a generic ${cloud} resource "${id}"`,
    });
    genericAddress.set(id, x.address);
    generic.push({
      id,
      service: genericServiceId(cloud),
      name: input.nameOf(id, x),
      properties: {},
      resource: { type: x.type, arguments: args.arguments },
    });
  }
  for (const x of base.resources) {
    if (x.repeated && x.mode === 'resource' && x.type.startsWith(prefix))
      warnings.push({
        file: x.file,
        line: x.line,
        message: `${x.address}: ${x.repeated} — the design holds one instance`,
      });
  }
  // Companions named otherwise than the engine names them: say which component took them.
  for (const r of recovered) {
    const local = r.candidate.primary.name;
    for (const x of r.candidate.owned) {
      if (x === r.candidate.primary || x.name === local || x.name.startsWith(`${local}_`)) continue;
      warnings.push({
        file: x.file,
        line: x.line,
        message: `${x.address}: read as part of ${r.id} (${r.service.name}), which writes it again`,
      });
    }
  }
  return { generic, genericAddress, componentAt };
}
