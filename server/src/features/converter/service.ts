import type { FastifyBaseLogger } from 'fastify';
import type { TConvertBody, TConvertData } from '@stratum/core/contract/converter/convert';
import { convertFiles } from '@stratum/core/convert/convert';
import { ConvertError, type TConvertOutput } from '@stratum/core/convert/types';
import { validateFiles } from '@stratum/cli/checks/validate-files';
import { AppError } from '../../lib/errors';
import { unpackUpload } from './unpack';

/**
 * One conversion: unpack the upload, run core's converter, check every output file with the
 * project's validators (the CLI's checks), answer the lot. Any input answers 400 at worst: a
 * ConvertError with its message, and a crash of a parser on odd input with what it said.
 */
export async function convertUpload(
  body: TConvertBody,
  log: FastifyBaseLogger,
): Promise<TConvertData> {
  const upload = unpackUpload(body.files);
  let output: TConvertOutput;
  try {
    output = convertFiles({
      from: body.from,
      to: body.to,
      ...(body.provider && { provider: body.provider }),
      files: upload.files,
    });
  } catch (e) {
    if (e instanceof ConvertError) {
      const where = e.file ? `${e.file}${e.line ? `:${e.line}` : ''}: ` : '';
      throw new AppError('request/invalid', `${where}${e.message}`);
    }
    log.error({ err: e, from: body.from, to: body.to }, 'converter failed on an input');
    throw new AppError(
      'request/invalid',
      `The converter could not read this input (${e instanceof Error ? e.message : String(e)}).`,
    );
  }
  const validation = await validate(output.files, log);
  return {
    files: [...output.files],
    ...(output.design && { design: output.design as unknown as Record<string, unknown> }),
    warnings: [...upload.skipped, ...output.warnings],
    unconverted: [...output.unconverted],
    ...(output.retarget && {
      retarget: { ...output.retarget, rows: [...output.retarget.rows] },
    }),
    validation,
  };
}

/** The validators' findings; if they cannot run at all, that is said as a finding, not a 500. */
async function validate(
  files: TConvertOutput['files'],
  log: FastifyBaseLogger,
): Promise<TConvertData['validation']> {
  try {
    return await validateFiles(files);
  } catch (e) {
    log.error({ err: e }, 'converter validators failed');
    return [{ file: '', line: 0, message: 'The validators could not run on this output.' }];
  }
}
