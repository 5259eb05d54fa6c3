import type { FastifyBaseLogger } from 'fastify';
import type { TConvertBody, TConvertData } from '@stratum/core/contract/converter/convert';
import { AppError } from '../../lib/errors';
import { JobCrash, type JobRunner } from '../../lib/jobs/pool';
import type { TConverterJobs } from './job';

/**
 * One conversion, run by a worker thread so a 5 MB upload never holds the event loop (decision
 * 0032). Any input answers 400 at worst: a ConvertError with its message, and a crash of a
 * parser on odd input with what it said; a job past its deadline answers 400 too, "busy" 503.
 */
export async function convertUpload(
  jobs: JobRunner<TConverterJobs>,
  body: TConvertBody,
  log: FastifyBaseLogger,
): Promise<TConvertData> {
  try {
    const { data, validatorCrash } = await jobs.run('convert', body, 'This conversion');
    if (validatorCrash) log.error({ stack: validatorCrash }, 'converter validators failed');
    return data;
  } catch (e) {
    if (!(e instanceof JobCrash)) throw e;
    log.error(
      { err: { message: e.message, stack: e.workerStack }, from: body.from, to: body.to },
      'converter failed on an input',
    );
    throw new AppError(
      'request/invalid',
      `The converter could not read this input (${e.message}).`,
    );
  }
}
