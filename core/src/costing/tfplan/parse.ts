import { formatIndex } from './address';
import { indexConfiguration, type TConfigIndex } from './config';
import { PLAN_MSG } from './messages';
import type {
  TParseResult,
  TParsedTerraform,
  TPlanAction,
  TTfEmptyBlock,
  TTfResource,
} from './model';
import { cloudOfProvider, cloudOfResourceType, parseProviderName } from './providers';
import { mirrorSensitivePaths, sensitiveAttributePaths } from './sensitive';
import { asArray, asNumber, asRecord, asString } from './values';

/**
 * Reads `terraform show -json` output of a plan (format 0.1 and later: `resource_changes`,
 * `prior_state`, `planned_values`, `configuration`) or of a state (`values.root_module` with
 * `child_modules` to any depth), and a raw state file of format 4. The input is the parsed JSON
 * or its text. Anything else answers a message saying what to send instead.
 */
export function parseTerraformJson(input: unknown): TParseResult {
  let doc: unknown = input;
  if (typeof input === 'string') {
    const text = input.replace(/^\uFEFF/, '');
    if (text.trim() === '') return fail(PLAN_MSG.empty);
    if (text.startsWith('PK\u0003\u0004')) return fail(PLAN_MSG.binaryPlan);
    try {
      doc = JSON.parse(text);
    } catch (error) {
      if (/^\s*(#.*\n\s*)*(resource|terraform|provider|module|variable|data|locals)\s/.test(text)) {
        return fail(PLAN_MSG.hcl);
      }
      return fail(PLAN_MSG.notJson(error instanceof Error ? error.message : 'unreadable'));
    }
  }
  if (doc === undefined || doc === null) return fail(PLAN_MSG.noPlan);
  const d = asRecord(doc);
  if (!d) return fail(PLAN_MSG.notObject);

  // A raw state file (`terraform.tfstate`): `version` is a number, there is no format_version.
  const rawVersion = asNumber(d.version);
  if (d.format_version === undefined && rawVersion !== null && typeof d.version === 'number') {
    if (rawVersion < 4) return fail(PLAN_MSG.legacyState(rawVersion));
    if (rawVersion > 4) return fail(PLAN_MSG.rawStateVersion(rawVersion));
    return parseRawState(d);
  }

  const isPlan = ['resource_changes', 'planned_values', 'prior_state', 'resource_drift'].some(
    (k) => k in d,
  );
  const formatVersion = asString(d.format_version);
  if (!formatVersion) return fail(isPlan ? PLAN_MSG.noFormatVersion : PLAN_MSG.notPlan);
  const major = /^(\d+)\.(\d+)(\.\d+)?$/.exec(formatVersion);
  if (!major || Number(major[1]) > 1) return fail(PLAN_MSG.formatVersion(formatVersion));
  const terraformVersion = asString(d.terraform_version);

  if (isPlan) return parsePlan(d, formatVersion, terraformVersion);
  const known = new Set(['format_version', 'terraform_version', 'values']);
  if (!('values' in d) && Object.keys(d).some((k) => !known.has(k))) return fail(PLAN_MSG.notPlan);
  // `terraform show -json` of an empty state is `{"format_version":"1.0"}`.
  const resources: TTfResource[] = [];
  const values = asRecord(d.values);
  if (values) {
    const error = walkStateModule(values.root_module, 'values.root_module', 0, (r) => {
      resources.push({ ...r, action: 'no-op', after: r.before });
    });
    if (error) return fail(error);
  }
  return {
    ok: true,
    value: {
      ...NO_EXTRAS,
      kind: 'state',
      formatVersion,
      terraformVersion,
      resources,
      outputs: Object.keys(asRecord(values?.outputs) ?? {}),
    },
  };
}

const NO_EXTRAS: Pick<TParsedTerraform, 'emptyBlocks' | 'outputs' | 'serial' | 'lineage'> = {
  emptyBlocks: [],
  outputs: [],
  serial: null,
  lineage: null,
};

function fail(message: string): TParseResult {
  return { ok: false, message };
}

type TStateResource = Omit<TTfResource, 'action' | 'after'>;

const NO_CONFIG: TConfigIndex = {
  providerRegion: () => null,
  references: () => ({}),
  targets: () => [],
};

function base(
  fields: {
    address: string;
    moduleAddress: string | null;
    mode: 'managed' | 'data';
    type: string;
    name: string;
    providerName: string;
  },
  config: TConfigIndex,
): Omit<TStateResource, 'before'> {
  const provider = parseProviderName(fields.providerName);
  const configAddress = `${fields.mode === 'data' ? 'data.' : ''}${fields.type}.${fields.name}`;
  return {
    ...fields,
    provider,
    cloud: fields.providerName ? cloudOfProvider(provider.type) : cloudOfResourceType(fields.type),
    isForgotten: false,
    afterUnknown: null,
    providerRegion: config.providerRegion(fields.moduleAddress, configAddress, provider),
    references: config.references(fields.moduleAddress, configAddress),
    configTargets: config.targets(fields.moduleAddress, configAddress),
    dependencies: [],
    sensitivePaths: [],
    previousAddress: null,
    actionReason: null,
  };
}

/** The resources of one module of a `terraform show -json` state, then its child modules. */
function walkStateModule(
  module: unknown,
  where: string,
  depth: number,
  add: (r: TStateResource) => void,
  config: TConfigIndex = NO_CONFIG,
): string | null {
  if (module === undefined || module === null) return null;
  const m = asRecord(module);
  if (!m) return PLAN_MSG.badResource(where, 'is not an object');
  if (depth > 64) return PLAN_MSG.badResource(where, 'nests modules too deeply');
  const moduleAddress = asString(m.address);
  const resources = asArray(m.resources);
  for (let i = 0; i < resources.length; i += 1) {
    const r = asRecord(resources[i]);
    const at = `${where}.resources[${i}]`;
    const type = asString(r?.type);
    const name = asString(r?.name);
    if (!r || !type || !name) return PLAN_MSG.badResource(at, 'has no type or name');
    const mode = r.mode === 'data' ? 'data' : 'managed';
    const local = `${mode === 'data' ? 'data.' : ''}${type}.${name}${formatIndex(r.index)}`;
    const address = asString(r.address) ?? (moduleAddress ? `${moduleAddress}.${local}` : local);
    const deposed = asString(r.deposed);
    add({
      ...base(
        {
          address: deposed ? `${address} (deposed ${deposed})` : address,
          moduleAddress,
          mode,
          type,
          name,
          providerName: asString(r.provider_name) ?? '',
        },
        config,
      ),
      before: asRecord(r.values) ?? {},
      dependencies: stringList(r.depends_on),
      sensitivePaths: mirrorSensitivePaths(r.sensitive_values),
    });
  }
  const children = asArray(m.child_modules);
  for (let i = 0; i < children.length; i += 1) {
    const error = walkStateModule(
      children[i],
      `${where}.child_modules[${i}]`,
      depth + 1,
      add,
      config,
    );
    if (error) return error;
  }
  return null;
}

const ACTIONS: Readonly<Record<string, TPlanAction>> = {
  'no-op': 'no-op',
  create: 'create',
  read: 'read',
  update: 'update',
  delete: 'delete',
  forget: 'delete',
};

function actionOf(actions: readonly unknown[]): TPlanAction | null {
  const names = actions.map((a) => (typeof a === 'string' ? a : ''));
  if (names.length === 1) return ACTIONS[names[0] ?? ''] ?? null;
  const set = new Set(names);
  if (names.length === 2 && set.has('create') && (set.has('delete') || set.has('forget'))) {
    return 'replace';
  }
  return null;
}

function parsePlan(
  d: Record<string, unknown>,
  formatVersion: string,
  terraformVersion: string | null,
): TParseResult {
  const config = indexConfiguration(d.configuration, d.variables);
  const resources: TTfResource[] = [];
  const seen = new Set<string>();

  const changes = 'resource_changes' in d ? d.resource_changes : undefined;
  if (changes !== undefined && changes !== null && !Array.isArray(changes)) {
    return fail(PLAN_MSG.badResource('resource_changes', 'is not a list'));
  }
  const list = asArray(changes);
  for (let i = 0; i < list.length; i += 1) {
    const rc = asRecord(list[i]);
    const type = asString(rc?.type);
    const name = asString(rc?.name);
    if (!rc || !type || !name) return fail(PLAN_MSG.badChange(i, 'has no type or name'));
    const change = asRecord(rc.change);
    if (!change || !Array.isArray(change.actions)) {
      return fail(PLAN_MSG.badChange(i, 'has no change.actions'));
    }
    const action = actionOf(change.actions);
    if (!action) {
      return fail(
        PLAN_MSG.badChange(
          i,
          `has actions ${JSON.stringify(change.actions)}, which this reader does not know`,
        ),
      );
    }
    const mode = rc.mode === 'data' ? 'data' : 'managed';
    const moduleAddress = asString(rc.module_address);
    const local = `${mode === 'data' ? 'data.' : ''}${type}.${name}${formatIndex(rc.index)}`;
    const address = asString(rc.address) ?? (moduleAddress ? `${moduleAddress}.${local}` : local);
    const deposed = asString(rc.deposed);
    const key = deposed ? `${address} (deposed ${deposed})` : address;
    seen.add(key);
    const before = asRecord(change.before);
    const after = asRecord(change.after);
    resources.push({
      ...base(
        {
          address: key,
          moduleAddress,
          mode,
          type,
          name,
          providerName: asString(rc.provider_name) ?? '',
        },
        config,
      ),
      isForgotten: change.actions.includes('forget'),
      action,
      sensitivePaths: mirrorSensitivePaths(
        action === 'delete' ? change.before_sensitive : change.after_sensitive,
      ),
      previousAddress: asString(rc.previous_address),
      actionReason: asString(rc.action_reason),
      before: action === 'create' ? null : before,
      after: action === 'delete' ? null : after,
      afterUnknown: asRecord(change.after_unknown),
    });
  }

  // Resources the plan does not list (a refresh-only plan, or Terraform leaving out an empty
  // resource_changes) stay as the prior state has them; only planned_values may add new ones.
  const prior = new Map<string, TStateResource>();
  const priorValues = asRecord(asRecord(d.prior_state)?.values);
  const priorError = walkStateModule(
    priorValues?.root_module,
    'prior_state.values.root_module',
    0,
    (r) => prior.set(r.address, r),
    config,
  );
  if (priorError) return fail(priorError);
  const planned = new Map<string, TStateResource>();
  const plannedError = walkStateModule(
    asRecord(d.planned_values)?.root_module,
    'planned_values.root_module',
    0,
    (r) => planned.set(r.address, r),
    config,
  );
  if (plannedError) return fail(plannedError);
  // resource_changes carry no `depends_on`; the prior state (and planned values) do.
  for (let i = 0; i < resources.length; i += 1) {
    const r = resources[i];
    const from = r ? (prior.get(r.address) ?? planned.get(r.address)) : undefined;
    if (r && from && from.dependencies.length > 0) {
      resources[i] = { ...r, dependencies: from.dependencies };
    }
  }
  for (const r of prior.values()) {
    if (seen.has(r.address)) continue;
    seen.add(r.address);
    resources.push({ ...r, action: 'no-op', after: planned.get(r.address)?.before ?? r.before });
  }
  if (changes === undefined) {
    for (const r of planned.values()) {
      if (seen.has(r.address)) continue;
      resources.push({ ...r, action: 'create', after: r.before, before: null });
    }
  }
  const outputs = new Set([
    ...Object.keys(asRecord(asRecord(d.planned_values)?.outputs) ?? {}),
    ...Object.keys(asRecord(d.output_changes) ?? {}),
  ]);
  return {
    ok: true,
    value: {
      ...NO_EXTRAS,
      kind: 'plan',
      formatVersion,
      terraformVersion,
      resources,
      outputs: [...outputs],
    },
  };
}

/** A raw state file (format 4): `resources[].instances[]` with `attributes`. */
function parseRawState(d: Record<string, unknown>): TParseResult {
  const resources: TTfResource[] = [];
  const emptyBlocks: TTfEmptyBlock[] = [];
  const list = asArray(d.resources);
  for (let i = 0; i < list.length; i += 1) {
    const r = asRecord(list[i]);
    const type = asString(r?.type);
    const name = asString(r?.name);
    if (!r || !type || !name)
      return fail(PLAN_MSG.badResource(`resources[${i}]`, 'has no type or name'));
    const mode = r.mode === 'data' ? 'data' : 'managed';
    const moduleAddress = asString(r.module);
    const instances = asArray(r.instances);
    if (!instances.some((inst) => asRecord(inst))) {
      emptyBlocks.push({
        moduleAddress,
        mode,
        type,
        name,
        providerName: asString(r.provider) ?? '',
      });
    }
    for (const inst of instances) {
      const instance = asRecord(inst);
      if (!instance) continue;
      const local = `${mode === 'data' ? 'data.' : ''}${type}.${name}${formatIndex(instance.index_key)}`;
      const address = moduleAddress ? `${moduleAddress}.${local}` : local;
      const deposed = asString(instance.deposed);
      const values = asRecord(instance.attributes) ?? {};
      resources.push({
        ...base(
          {
            address: deposed ? `${address} (deposed ${deposed})` : address,
            moduleAddress,
            mode,
            type,
            name,
            providerName: asString(r.provider) ?? '',
          },
          NO_CONFIG,
        ),
        action: 'no-op',
        before: values,
        after: values,
        // Terraform 0.12 also wrote explicit `depends_on` per instance (0.13 folded it into dependencies).
        dependencies: [
          ...new Set([...stringList(instance.dependencies), ...stringList(instance.depends_on)]),
        ],
        sensitivePaths: sensitiveAttributePaths(instance.sensitive_attributes),
      });
    }
  }
  return {
    ok: true,
    value: {
      kind: 'state',
      formatVersion: '4',
      terraformVersion: asString(d.terraform_version),
      resources,
      emptyBlocks,
      outputs: Object.keys(asRecord(d.outputs) ?? {}),
      serial: asNumber(d.serial),
      lineage: asString(d.lineage),
    },
  };
}

function stringList(v: unknown): string[] {
  return asArray(v).filter((x): x is string => typeof x === 'string' && x !== '');
}
