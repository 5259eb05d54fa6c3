import { JobPool, type TJobPoolOptions } from './lib/jobs/pool';
import type { JOB_HANDLERS } from './jobs-worker';

export type AppJobs = JobPool<typeof JOB_HANDLERS>;

/**
 * The worker entry beside this module: `jobs-worker.js` in the bundle (server/build.mjs builds it
 * as a second entry point), `jobs-worker.ts` when running from source (tsx in dev, Vitest), which
 * the thread loads through tsx with the workspace's `source` condition.
 */
export function workerEntry(): { url: URL; execArgv?: string[] } {
  const isSource = import.meta.url.endsWith('.ts');
  const url = new URL(`./jobs-worker.${isSource ? 'ts' : 'js'}`, import.meta.url);
  return isSource ? { url, execArgv: ['--import', 'tsx', '--conditions=source'] } : { url };
}

export function createJobPool(
  options: TJobPoolOptions,
  log: ConstructorParameters<typeof JobPool>[2],
): AppJobs {
  return new JobPool(workerEntry(), options, log);
}
