import { CONVERT_MAX_BYTES, type TConvertBody } from '@stratum/core/contract/converter/convert';
import type { TConvertData } from '@stratum/core/contract/converter/convert';
import { convertFiles } from '@stratum/core/convert/convert';
import { ConvertError, type TConvertFile } from '@stratum/core/convert/types';
import { validateFiles } from '@stratum/cli/checks/validate-files';
import { AppError } from '../../lib/errors';
import { tooLarge, unpackUpload } from './unpack';

/** What a conversion answers, and the validators' failure for the caller to log (no logger here). */
export interface TConvertJobResult {
  data: TConvertData;
  validatorCrash?: string;
}

/**
 * One conversion, in a worker thread (lib/jobs): unpack the upload, run core's converter, check
 * every output file with the project's validators (the CLI's checks). A ConvertError answers 400
 * with its file and line; a parser crashing on odd input is thrown as is, for the caller to log
 * and answer 400 with what it said.
 */
export async function convertJob(body: TConvertBody): Promise<TConvertJobResult> {
  const upload = unpackUpload(body.files);
  let output: ReturnType<typeof convertFiles>;
  try {
    output = convertFiles({
      from: body.from,
      to: body.to,
      ...(body.provider && { provider: body.provider }),
      files: upload.files,
    });
  } catch (e) {
    if (!(e instanceof ConvertError)) throw e;
    const where = e.file ? `${e.file}${e.line ? `:${e.line}` : ''}: ` : '';
    throw new AppError('request/invalid', `${where}${e.message}`);
  }
  const checked = await validate(output.files);
  return {
    data: {
      files: [...output.files],
      ...(output.design && { design: output.design }),
      warnings: [...upload.skipped, ...output.warnings],
      unconverted: [...output.unconverted],
      ...(output.retarget && {
        retarget: { ...output.retarget, rows: [...output.retarget.rows] },
      }),
      validation: checked.validation,
    },
    ...(checked.crash && { validatorCrash: checked.crash }),
  };
}

/** `POST /api/converter/validate`: the validators on their own, for the assistant's answers. */
export async function validateJob(
  body: Readonly<{ files: Readonly<Record<string, string>> }>,
): Promise<TConvertData['validation']> {
  const files = Object.entries(body.files).map(([path, content]) => ({ path, content }));
  if (files.reduce((n, f) => n + Buffer.byteLength(f.content), 0) > CONVERT_MAX_BYTES)
    throw tooLarge();
  return validateFiles(files);
}

/** The validators' findings; if they cannot run at all, that is said as a finding, not a 500. */
async function validate(
  files: readonly TConvertFile[],
): Promise<{ validation: TConvertData['validation']; crash?: string }> {
  try {
    return { validation: await validateFiles(files) };
  } catch (e) {
    return {
      validation: [{ file: '', line: 0, message: 'The validators could not run on this output.' }],
      crash: e instanceof Error ? (e.stack ?? e.message) : String(e),
    };
  }
}

/** The converter's jobs, run by the worker pool (server/src/jobs-worker.ts). */
export const CONVERTER_JOBS = { convert: convertJob, validate: validateJob };
export type TConverterJobs = typeof CONVERTER_JOBS;
