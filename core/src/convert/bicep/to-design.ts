import { armToDesign } from '../arm/to-design';
import type { TDesign } from '../../iac/design/schema-v2';
import type { TConvertFile, TConvertOutput } from '../types';
import { lineOf } from './parser';
import { bicepToArm } from './to-arm';

/** Where a resource type is declared in the Bicep files (`'Microsoft.X/y@…` or a nested `'y@…`). */
function locate(files: readonly TConvertFile[], type: string) {
  const last = type.split('/').pop()!;
  for (const needle of [`'${type}@`, `'${last}@`, `'${last}'`]) {
    for (const f of files) {
      if (!f.path.endsWith('.bicep')) continue;
      const i = f.content.indexOf(needle);
      if (i >= 0) return { file: f.path, line: lineOf(f.content, i) };
    }
  }
  return undefined;
}

/** Bicep → design: built to ARM first (bicepToArm), then every resource imported (armToDesign). */
export function bicepToDesign(files: readonly TConvertFile[], entry?: string): TConvertOutput {
  const arm = bicepToArm(files, entry);
  const warnings = [...arm.warnings];
  const unconverted = [...arm.unconverted];
  const components: TDesign['components'] = [];
  let design: TDesign | undefined;
  // Every entry file's template joins one design (parameters files are not templates).
  for (const f of arm.files.filter((x) => !x.path.endsWith('.parameters.json'))) {
    const r = armToDesign(JSON.parse(f.content) as unknown, {
      file: f.path.replace(/\.json$/, '.bicep'),
      locate: (type) => locate(files, type),
      name: f.path
        .replace(/\.json$/, '')
        .split('/')
        .pop()!,
      taken: new Set(components.map((c) => c.id)),
    });
    design ??= r.design;
    components.push(...r.design!.components);
    warnings.push(...r.warnings);
    unconverted.push(...r.unconverted);
  }
  return {
    files: [],
    ...(design ? { design: { ...design, components } } : {}),
    warnings,
    unconverted,
  };
}
