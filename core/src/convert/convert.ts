import { armToBicep } from './arm/to-bicep';
import { armFilesToDesign } from './arm/to-design';
import { bicepToArm } from './bicep/to-arm';
import { bicepToDesign } from './bicep/to-design';
import { terraformToDesign } from './terraform/import';
import { findService } from '../iac/catalog/registry';
import type { TDesign } from '../iac/design/schema-v2';
import { generatePrepared, prepareParsedDesign } from '../iac/generate';
import { retargetDesign } from '../iac/retarget';
import type { TCloud } from '../iac/types';
import {
  CONVERT_PAIRS,
  ConvertError,
  type TConvertFile,
  type TConvertOutput,
  type TConvertRequest,
  type TConvertSource,
  type TConvertTarget,
  type TRetargetTable,
  type TUnconverted,
} from './types';

/**
 * The converter's one entry point (issue 15): the API, the CLI and the page call it. Each pair of
 * formats is one function in DIRECTIONS; a pair not listed there answers a ConvertError saying
 * which targets its source has.
 */
type TDirection = (req: TConvertRequest) => TConvertOutput;

/** The file a design-to-code output names when a design came from no single input file. */
export const DESIGN_FILE = 'design.json';

/** Every pair of CONVERT_PAIRS and the function that converts it. */
const DIRECTIONS: Partial<Record<`${TConvertSource}>${TConvertTarget}`, TDirection>> = {
  'bicep>arm': (req) => bicepToArm(req.files),
  'bicep>design': (req) => withDesignFile(bicepToDesign(req.files)),
  'arm>bicep': (req) => armToBicep(req.files),
  'arm>design': (req) => withDesignFile(armFilesToDesign(req.files)),
  'terraform>design': (req) => terraformTo(req),
  'terraform>terraform': (req) => terraformTo(req),
  'terraform>bicep': (req) => terraformTo(req),
  'terraform>arm': (req) => terraformTo(req),
};

/** Targets reachable from a source, for the page's target picker and error messages. */
export function targetsOf(from: TConvertSource): readonly TConvertTarget[] {
  return CONVERT_PAIRS[from];
}

export function convertFiles(req: TConvertRequest): TConvertOutput {
  if (req.files.length === 0) throw new ConvertError('Add at least one file to convert.');
  const run = DIRECTIONS[`${req.from}>${req.to}`];
  if (!run) {
    const targets = targetsOf(req.from);
    throw new ConvertError(
      `${LABELS[req.from]} cannot be converted to ${LABELS[req.to]}` +
        (targets.length > 0
          ? `; from ${LABELS[req.from]} the converter writes ${targets.map((t) => LABELS[t]).join(', ')}.`
          : '.'),
    );
  }
  return run(req);
}

export const LABELS: Record<TConvertSource | TConvertTarget, string> = {
  terraform: 'Terraform',
  bicep: 'Bicep',
  arm: 'ARM',
  design: 'a design',
};

/**
 * A design in the cloud asked for: re-targeted when it is another one, with the mapping table;
 * nodes with no equivalent are listed as unconverted (they are left out of the output).
 */
export function designOnCloud(
  design: TDesign,
  cloud: TCloud,
  source: string,
): { design: TDesign; retarget?: TRetargetTable; unconverted: TUnconverted[] } {
  if (design.provider === cloud) return { design, unconverted: [] };
  const result = retargetDesign(design, cloud);
  const unmapped = new Map(result.unmapped.map((u) => [u.id, u]));
  const after = new Map(
    [...result.design.groups, ...result.design.components].map((n) => [n.id, n.service]),
  );
  const rows = [...design.groups, ...design.components].map((n) => {
    const to = after.get(n.id);
    return to
      ? { id: n.id, from: n.service, to }
      : { id: n.id, from: n.service, reason: unmapped.get(n.id)?.reason ?? 'not mapped' };
  });
  const unconverted = [...design.groups, ...design.components]
    .filter((n) => !after.has(n.id))
    .map((n): TUnconverted => ({
      file: source,
      line: 0,
      kind: 'component',
      name: n.id,
      reason: `${findService(n.service)?.name ?? n.service}: ${unmapped.get(n.id)?.reason ?? 'not mapped'}`,
      text: JSON.stringify(n, null, 2),
    }));
  return {
    design: result.design,
    retarget: { from: design.provider, to: cloud, rows },
    unconverted,
  };
}

/** A design as code of one format, through the engine (complete, validate, build, emit). */
export function designToFiles(
  design: TDesign,
  format: 'terraform' | 'bicep' | 'arm',
): TConvertFile[] {
  const prepared = prepareParsedDesign(design, { format });
  const problems = (issues: readonly { path: string; message: string }[]) =>
    issues
      .slice(0, 5)
      .map((i) => (i.path ? `${i.path}: ${i.message}` : i.message))
      .join('; ');
  if (!prepared.ok) {
    throw new ConvertError(`The converted design does not validate: ${problems(prepared.issues)}`);
  }
  const generated = generatePrepared(prepared, { format, ci: false });
  if (!generated.ok) {
    throw new ConvertError(`The engine could not write ${format}: ${problems(generated.issues)}`);
  }
  return generated.files.map((f) => ({ path: f.path, content: f.content }));
}

/** The cloud code of a format is written for: Bicep and ARM are Azure's. */
export function targetCloud(req: TConvertRequest, design: TDesign): TCloud {
  if (req.to === 'bicep' || req.to === 'arm') {
    if (req.provider && req.provider !== 'azure') {
      throw new ConvertError(`${LABELS[req.to]} is for Azure; choose azure or Terraform.`);
    }
    return 'azure';
  }
  return req.provider ?? design.provider;
}

export const designFile = (design: TDesign): TConvertFile => ({
  path: DESIGN_FILE,
  content: JSON.stringify(design, null, 2) + '\n',
});

/** A design answer carries its document as a file too (downloads, the CLI's --out). */
function withDesignFile(out: TConvertOutput): TConvertOutput {
  if (!out.design) throw new ConvertError('Nothing in the upload could be read as a design.');
  return { ...out, files: [designFile(out.design)] };
}

/**
 * Terraform → a design (H2's importer), re-targeted when another cloud is asked for, then written
 * by the engine in the format asked for. Warnings and unconverted pieces of every step add up.
 */
function terraformTo(req: TConvertRequest): TConvertOutput {
  const imported = terraformToDesign(req.files);
  if (!imported.design) throw new ConvertError('No Terraform resources were found in the upload.');
  const source = req.files.find((f) => /\.tf(\.json)?$/.test(f.path))?.path ?? req.files[0]!.path;
  const cloud = targetCloud(req, imported.design);
  const placed = designOnCloud(imported.design, cloud, source);
  const unconverted = [...imported.unconverted, ...placed.unconverted];
  const base = {
    warnings: imported.warnings,
    unconverted,
    ...(placed.retarget && { retarget: placed.retarget }),
  };
  if (req.to === 'design')
    return { ...base, design: placed.design, files: [designFile(placed.design)] };
  if (req.to === 'terraform') return { ...base, files: designToFiles(placed.design, 'terraform') };
  const azure = withoutTerraformOnly(placed.design, req.files, source);
  return {
    ...base,
    unconverted: [...unconverted, ...azure.unconverted],
    files: designToFiles(azure.design, req.to),
  };
}

/**
 * Bicep and ARM cannot hold a generic Terraform resource (`azure.resource`, an azurerm_* type the
 * catalog lacks): each is left out of the design written, with its connections, and listed.
 */
function withoutTerraformOnly(
  design: TDesign,
  files: readonly TConvertFile[],
  source: string,
): { design: TDesign; unconverted: TUnconverted[] } {
  const dropped = design.components.filter((c) => c.service === 'azure.resource');
  if (dropped.length === 0) return { design, unconverted: [] };
  const ids = new Set(dropped.map((c) => c.id));
  return {
    design: {
      ...design,
      components: design.components.filter((c) => !ids.has(c.id)),
      connections: design.connections.filter((c) => !ids.has(c.from) && !ids.has(c.to)),
    },
    unconverted: dropped.map((c) => ({
      ...blockOf(files, c.resource?.type ?? '', c.name ?? c.id, source),
      kind: 'resource',
      name: c.resource?.type ? `${c.resource.type}.${c.name ?? c.id}` : c.id,
      reason: `${c.resource?.type ?? 'this resource'} is Terraform-only here: Bicep and ARM need the ARM resource type, added by hand or as a generic ARM resource`,
      text: JSON.stringify(c, null, 2),
    })),
  };
}

/**
 * Where `resource "<type>" "<name>"` is written in the upload (the component's name may be the
 * block's with hyphens), else the first block of that type, else the file with no line.
 */
function blockOf(
  files: readonly TConvertFile[],
  type: string,
  name: string,
  fallback: string,
): { file: string; line: number } {
  const quote = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const names = [...new Set([name, name.replace(/-/g, '_')])].map(quote).join('|');
  for (const header of [
    new RegExp(`^\\s*resource\\s+"${quote(type)}"\\s+"(${names})"`),
    new RegExp(`^\\s*resource\\s+"${quote(type)}"\\s`),
  ]) {
    for (const f of files) {
      if (!f.path.endsWith('.tf')) continue;
      const i = f.content.split('\n').findIndex((l) => header.test(l));
      if (i >= 0) return { file: f.path, line: i + 1 };
    }
  }
  return { file: fallback, line: 0 };
}
