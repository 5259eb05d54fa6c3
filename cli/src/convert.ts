import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { unzipSync } from 'fflate';
import { convertFiles } from '@stratum/core/convert/convert';
import {
  CONVERT_SOURCES,
  CONVERT_TARGETS,
  ConvertError,
  type TConvertFile,
  type TConvertSource,
  type TConvertTarget,
} from '@stratum/core/convert/types';
import { CLOUDS, type TCloud } from '@stratum/core/iac/types';
import { validateFiles } from './checks/validate-files';
import type { TOutcome } from './commands';
import { CliError, readTree } from './io';
import { writeGeneration } from './output-folder';

/** The same limit as the API's: a zip inflating past it is refused, not unpacked. */
const MAX_ZIP_BYTES = 50 * 1024 * 1024;

/** `<in>` as files: one file, every file of a folder, or the text files of a zip. */
export function readInput(input: string): TConvertFile[] {
  if (!existsSync(input)) throw new CliError(`${input}: not found`);
  if (statSync(input).isDirectory())
    return readTree(input).filter((f) => !f.path.split('/').some((s) => s.startsWith('.')));
  if (!input.toLowerCase().endsWith('.zip'))
    return [{ path: basename(input), content: readFileSync(input, 'utf8') }];
  let total = 0;
  const entries = unzipSync(readFileSync(input), {
    // The sizes the archive declares; fflate inflates into buffers of that size, no larger.
    filter: (f) => {
      total += f.originalSize;
      if (total > MAX_ZIP_BYTES) throw new CliError(`${input}: unpacks to more than 50 MB`);
      return !f.name.endsWith('/') && !f.name.startsWith('__MACOSX/');
    },
  });
  const decoder = new TextDecoder('utf-8', { fatal: true });
  return Object.entries(entries).flatMap(([path, bytes]) => {
    if (path.split('/').includes('..') || path.startsWith('/'))
      throw new CliError(`${input}: ${path} is outside the zip's folder`);
    try {
      return [{ path, content: decoder.decode(bytes) }];
    } catch {
      return []; // binary files (images, archives) have nothing to convert
    }
  });
}

const where = (w: { file: string; line: number }) => (w.line > 0 ? `${w.file}:${w.line}` : w.file);

export async function convertCommand(
  input: string,
  opts: { from?: string; to?: string; provider?: string; out?: string },
): Promise<TOutcome> {
  const from = CONVERT_SOURCES.find((s) => s === opts.from);
  if (!from) throw new CliError(`--from must be one of ${CONVERT_SOURCES.join(', ')}`);
  const to = CONVERT_TARGETS.find((t) => t === opts.to);
  if (!to) throw new CliError(`--to must be one of ${CONVERT_TARGETS.join(', ')}`);
  const provider = CLOUDS.find((c) => c === opts.provider);
  if (opts.provider !== undefined && !provider)
    throw new CliError(`--provider must be one of ${CLOUDS.join(', ')}`);
  if (!opts.out) throw new CliError('--out <dir> is required');
  const files = readInput(input);
  const output = convert(from, to, provider, files);
  const validation = await validateFiles(output.files);
  const { removed } = writeGeneration(opts.out, output.files);
  const lines = [
    `${output.files.length} files written to ${opts.out} (${from} → ${to})`,
    ...output.files.map((f) => `  ${f.path}`),
    ...removed.map((p) => `  removed ${p} (no longer written)`),
    ...(output.retarget
      ? [
          `re-targeted ${output.retarget.from} → ${output.retarget.to}:`,
          ...output.retarget.rows.map(
            (r) => `  ${r.id}: ${r.from} → ${r.to ?? `(not converted: ${r.reason ?? ''})`}`,
          ),
        ]
      : []),
    ...output.warnings.map((w) => `${where(w)}: warning: ${w.message}`),
    ...output.unconverted.map(
      (u) => `${where(u)}: not converted: ${u.kind} ${u.name}: ${u.reason}`,
    ),
    ...validation.map((v) => `${where(v)}: invalid: ${v.message}`),
  ];
  return {
    // The files are written either way; invalid output is a failure the exit status tells.
    ok: validation.length === 0,
    json: {
      ok: validation.length === 0,
      out: opts.out,
      files: output.files.map((f) => f.path),
      warnings: output.warnings,
      unconverted: output.unconverted,
      retarget: output.retarget ?? null,
      validation,
    },
    text: lines.join('\n'),
  };
}

function convert(
  from: TConvertSource,
  to: TConvertTarget,
  provider: TCloud | undefined,
  files: TConvertFile[],
) {
  try {
    return convertFiles({ from, to, ...(provider && { provider }), files });
  } catch (e) {
    if (e instanceof ConvertError)
      throw new CliError(
        `${e.file ? `${where({ file: e.file, line: e.line ?? 0 })}: ` : ''}${e.message}`,
      );
    throw e;
  }
}
