import type { TCloud } from '../iac/types';
import { splitAddress } from '../costing/tfplan/address';
import type { TParsedTerraform, TTfResource } from '../costing/tfplan/model';
import { cloudOfProviderType, cloudOfResourceTypeName, isUnknownProvider } from './clouds';
import { cloudIdOf, displayNameOf, regionOf, tagsOf } from './describe';
import type { TInventoryInstance, TParsedSource } from './model';
import { plural, WarningSink } from './warnings';

/**
 * A Terraform state or plan, as the shared reader (`costing/tfplan`) parsed it, turned into
 * inventory instances with the counts the import answers.
 */
export function inventoryFromTerraform(
  kind: 'tfstate' | 'plan',
  tf: TParsedTerraform,
): TParsedSource {
  const warnings = new WarningSink();
  const unknownProviders = new Set<string>();
  const blocks = new Set<string>();
  const modules = new Set<string>();
  const instances: TInventoryInstance[] = [];
  const addresses = new Set<string>();

  for (const b of tf.emptyBlocks) {
    blocks.add(`${b.moduleAddress ?? ''}|${b.mode}|${b.type}|${b.name}`);
    addModules(modules, b.moduleAddress);
  }
  for (const r of tf.resources) {
    blocks.add(`${r.moduleAddress ?? ''}|${r.mode}|${r.type}|${r.name}`);
    addModules(modules, r.moduleAddress);
    if (r.address.includes(' (deposed ')) {
      warnings.add(
        'deposed-skipped',
        (n) =>
          `${plural(n, 'deposed object is', 'deposed objects are')} not listed: Terraform keeps them only until a create-before-destroy replacement finishes.`,
        r.address,
      );
      continue;
    }
    if (addresses.has(r.address)) {
      warnings.add(
        'duplicate-address',
        (n) =>
          `${plural(n, 'address appears', 'addresses appear')} more than once (an unreadable instance key?): the first is listed.`,
        r.address,
      );
      continue;
    }
    addresses.add(r.address);
    const providerType = r.providerName ? r.provider.type : null;
    if (providerType && isUnknownProvider(providerType)) {
      unknownProviders.add(providerType);
      warnings.add(
        'unknown-provider',
        (n) =>
          `${plural(n, 'instance uses', 'instances use')} a provider Stratum does not map to a cloud (${[...unknownProviders].join(', ')}): listed without a cloud.`,
        r.address,
      );
    }
    const cloud = providerType
      ? cloudOfProviderType(providerType)
      : cloudOfResourceTypeName(r.type);
    instances.push(toInstance(r, providerType, cloud, tf.kind === 'plan'));
  }

  if (tf.resources.length === 0 && tf.emptyBlocks.length === 0) {
    warnings.add(
      'empty-source',
      () =>
        tf.kind === 'plan'
          ? 'The plan names no resource: nothing to list.'
          : 'The state holds no resource: nothing to list.',
      kind,
    );
  }
  const managed = instances.filter((i) => i.mode === 'managed').length;
  return {
    kind,
    counts: {
      blocks: blocks.size,
      instances: instances.length,
      managed,
      data: instances.length - managed,
      modules: modules.size,
      outputs: tf.outputs.length,
    },
    warnings: warnings.list(),
    terraformVersion: tf.terraformVersion,
    serial: tf.serial,
    lineage: tf.lineage,
    instances,
    outputs: tf.outputs,
  };
}

function toInstance(
  r: TTfResource,
  providerType: string | null,
  cloud: TCloud | null,
  isPlan: boolean,
): TInventoryInstance {
  const attributes = { ...((r.action === 'delete' ? r.before : (r.after ?? r.before)) ?? {}) };
  const tags = tagsOf(cloud, attributes);
  return {
    address: r.address,
    module: r.moduleAddress,
    mode: r.mode,
    type: r.type,
    name: r.name,
    provider: providerType,
    cloud,
    region: regionOf(cloud, attributes, r.providerRegion),
    cloudId: cloudIdOf(attributes),
    displayName: displayNameOf(attributes, tags, localName(r)),
    tags,
    attributes,
    sensitivePaths: r.sensitivePaths.map((p) => [...p]),
    dependencies: [...r.dependencies],
    references: r.configTargets.map((t) => {
      const anchor = ancestorModule(r.moduleAddress, t.levelsUp);
      return anchor ? `${anchor}.${t.target}` : t.target;
    }),
    action: isPlan ? r.action : null,
    previousAddress: r.previousAddress,
    actionReason: r.actionReason,
  };
}

/** `module.a["k"].aws_s3_bucket.this[0]` → `this[0]`. */
function localName(r: TTfResource): string {
  const rest = r.moduleAddress ? r.address.slice(r.moduleAddress.length + 1) : r.address;
  const local = r.mode === 'data' ? rest.slice('data.'.length) : rest;
  return local.startsWith(`${r.type}.`) ? local.slice(r.type.length + 1) : r.name;
}

/** The module instance `levels` above `module.a["k"].module.b[0]` (null past the root). */
function ancestorModule(moduleAddress: string | null, levels: number): string | null {
  if (!moduleAddress) return null;
  if (levels === 0) return moduleAddress;
  const chain = moduleChain(moduleAddress);
  return chain[chain.length - 1 - levels] ?? null;
}

/** `module.a["k"].module.b` → [`module.a["k"]`, `module.a["k"].module.b`]. */
function moduleChain(moduleAddress: string): string[] {
  const steps = splitAddress(moduleAddress);
  if (!steps) return [moduleAddress];
  const chain: string[] = [];
  let prefix = '';
  for (let i = 0; i + 1 < steps.length; i += 2) {
    const step = steps[i + 1];
    if (steps[i]?.name !== 'module' || !step) break;
    prefix = `${prefix}${prefix ? '.' : ''}module.${step.name}${step.key === null ? '' : `[${step.key}]`}`;
    chain.push(prefix);
  }
  return chain;
}

/** A module instance and every module instance it is nested in. */
function addModules(modules: Set<string>, moduleAddress: string | null): void {
  if (moduleAddress) for (const m of moduleChain(moduleAddress)) modules.add(m);
}
