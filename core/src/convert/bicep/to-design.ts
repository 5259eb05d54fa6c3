import { armToDesign } from '../arm/to-design';
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
  const first = arm.files[0]!;
  const r = armToDesign(JSON.parse(first.content) as unknown, {
    file: first.path.replace(/\.json$/, '.bicep'),
    locate: (type) => locate(files, type),
    name: first.path
      .replace(/\.json$/, '')
      .split('/')
      .pop()!,
  });
  return {
    files: [],
    ...(r.design ? { design: r.design } : {}),
    warnings: [...arm.warnings, ...r.warnings],
    unconverted: [...arm.unconverted, ...r.unconverted],
  };
}
